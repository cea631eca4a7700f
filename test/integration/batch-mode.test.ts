/**
 * Batch mode end to end through the real SDKs against the loopback mock's batch services: every game
 * completes with its calls answered by batches (one step of all episodes per batch), at the batch price,
 * and gives the same games and metrics as the same run played live from the response cache; a run
 * closed while its batches are out collects them when it resumes, in a new process's store; expired and
 * partly failed batches are sent again for the requests they did not answer.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGames, gameById } from '../../electron/engine/games/registry';
import { MissingImagesError } from '../../electron/engine/capabilities/images/check';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempDir, tempStore } from '../support/tmp';
import { capabilityOf } from '../../electron/engine/core/capability';

const IMAGE_FOLDERS = [join(import.meta.dirname, '../fixtures/user-images')];
const PHOTO = join(import.meta.dirname, '../fixtures/user-images/VG_100K/2353739.jpg');

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ batches: { completeAfterMs: 5 } });
});
afterAll(() => mock.close());

type Wire = 'openai' | 'anthropic';
const model = (wire: Wire, id: string, server = mock) => ({ provider: wire, model: id, baseUrl: wire === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl });

/** Players for a game: its built-in policies over the wire (EDA: the mock's scripted players). */
function playersFor(game: string, wire: Wire, server = mock): Record<string, unknown> {
  if (game === 'eda') return { guesser: model(wire, 'mock-guesser', server), judge: model(wire, 'mock-judge', server) };
  if (game === 'age') return { player: ['a', 'b', 'c', 'd'].map((v) => model(wire, `mock-play:age:player:${v}`, server)) };
  if (game === 'simulbench') return { simulator: model(wire, 'mock-play:simulbench:simulator:x', server), judge: model(wire, 'mock-play:simulbench:judge', server) };
  if (game === 'simulbench_pairwise') {
    return { model_a: model(wire, 'mock-play:simulbench:simulator:x', server), model_b: model(wire, 'mock-play:simulbench:simulator:y', server), judge: model(wire, 'mock-play:simulbench:judge', server) };
  }
  return Object.fromEntries(gameById(game).roles.map((r) => [r.id, model(wire, `mock-play:${game}:${r.id}`, server)]));
}

function configFor(game: string, wire: Wire, extra: Record<string, unknown> = {}, server = mock) {
  const g = gameById(game);
  const dataset = g.datasets.bundled()[0]!.name;
  // Instances whose photos are not among the fixtures are skipped; Parlor draws the grid images itself.
  const images = capabilityOf(g, 'images') ? { images: { folders: [...IMAGE_FOLDERS], missing: 'skip' } } : {};
  // MapWorld's fixtures hold the rooms of its small maps.
  const experiments = game === 'mm_mapworld' ? { experiments: ['small'] } : {};
  return { game, dataset: { name: dataset, ...experiments }, limit: game.startsWith('mm_mapworld') ? 1 : 2, repetitions: 1, seed: 5, preflight: false, players: playersFor(game, wire, server), ...images, ...extra };
}

function metricsOf(store: Store, runId: number) {
  return store.episodes.list(runId).map((e) => ({ instance: e.instance.key, rep: e.repetition, status: e.status, outcome: e.outcome, scores: e.scores }));
}

