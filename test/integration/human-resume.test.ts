import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import { edaTurns } from '../../electron/engine/games/eda/turns';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempStore } from '../support/tmp';

let mock: MockProvider;
let store: Store;
let service: ApiService;

async function reply<M extends ApiMethod>(method: M, input: ApiInput<M>) {
  return service.registry.dispatch(method, input);
}
async function call<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> {
  const answer = await reply(method, input);
  if (!answer.ok) throw new Error(`${answer.error.code}: ${answer.error.message}`);
  return answer.result as ApiOutput<M>;
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

describe('human.resume', () => {
  it('continues a paused game from its id alone, with its players and turns, after a restart', async () => {
    const judge = await call('models.save', { name: 'judge', config: { provider: 'openai', model: 'mock-judge', baseUrl: mock.openaiBaseUrl } });
    const game = await call('human.start', { handle: 'ada', dataset: 'things', subset: 'test', models: { judge: judge.id } });
    await call('human.say', { episodeId: game.episodeId, text: 'Is it alive?' });
    await service.close(); // pauses the open game
    service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
    expect((await call('human.sessions', {})).map((s) => [s.episodeId, s.status])).toEqual([[game.episodeId, 'pending']]);

    const { episodeId } = await call('human.resume', { episodeId: game.episodeId });
    expect(episodeId).toBe(game.episodeId);
    const state = await call('human.state', { episodeId });
    expect(state).toMatchObject({ status: 'playing', waiting: true, handle: 'ada', seat: 'guesser' });
    expect(edaTurns(state.transcript.events).turns).toHaveLength(1);
    // Resuming an open game again is harmless: the same game.
    expect((await call('human.resume', { episodeId })).episodeId).toBe(episodeId);
  });

  it('refuses finished games and games without a person, in words', async () => {
    const judge = await call('models.save', { name: 'judge', config: { provider: 'openai', model: 'mock-judge', baseUrl: mock.openaiBaseUrl } });
    const game = await call('human.start', { handle: 'bob', dataset: 'things', subset: 'test', models: { judge: judge.id } });
    await call('human.abandon', { episodeId: game.episodeId });
    const over = await reply('human.resume', { episodeId: game.episodeId });
    expect(over).toMatchObject({ ok: false, error: { message: expect.stringMatching(/is over/) } });
    const missing = await reply('human.resume', { episodeId: 9999 });
    expect(missing.ok).toBe(false);
  });
});
