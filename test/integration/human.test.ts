import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput, HumanGameState } from '../../shared/api/contract';
import { EDA_PROMPTS } from '../../electron/engine/games/eda/settings';
import { edaTurns } from '../../electron/engine/games/eda/turns';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { runReport } from '../../electron/engine/analysis/run-report';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempStore } from '../support/tmp';

let mock: MockProvider;
let store: Store;
let service: ApiService;

async function call<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> {
  const reply = await service.registry.dispatch(method, input);
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.result as ApiOutput<M>;
}

async function models() {
  const config = (model: string) => ({ provider: 'openai' as const, model, baseUrl: mock.openaiBaseUrl });
  const judge = await call('models.save', { name: 'judge', config: config('mock-judge') });
  const hint = await call('models.save', { name: 'hinter', config: config('mock-guesser') });
  return { judge: judge.id, hint: hint.id };
}

/** A person in the guesser's seat of EDA against a judge model. */
const start = (handle: string, dataset: string, subset: string, judge: number, hintModelId?: number) =>
  call('human.start', { handle, dataset, subset, models: { judge }, ...(hintModelId ? { hintModelId } : {}) });
const ask = (episodeId: number, text: string) => call('human.say', { episodeId, text });
const turns = (state: HumanGameState) => edaTurns(state.transcript.events).turns;
const entityOf = (episodeId: number) => store.episodes.get(episodeId).instance.name;

beforeEach(async () => {
  mock = await startMockProvider();
  store = tempStore();
  service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
});
afterEach(async () => {
  await service.close();
  await mock.close();
});