/** Stand-in photos for a game whose photos are not among the fixtures, laid out as a clembench checkout. */
async function standInImages(game: string): Promise<string | null> {
  const refused = await prepareRun(tempStore(), configFor(game, 'openai')).then(() => null, (e: unknown) => e);
  if (!(refused instanceof MissingImagesError)) return null;
  const folder = tempDir();
  for (const { name } of refused.check.missing) {
    const path = join(folder, name.replace(/^(\.\.\/)+clembench\//, ''));
    mkdirSync(dirname(path), { recursive: true });
    copyFileSync(PHOTO, path);
  }
  return folder;
}

describe('batch mode, every game', () => {
  const games = allGames().map((g) => g.id);
  it.each(games)('%s: completes through batches and equals the live run replayed from the cache', async (game) => {
    const extra = await standInImages(game);
    if (extra) IMAGE_FOLDERS.push(extra);
    const store = tempStore();
    const wire: Wire = game.length % 2 ? 'openai' : 'anthropic'; // both providers' batch APIs, across the games
    const { runId } = await prepareRun(store, configFor(game, wire, { cache: 'use', batch: { pollMs: 10 } }));
    const batched = await executeRun(store, runId);
    expect(batched).toMatchObject({ status: 'done', errors: 0 });
    const batches = store.batches.list(runId);
    expect(batches.length).toBeGreaterThan(0);
    expect(batches.every((b) => b.state === 'ended' && b.failed === 0)).toBe(true);
    const calls = store.episodes.list(runId).flatMap((e) => store.models.calls(e.id));
    expect(calls.length).toBeGreaterThan(0);
    // Every call was answered by a batch, or by the response cache (an identical request earlier in the run).
    expect(calls.filter((c) => c.status !== 'ok' || (!c.batchId && !c.cached)).map((c) => [c.role, c.status, c.error])).toEqual([]);

    const { runId: liveId } = await prepareRun(store, configFor(game, wire, { cache: 'only' }));
    const live = await executeRun(store, liveId);
    expect(live).toMatchObject({ status: 'done', errors: 0 });
    expect(metricsOf(store, liveId)).toEqual(metricsOf(store, runId));
  });
});

describe('batch mode across a restart, and batches that do not answer everything', () => {
  it('a run closed while its batch is out collects it when it resumes in a new store, without sending it again', async () => {
    const timing = { completeAfterMs: 700 };
    const slow = await startMockProvider({ batches: timing });
    try {
      const path = join(tempDir(), 'p.db');
      let store = Store.open(path);
      const config = configFor('eda', 'openai', { cache: 'use', batch: { pollMs: 20 } }, slow);
      const { runId } = await prepareRun(store, config);
      const controller = new AbortController();
      const playing = executeRun(store, runId, { signal: controller.signal });
      while (!store.batches.list(runId).some((b) => b.state === 'in_progress')) await new Promise((r) => setTimeout(r, 10));
      controller.abort();
      expect(await playing).toMatchObject({ status: 'interrupted' });
      const out = store.batches.list(runId);
      expect(out.map((b) => b.state)).toEqual(['in_progress']);
      store.close();

      timing.completeAfterMs = 5; // later batches end quickly; the one out keeps its time
      store = Store.open(path); // another process, later
      const collected = await executeRun(store, runId);
      expect(collected).toMatchObject({ status: 'done', errors: 0 });
      const batches = store.batches.list(runId);
      // The first batch was collected, not sent again: every batch the mock saw is one of the run's.
      expect(batches[0]).toMatchObject({ id: out[0]!.id, state: 'ended', failed: 0 });
      expect(slow.batchStats().created).toBe(batches.length);
      const { runId: liveId } = await prepareRun(store, { ...config, batch: undefined, cache: 'only' });
      await executeRun(store, liveId);
      expect(metricsOf(store, liveId)).toEqual(metricsOf(store, runId));
      store.close();
    } finally {
      await slow.close();
    }
  });

  it.each(['openai', 'anthropic'] as const)('%s: requests of expired and partly failed batches go out again; the games are as live', async (wire) => {
    const flaky = await startMockProvider({ batches: { completeAfterMs: 5, expireAfterItems: 3, failEvery: 7 } });
    try {
      const store = tempStore();
      const config = configFor('eda', wire, { cache: 'use', limit: 5, batch: { pollMs: 10 } }, flaky);
      config.players = Object.fromEntries(Object.entries(config.players).map(([role, p]) => [role, { ...(p as object), maxAttempts: 20 }]));
      const { runId } = await prepareRun(store, config);
      expect(await executeRun(store, runId, { retry: { baseDelayMs: 1, maxDelayMs: 5 } })).toMatchObject({ status: 'done', errors: 0 });
      const batches = store.batches.list(runId);
      expect(batches.some((b) => b.state === 'expired')).toBe(true);
      expect(batches.some((b) => b.failed > 0)).toBe(true);
      const calls = store.episodes.list(runId).flatMap((e) => store.models.calls(e.id));
      expect(calls.filter((c) => c.status === 'error').map((c) => c.errorKind)).toEqual(expect.arrayContaining(['timeout', 'server']));
      const { runId: liveId } = await prepareRun(store, { ...config, batch: undefined, cache: 'only' });
      await executeRun(store, liveId);
      expect(metricsOf(store, liveId)).toEqual(metricsOf(store, runId));
    } finally {
      await flaky.close();
    }
  });

  it("batches only the named roles' calls: the judge's, while the other role plays live", async () => {
    const store = tempStore();
    const { runId } = await prepareRun(store, configFor('eda', 'anthropic', { limit: 2, batch: { roles: ['judge'], pollMs: 10 } }));
    expect(await executeRun(store, runId)).toMatchObject({ status: 'done', errors: 0 });
    const calls = store.episodes.list(runId).flatMap((e) => store.models.calls(e.id));
    const batched = (role: string) => calls.filter((c) => c.role === role).map((c) => c.batchId !== null);
    expect(new Set(batched('judge'))).toEqual(new Set([true]));
    expect(new Set(batched('guesser'))).toEqual(new Set([false]));
  });

  it('refuses a batch role the game does not have', async () => {
    const store = tempStore();
    await expect(prepareRun(store, configFor('eda', 'openai', { batch: { roles: ['referee'] } }))).rejects.toThrow(/batch\.roles: .* has no role "referee" \(its roles: guesser, judge\)/);
  });
});
