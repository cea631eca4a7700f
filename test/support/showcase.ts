/**
 * A rich database for the wording crawl and the README screenshots: EDA runs over the loopback mock
 * provider, one with failing episodes, a person's hinted game, AGE, SimulBench and a clembench
 * reference game (text and images) with built-in players, an annotation set two annotators disagree on, a saved model
 * and a price. Every page of the app has something to say about it.
 */
import type { ModelConfig } from '../../shared/contract/models';
import { textOf } from '../../shared/contract/content';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { edaGame } from '../../electron/engine/games/eda/game';
import { ProviderError } from '../../electron/engine/players/errors';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { mockJudge } from '../mock-provider/behaviours';
import { startMockProvider } from '../mock-provider/server';
import { apiCaller } from './api';

export interface Showcase {
  /** Every run, by what it shows. */
  runs: { eda: number[]; failing: number; age: number; simulbench: number; reference: number; images: number };
  /** A person's game with a hint, paused. */
  hinted: number;
  /** An episode that ended in an error. */
  errored: number;
  annotationSet: number;
  /** A word said in the EDA transcripts, for the search page. */
  query: string;
}

const builtin = (model = 'reference') => ({ provider: 'builtin', model });

export async function seedShowcase(store: Store): Promise<Showcase> {
  const mock = await startMockProvider();
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
  const call = apiCaller(service);
  try {
    const mockModel = (model: string) => ({ provider: 'openai' as const, model, baseUrl: mock.openaiBaseUrl });
    const eda: number[] = [];
    for (const seed of [3, 4]) {
      const { runId } = await prepareRun(store, { game: 'eda', dataset: { name: 'things', subset: 'test' }, repetitions: 1, limit: 8, seed, players: { guesser: mockModel('mock-guesser'), judge: mockModel('mock-judge') } });
      await executeRun(store, runId);
      eda.push(runId);
    }

    // A guesser that names the list's entities in order and fails (HTTP 500) after four questions: quick games are won, the rest end in an error.
    const things = edaGame.datasets.load({ name: 'things', subset: 'test' }).instances.map((i) => i.name);
    const factory = (c: ModelConfig) =>
      c.model === 'judge'
        ? new ScriptedModel('judge', (r) => mockJudge(textOf(r.messages[0]!.content)))
        : new ScriptedModel('flaky', (r) => (r.messages.length > 8 ? new ProviderError('server', 'HTTP 500') : `Is it a ${things[(r.messages.length - 1) / 2]!.toLowerCase()}?`));
    const { runId: failing } = await prepareRun(
      store,
      { game: 'eda', dataset: { name: 'things', subset: 'test' }, repetitions: 1, limit: 8, seed: 5, preflight: false, players: { guesser: { provider: 'scripted', model: 'flaky' }, judge: { provider: 'scripted', model: 'judge' } } },
      { createModel: factory },
    );
    await executeRun(store, failing, { createModel: factory });
    const errored = store.episodes.list(failing).find((e) => e.status === 'error')?.id;
    if (errored === undefined) throw new Error('the failing run has no errored episode');

    const age = (await prepareRun(store, { game: 'age', dataset: { name: 'age', subset: 'business' }, settings: { groups: [1, 1] }, repetitions: 2, limit: 2, seed: 5, players: { player: [builtin('reference-x'), builtin('reference-base')] } })).runId;
    await executeRun(store, age);
    const simulbench = (await prepareRun(store, { game: 'simulbench', dataset: { name: 'simulbench', subset: 'all' }, limit: 6, seed: 3, players: { simulator: builtin(), judge: builtin() } })).runId;
    await executeRun(store, simulbench);
    const reference = (await prepareRun(store, { game: 'referencegame', dataset: { name: 'v1.6' }, repetitions: 1, limit: 3, seed: 1, players: { describer: builtin(), follower: builtin() } })).runId;
    await executeRun(store, reference);
    // The image version of the reference game: a transcript of pictures, which must fit the window.
    const images = (await prepareRun(store, { game: 'multimodal_referencegame', dataset: { name: 'v1.6', experiments: ['line_grids_rows'] }, repetitions: 1, limit: 1, seed: 1, players: { describer: builtin(), follower: builtin() } })).runId;
    await executeRun(store, images);

    // A saved model with a price, and a person's game with a hint asked in round 2 (then paused).
    const judge = await call('models.save', { name: 'mock-judge', config: mockModel('mock-judge') });
    const hint = await call('models.save', { name: 'mock-guesser', config: mockModel('mock-guesser') });
    await call('prices.set', { provider: 'openai', model: 'mock-guesser', inputPerMTok: 2.5, outputPerMTok: 10 });
    const hinted = (await call('human.start', { handle: 'ada', dataset: 'things', subset: 'test', models: { judge: judge.id }, hintModelId: hint.id })).episodeId;
    await call('human.say', { episodeId: hinted, text: 'Does it fly?' });
    await call('human.hint', { episodeId: hinted });
    await call('human.say', { episodeId: hinted, text: 'Can you eat it?' });
    // …and bo's game, won at the second question, so people have a row on the Play page's board (one game: too few for a mean).
    const won = (await call('human.start', { handle: 'bo', dataset: 'things', subset: 'test', models: { judge: judge.id } })).episodeId;
    await call('human.say', { episodeId: won, text: 'Is it alive?' });
    await call('human.say', { episodeId: won, text: `Is it a ${store.episodes.get(won).instance.name.toLowerCase()}?` });

    // Annotators over the first EDA run: ada accepts every answer, bob calls every other one wrong.
    const set = await call('annotations.create', { name: 'judge check', spec: { runs: [eda[0]!], method: 'random', size: 8, seed: 4, overlap: 8 } });
    const { items } = await call('annotations.queue', { setId: set.id, annotator: 'ada', limit: 50 });
    for (const it of items.slice(0, 6)) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'correct' });
    for (const [i, it] of items.slice(0, 5).entries()) {
      if (i % 2) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'bob', verdict: 'correct' });
      else await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'bob', verdict: 'wrong', answer: it.label === 'yes' ? 'no' : 'yes' });
    }
    // cy sides with bob on two items, so a majority overturns the judge there and the corrected scores change.
    for (const it of [items[0]!, items[2]!]) await call('annotations.label', { setId: set.id, itemId: it.itemId, annotator: 'cy', verdict: 'wrong', answer: it.label === 'yes' ? 'no' : 'yes' });
    return { runs: { eda, failing, age, simulbench, reference, images }, hinted, errored, annotationSet: set.id, query: 'is it' };
  } finally {
    await service.close();
    await mock.close();
  }
}
