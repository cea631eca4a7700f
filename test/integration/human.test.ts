import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import { EDA_PROMPTS } from '../../shared/games/eda';
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
    const game = await call('human.start', { handle: 'ada', dataset: 'things', split: 'test', judgeModelId: judge });
    expect(game).toMatchObject({ status: 'playing', waiting: true, turns: [], entity: null, maxTurns: 20, hinted: false });
    expect(game.instructions).toBe(EDA_PROMPTS.things.guesser);
    const entity = store.getEpisode(game.episodeId).entity;

    const first = await call('human.ask', { episodeId: game.episodeId, question: 'Is it alive?' });
    expect(first.turns).toHaveLength(1);
    expect(first.turns[0]!.answer).toMatch(/^(Yes|No|Maybe)\./);
    const won = await call('human.ask', { episodeId: game.episodeId, question: `Is it a ${entity.toLowerCase()}?` });
    expect(won).toMatchObject({ status: 'done', outcome: 'win', entity, waiting: false });
    expect(won.turns.at(-1)).toMatchObject({ idx: 2, label: 'bingo', answer: 'Bingo!' });
    expect(store.getEpisode(game.episodeId).metrics).toEqual({ turns: 2, success: 1, yes: first.turns[0]!.label === 'yes' ? 1 : 0, score: 1 });

    const second = await call('human.start', { handle: 'ada', dataset: 'things', split: 'test', judgeModelId: judge });
    expect(second.episodeId).not.toBe(game.episodeId);
    expect(store.getEpisode(second.episodeId).entity).not.toBe(entity);
    let state = second;
    for (let i = 1; i <= 20; i++) state = await call('human.ask', { episodeId: second.episodeId, question: `Is it thing number ${i}?` });
    expect(state).toMatchObject({ status: 'done', outcome: 'loss' });
    expect(state.turns).toHaveLength(20);
    expect(state.turns.filter((t) => t.mustGuess).map((t) => t.idx)).toEqual([19]);
    await expect(call('human.ask', { episodeId: second.episodeId, question: 'One more?' })).rejects.toThrow(/over/);

    // A person's run is never resumed or retried as a batch (it would revive given-up games).
    await expect(call('runs.retryErrors', { runId: state.runId })).rejects.toThrow(/bad_request: .*Play page/);
    await expect(call('runs.resume', { runId: state.runId })).rejects.toThrow(/bad_request: .*Play page/);

    // Both games are episodes of one human run, reported like any other.
    const report = runReport(store, state.runId);
    expect(report.guesser).toBe('human:ada');
    expect(report.report.done).toBe(2);
    const board = await call('explore.leaderboard', { filters: { dataset: 'things' } });
    expect(board.rows).toEqual([expect.objectContaining({ player: 'human:ada', kind: 'human', episodes: 2 })]);
  });

  it('assigns entities with the fewest human games first, never one a person has played', async () => {
    const { judge } = await models();
    const ada = await call('human.start', { handle: 'ada', dataset: 'celebrities', split: 'dev', judgeModelId: judge });
    await call('human.abandon', { episodeId: ada.episodeId });
    const taken = store.getEpisode(ada.episodeId).entityId;
    for (const handle of ['bob', 'cy', 'di']) {
      const g = await call('human.start', { handle, dataset: 'celebrities', split: 'dev', judgeModelId: judge });
      expect(store.getEpisode(g.episodeId).entityId).not.toBe(taken);
      await call('human.abandon', { episodeId: g.episodeId });
    }
    const again = await call('human.start', { handle: 'ada', dataset: 'celebrities', split: 'dev', judgeModelId: judge });
    expect(store.getEpisode(again.episodeId).entityId).not.toBe(taken);
    const abandoned = store.getEpisode(ada.episodeId);
    expect([abandoned.status, abandoned.errorKind, abandoned.error]).toEqual(['error', 'aborted', 'abandoned by the player']);
  });

  it('a hint is what the model would ask now; the game is marked hinted and the hint recorded', async () => {
    const { judge, hint } = await models();
    const game = await call('human.start', { handle: 'ada', dataset: 'things', split: 'test', judgeModelId: judge, hintModelId: hint });
    await call('human.ask', { episodeId: game.episodeId, question: 'Is it alive?' });
    const hinted = await call('human.hint', { episodeId: game.episodeId });
    expect(hinted.hinted).toBe(true);
    expect(hinted.hints).toEqual([{ turn: 2, model: 'openai:mock-guesser', text: expect.stringMatching(/\?$/) }]);
    const calls = store.getCalls(game.episodeId).filter((c) => c.role === 'hint');
    expect(calls).toHaveLength(1);
    expect(JSON.stringify(calls[0]!.request)).toContain('Is it alive?');
  });

  it('a paused game continues after a restart with its turns; a reviewer can exclude a session', async () => {
    const { judge } = await models();
    const game = await call('human.start', { handle: 'ada', dataset: 'things', split: 'test', judgeModelId: judge });
    await call('human.ask', { episodeId: game.episodeId, question: 'Is it alive?' });
    await service.close();
    service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    const again = await call('human.start', { handle: 'ada', dataset: 'things', split: 'test', judgeModelId: judge });
    expect(again.episodeId).toBe(game.episodeId);
    expect(again.turns).toHaveLength(1);
    const entity = store.getEpisode(game.episodeId).entity;
    await call('human.ask', { episodeId: game.episodeId, question: `Is it ${entity}?` });

    const sessions = await call('human.sessions', {});
    expect(sessions).toEqual([expect.objectContaining({ episodeId: game.episodeId, player: 'human:ada', status: 'done', outcome: 'win', invalid: null })]);
    await call('human.review', { episodeId: game.episodeId, invalid: 'chit-chat' });
    const board = await call('explore.leaderboard', { filters: { dataset: 'things' } });
    expect(board.rows).toEqual([]);
    const { report } = runReport(store, game.runId);
    expect([report.done, report.invalid]).toEqual([0, 1]);
    await call('human.review', { episodeId: game.episodeId, invalid: null });
    expect((await call('explore.leaderboard', { filters: { dataset: 'things' } })).rows).toHaveLength(1);
  });

  it('refuses a bad handle and a judge that is not a model', async () => {
    const { judge } = await models();
    await expect(call('human.start', { handle: '<script>', dataset: 'things', split: 'test', judgeModelId: judge })).rejects.toThrow(/bad_request: Choose a name/);
    await expect(call('human.ask', { episodeId: 999, question: 'x' })).rejects.toThrow(/not open here/);
  });
});
