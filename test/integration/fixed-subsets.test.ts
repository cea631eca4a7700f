/**
 * Fixed subsets end to end: EDA's things-30 and a user's own, run by model players and by a person,
 * always on the same items; every mistake refused with the reason.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { estimateRun } from '../../electron/engine/runner/estimate';
import { prepareRun } from '../../electron/engine/runner/prepare';
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

const mockModel = (model: string) => ({ provider: 'openai' as const, model, baseUrl: mock.openaiBaseUrl });
const config = (dataset: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  dataset, repetitions: 1, preflight: false, seed: 3, players: { guesser: mockModel('mock-guesser'), judge: mockModel('mock-judge') }, ...extra,
});
const playedKeys = (runId: number) => store.episodes.list(runId).map((e) => e.instance.key);

beforeEach(async () => {
  mock = await startMockProvider();
  store = tempStore();
  service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
});
afterEach(async () => {
  await service.close();
  await mock.close();
});

describe('fixed subsets', () => {
  it("EDA's things-30 and celebrities-30 are 30 test items each, the same on every call", async () => {
    const list = await call('subsets.list', { game: 'eda' });
    expect(list.map((f) => [f.name, f.dataset, f.subset, f.instances.length, f.origin])).toEqual([
      ['things-30', 'things', 'test', 30, 'game'],
      ['celebrities-30', 'celebrities', 'test', 30, 'game'],
    ]);
    expect((await call('subsets.list', { game: 'eda' }))[0]!.instances).toEqual(list[0]!.instances);
  });

  it('a run on things-30 plays exactly its 30 items (a limit keeps the first of them), and the estimate counts them', async () => {
    const [things30] = await call('subsets.list', { game: 'eda' });
    const keys = things30!.instances.map((i) => i.key);
    const { runId, config: stored } = await prepareRun(store, config({ name: 'things', fixed: 'things-30' }));
    expect(playedKeys(runId)).toEqual(keys);
    expect(stored.dataset).toMatchObject({ name: 'things', subset: 'test', fixed: 'things-30' });
    expect(estimateRun(store, config({ name: 'things', fixed: 'things-30' })).episodes).toBe(30);
    const limited = await prepareRun(store, config({ name: 'things', fixed: 'things-30' }, { limit: 5 }));
    expect(playedKeys(limited.runId)).toEqual(keys.slice(0, 5));
  });

  it("a user's subset is drawn once, stored, listed after the game's own, played, and removed", async () => {
    const made = await call('subsets.create', { game: 'eda', name: 'celebs-dev-12', dataset: 'celebrities', subset: 'dev', size: 12, seed: 99, note: 'pilot' });
    expect(made).toMatchObject({ origin: 'user', size: 12, subset: 'dev', note: 'pilot' });
    expect((await call('subsets.list', { game: 'eda' })).map((f) => f.name)).toEqual(['things-30', 'celebrities-30', 'celebs-dev-12']);
    const { runId } = await prepareRun(store, config({ name: 'celebrities', fixed: 'celebs-dev-12' }));
    expect(playedKeys(runId)).toEqual(made.instances.map((i) => i.key));
    await call('subsets.remove', { name: 'celebs-dev-12' });
    expect((await call('subsets.list', { game: 'eda' })).map((f) => f.name)).toEqual(['things-30', 'celebrities-30']);
    expect(store.episodes.list(runId)).toHaveLength(12); // the run keeps what it played
  });

  it('refuses an unknown name, the wrong dataset or split, a taken or malformed name, an oversized draw', async () => {
    await expect(prepareRun(store, config({ name: 'things', fixed: 'nope' }))).rejects.toThrow(/EDA has no fixed subset nope; it has things-30, celebrities-30/);
    await expect(prepareRun(store, config({ name: 'celebrities', fixed: 'things-30' }))).rejects.toThrow(/samples things\/test, not celebrities: choose dataset things/);
    await expect(prepareRun(store, config({ name: 'things', subset: 'dev', fixed: 'things-30' }))).rejects.toThrow(/samples the test split, not dev/);
    await expect(call('subsets.create', { game: 'eda', name: 'things-30', dataset: 'things', subset: 'test', size: 5, seed: 1 })).rejects.toThrow(/one of EDA's own fixed subsets/);
    await expect(call('subsets.create', { game: 'eda', name: 'Big Set', dataset: 'things', subset: 'test', size: 5, seed: 1 })).rejects.toThrow(/cannot name a fixed subset/);
    await expect(call('subsets.create', { game: 'eda', name: 'huge', dataset: 'things', subset: 'test', size: 100_000, seed: 1 })).rejects.toThrow(/subset of 100000 cannot be drawn from a split of \d+ instances/);
    await call('subsets.create', { game: 'eda', name: 'mine', dataset: 'things', subset: 'test', size: 5, seed: 1 });
    await expect(call('subsets.create', { game: 'eda', name: 'mine', dataset: 'things', subset: 'test', size: 6, seed: 2 })).rejects.toThrow(/conflict: A fixed subset named mine exists already/);
    await expect(call('subsets.remove', { name: 'nope' })).rejects.toThrow(/not_found/);
  });

  it('a person on things-30 is given only its items, game after game', async () => {
    const judge = await call('models.save', { name: 'judge', config: { provider: 'openai', model: 'mock-judge', baseUrl: mock.openaiBaseUrl } });
    const made = await call('subsets.create', { game: 'eda', name: 'three', dataset: 'things', subset: 'test', size: 3, seed: 5 });
    const names = new Set(made.instances.map((i) => i.name));
    for (let game = 0; game < 3; game++) {
      const state = await call('human.start', { game: 'eda', handle: 'ada', dataset: 'things', subset: 'test', models: { judge: judge.id }, fixed: 'three' });
      expect(names.has(store.episodes.get(state.episodeId).instance.name)).toBe(true);
      await call('human.abandon', { episodeId: state.episodeId });
    }
    await expect(call('human.start', { game: 'eda', handle: 'ada', dataset: 'things', subset: 'test', models: { judge: judge.id }, fixed: 'three' })).rejects.toThrow(/played every instance/);
  });
});
