/**
 * Runs for the static HTML report's tests: every kind of game (EDA, AGE, SimulBench, the clembench
 * reference game as text and as images), a person's game beside two models' on the same two things,
 * and a guesser whose questions are hostile to HTML: markup, quotes, `&`, a CR LF, terminal and bidi
 * controls, NUL, and a very long reply.
 */
import { textOf } from '../../shared/contract/content';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { mockJudge } from '../mock-provider/behaviours';
import { startMockProvider } from '../mock-provider/server';
import { apiCaller } from './api';

/** A question that is markup, entities, a line break as CR LF, terminal and bidi controls and a NUL. */
export const HOSTILE_QUESTION = `<script>document.title = "owned"</script></pre><img src="https://evil.example/x.png" onerror="alert(1)"> & &amp; "double" 'single'\r\nsecond line \u001b[31mred\u001b[0m \u0007 \u009b1m \u202eevil\u202c \u0000 end?`;
/** What an HTML page can hold of it: everything but NUL, which no HTML document holds (U+FFFD stands in). */
export const HOSTILE_AS_SHOWN = HOSTILE_QUESTION.replace(/\0/g, '\uFFFD');
/** A reply far longer than a page is wide or tall, shown whole. */
export const HUGE_QUESTION = `Is it ${'very '.repeat(40_000)}large?`;
/** A player name and a run name holding markup. */
export const HOSTILE_MODEL = '<b>evil</b> "guesser" & co';
export const HOSTILE_RUN_NAME = 'run <i>one</i> & "two"';

export interface ReportRuns {
  /** The hostile guesser's EDA run, a mock model's EDA run and a person's game, all on the same two things. */
  hostile: number;
  mock: number;
  human: number;
  age: number;
  simulbench: number;
  reference: number;
  /** The reference game with images. */
  images: number;
  /** The runs of the report, and another run of the mock model the report leaves out. */
  all: number[];
  outside: number;
}

const builtin = (model = 'reference') => ({ provider: 'builtin', model });

export async function seedReportRuns(store: Store): Promise<ReportRuns> {
  const mock = await startMockProvider();
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
  const call = apiCaller(service);
  try {
    const mockModel = (model: string) => ({ provider: 'openai' as const, model, baseUrl: mock.openaiBaseUrl });
    await call('subsets.create', { game: 'eda', name: 'pair', dataset: 'things', subset: 'test', size: 2, seed: 1 });
    const dataset = { name: 'things', subset: 'test', fixed: 'pair' };

    const questions = [HOSTILE_QUESTION, HUGE_QUESTION, 'Is it a <b>thing</b>?'];
    const factory = (c: { model: string }) =>
      c.model === HOSTILE_MODEL
        ? new ScriptedModel('hostile', (r) => questions[r.messages.filter((m) => m.role === 'assistant').length % questions.length]!)
        : new ScriptedModel('judge', (r) => mockJudge(textOf(r.messages[0]!.content)));
    const hostile = (
      await prepareRun(
        store,
        { name: HOSTILE_RUN_NAME, game: 'eda', dataset, repetitions: 2, seed: 7, preflight: false, settings: { maxTurns: 4 }, players: { guesser: { provider: 'scripted', model: HOSTILE_MODEL }, judge: { provider: 'scripted', model: 'judge' } } },
        { createModel: factory },
      )
    ).runId;
    await executeRun(store, hostile, { createModel: factory });

    const mockRun = (await prepareRun(store, { game: 'eda', dataset, repetitions: 2, seed: 3, players: { guesser: mockModel('mock-guesser'), judge: mockModel('mock-judge') } })).runId;
    await executeRun(store, mockRun);
    const outside = (await prepareRun(store, { game: 'eda', dataset, repetitions: 1, seed: 11, players: { guesser: mockModel('mock-guesser'), judge: mockModel('mock-judge') } })).runId;
    await executeRun(store, outside);

    // A person on the same pair of things: wins at the second question.
    const judge = await call('models.save', { name: 'judge for people', config: mockModel('mock-judge') });
    const episodeId = (await call('human.start', { handle: 'ada', dataset: 'things', subset: 'test', models: { judge: judge.id }, fixed: 'pair' })).episodeId;
    await call('human.say', { episodeId, text: 'Is it alive?' });
    await call('human.say', { episodeId, text: `Is it a ${store.episodes.get(episodeId).instance.name.toLowerCase()}?` });
    const human = store.episodes.get(episodeId).runId;

    const age = (await prepareRun(store, { game: 'age', dataset: { name: 'age', subset: 'business' }, settings: { groups: [1, 1] }, repetitions: 2, limit: 2, seed: 5, players: { player: [builtin('reference-x'), builtin('reference-base')] } })).runId;
    await executeRun(store, age);
    const simulbench = (await prepareRun(store, { game: 'simulbench', dataset: { name: 'simulbench', subset: 'all' }, limit: 3, seed: 3, players: { simulator: builtin(), judge: builtin() } })).runId;
    await executeRun(store, simulbench);
    const reference = (await prepareRun(store, { game: 'referencegame', dataset: { name: 'v1.6' }, repetitions: 1, limit: 2, seed: 1, players: { describer: builtin(), follower: builtin() } })).runId;
    await executeRun(store, reference);
    const images = (await prepareRun(store, { game: 'multimodal_referencegame', dataset: { name: 'v1.6', experiments: ['line_grids_rows'] }, repetitions: 1, limit: 1, seed: 1, players: { describer: builtin(), follower: builtin() } })).runId;
    await executeRun(store, images);
    return { outside, hostile, mock: mockRun, human, age, simulbench, reference, images, all: [hostile, mockRun, human, age, simulbench, reference, images] };
  } finally {
    await service.close();
    await mock.close();
  }
}