describe('human players', () => {
  it('a win by naming the entity, then a loss at the turn limit, under the model games’ rules', async () => {
    const { judge } = await models();
    const game = await start('ada', 'things', 'test', judge);
    expect(game).toMatchObject({ game: 'eda', seat: 'guesser', status: 'playing', waiting: true, instance: null, hinted: false });
    expect(turns(game)).toEqual([]);
    expect(game.instructions).toBe(EDA_PROMPTS.things.guesser);
    // What the person is answering is the guesser's own prompt; the entity is nowhere in the state.
    expect(game.prompt).toEqual([{ role: 'user', text: EDA_PROMPTS.things.guesser, parts: null }]);
    const entity = entityOf(game.episodeId);
    expect(JSON.stringify(game)).not.toContain(entity);

    const first = await ask(game.episodeId, 'Is it alive?');
    expect(turns(first)).toHaveLength(1);
    expect(turns(first)[0]!.reply).toMatch(/^(Yes|No|Maybe)\./);
    // What the seat saw, as the turn kit recorded it: its prompt, its question, the answer, the next prompt.
    expect(first.transcript.events.map((e) => e.kind)).toEqual(['prompt', 'input', 'response', 'prompt']);
    expect(first.transcript.events.filter((e) => e.kind === 'prompt').every((e) => e.to === 'guesser')).toBe(true);
    expect(JSON.stringify(first)).not.toContain(entity);
    const won = await ask(game.episodeId, `Is it a ${entity.toLowerCase()}?`);
    expect(won).toMatchObject({ status: 'done', outcome: 'success', instance: entity, waiting: false });
    expect(turns(won).at(-1)).toMatchObject({ idx: 2, label: 'bingo', reply: 'Bingo!' });
    expect(store.episodes.get(game.episodeId).scores).toEqual({ turns: 2, success: 1, yes: turns(first)[0]!.label === 'yes' ? 1 : 0, score: 1 });

    const second = await start('ada', 'things', 'test', judge);
    expect(second.episodeId).not.toBe(game.episodeId);
    expect(entityOf(second.episodeId)).not.toBe(entity);
    let state = second;
    for (let i = 1; i <= 20; i++) state = await ask(second.episodeId, `Is it thing number ${i}?`);
    expect(state).toMatchObject({ status: 'done', outcome: 'failure' });
    expect(turns(state)).toHaveLength(20);
    expect(turns(state).filter((t) => t.reply.endsWith(" You must guess now, what's it?")).map((t) => t.idx)).toEqual([19]);
    await expect(ask(second.episodeId, 'One more?')).rejects.toThrow(/over/);

    // A person's run is never resumed or retried as a batch (it would revive given-up games).
    await expect(call('runs.retryErrors', { runId: state.runId })).rejects.toThrow(/bad_request: .*Play page/);
    await expect(call('runs.resume', { runId: state.runId })).rejects.toThrow(/bad_request: .*Play page/);

    // Both games are episodes of one human run, reported like any other.
    const report = runReport(store, state.runId);
    expect(report.run.seats.find((s) => s.seat === 'guesser')!.player).toBe('human:ada');
    expect(report.report.done).toBe(2);
    const board = await call('explore.leaderboard', { filters: { dataset: 'things' } });
    expect(board.rows).toEqual([expect.objectContaining({ player: 'human:ada', kind: 'human', episodes: 2 })]);
  });

  it('assigns entities with the fewest human games first, never one a person has played', async () => {
    const { judge } = await models();
    const ada = await start('ada', 'celebrities', 'dev', judge);
    await call('human.abandon', { episodeId: ada.episodeId });
    const taken = store.episodes.get(ada.episodeId).instance.id;
    for (const handle of ['bob', 'cy', 'di']) {
      const g = await start(handle, 'celebrities', 'dev', judge);
      expect(store.episodes.get(g.episodeId).instance.id).not.toBe(taken);
      await call('human.abandon', { episodeId: g.episodeId });
    }
    const again = await start('ada', 'celebrities', 'dev', judge);
    expect(store.episodes.get(again.episodeId).instance.id).not.toBe(taken);
    const abandoned = store.episodes.get(ada.episodeId);
    expect([abandoned.status, abandoned.errorKind, abandoned.error]).toEqual(['error', 'aborted', 'abandoned by the player']);
  });

  it('a hint is what the model would ask now; the game is marked hinted and the hint recorded', async () => {
    const { judge, hint } = await models();
    const game = await start('ada', 'things', 'test', judge, hint);
    await ask(game.episodeId, 'Is it alive?');
    const hinted = await call('human.hint', { episodeId: game.episodeId });
    expect(hinted.hinted).toBe(true);
    expect(hinted.hints).toEqual([{ round: 2, model: 'openai:mock-guesser', text: expect.stringMatching(/\?$/) }]);
    const calls = store.models.calls(game.episodeId).filter((c) => c.role === 'hint');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.round).toBe(2);
    expect(JSON.stringify(calls[0]!.request)).toContain('Is it alive?');
  });

  it('a paused game continues after a restart with its turns; a reviewer can exclude a session', async () => {
    const { judge } = await models();
    const game = await start('ada', 'things', 'test', judge);
    await ask(game.episodeId, 'Is it alive?');
    await service.close();
    service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    const again = await start('ada', 'things', 'test', judge);
    expect(again.episodeId).toBe(game.episodeId);
    expect(turns(again)).toHaveLength(1);
    await ask(game.episodeId, `Is it ${entityOf(game.episodeId)}?`);

    const sessions = await call('human.sessions', {});
    expect(sessions).toEqual([expect.objectContaining({ episodeId: game.episodeId, player: 'human:ada', seat: 'guesser', status: 'done', outcome: 'success', invalid: null })]);
    await call('human.review', { episodeId: game.episodeId, invalid: 'chit-chat' });
    const board = await call('explore.leaderboard', { filters: { dataset: 'things' } });
    expect(board.rows).toEqual([]);
    const { report } = runReport(store, game.runId);
    expect([report.done, report.invalid]).toEqual([0, 1]);
    await call('human.review', { episodeId: game.episodeId, invalid: null });
    expect((await call('explore.leaderboard', { filters: { dataset: 'things' } })).rows).toHaveLength(1);
  });

  it('a person can take the other seat too: the judge, answering a guesser model about an entity they are shown', async () => {
    const { hint } = await models();
    const game = await call('human.start', { handle: 'eve', dataset: 'things', subset: 'test', seat: 'judge', models: { guesser: hint } });
    expect(game).toMatchObject({ seat: 'judge', status: 'playing', waiting: true });
    const entity = entityOf(game.episodeId);
    // The judge's instructions and prompt name the entity: the judge must know it.
    expect(game.instructions).toContain(entity);
    expect(game.prompt![0]!.text).toContain(`knowledge about the entity: ${entity}`);
    const after = await call('human.say', { episodeId: game.episodeId, text: 'No.' });
    const [first] = edaTurns(after.transcript.events).turns;
    expect(first).toMatchObject({ idx: 1, label: 'no', reply: 'No.' });
    expect(after.transcript.events.map((e) => [e.from, e.kind])).toEqual([['guesser', 'response'], [null, 'prompt'], ['judge', 'input'], ['guesser', 'response'], [null, 'prompt']]);
    // The person in the judge's seat is shown only the judge's prompts, never the guesser's.
    expect(after.transcript.events.filter((e) => e.kind === 'prompt').map((e) => e.to)).toEqual(['judge', 'judge']);
    await call('human.abandon', { episodeId: game.episodeId });
    const [run] = store.runs.list(game.runId);
    expect(run!.seats.map((s) => [s.seat, s.player])).toEqual([['guesser', 'openai:mock-guesser'], ['judge', 'human:eve']]);
  });

  it('refuses a bad handle, a missing model, and a seat a game does not have', async () => {
    const { judge } = await models();
    await expect(start('<script>', 'things', 'test', judge)).rejects.toThrow(/bad_request: Choose a name/);
    await expect(call('human.start', { handle: 'ada', dataset: 'things', subset: 'test', models: {} })).rejects.toThrow(/Choose a model for the judge/);
    await expect(call('human.start', { handle: 'ada', dataset: 'things', subset: 'test', seat: 'referee', models: { judge } })).rejects.toThrow(/has no seat "referee"/);
    await expect(ask(999, 'x')).rejects.toThrow(/not open here/);
  });
});
