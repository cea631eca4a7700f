import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput, UiEvent } from '../../shared/api/contract';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault, profileKeyName } from '../../electron/engine/api/vault';
import { runReport } from '../../electron/engine/analysis/run-report';
import { edaTurns } from '../../electron/engine/games/eda/turns';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempStore } from '../support/tmp';

const SECRET = 'sk-parlor-test-0123456789abcdef';

let mock: MockProvider;
let store: Store;
let vault: MemoryVault;
let service: ApiService;
let events: UiEvent[];

async function call<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> {
  const reply = await service.registry.dispatch(method, input);
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
  return reply.result as ApiOutput<M>;
}

async function until(predicate: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeEach(async () => {
  mock = await startMockProvider({ apiKey: SECRET });
  store = tempStore();
  vault = new MemoryVault();
  // No key in the environment: the key typed into the UI is the only way in.
  service = createApiService({ store, vault, mode: 'browser', env: {} });
  events = [];
  service.hub.subscribe((e) => events.push(e));
});
afterEach(async () => {
  await service.close();
  await mock.close();
});

async function addModels() {
  const config = (model: string) => ({ provider: 'openai' as const, model, baseUrl: mock.openaiBaseUrl, apiKeyEnv: 'MOCK_KEY' });
  const guesser = await call('models.save', { name: 'Mock guesser', config: config('mock-guesser'), apiKey: SECRET });
  const judge = await call('models.save', { name: 'Mock judge', config: config('mock-judge'), apiKey: SECRET });
  return { guesser, judge };
}

describe('API service over the real SDK and the mock provider', () => {
  it('keeps a typed key in the vault only: profiles say "stored", SQLite never holds it', async () => {
    const { guesser, judge } = await addModels();
    expect(guesser.keyStatus).toBe('stored');
    expect(judge.keyStatus).toBe('stored'); // each profile holds its own key
    expect(vault.get(profileKeyName(guesser.id))).toBe(SECRET);
    expect(JSON.stringify(await call('models.list', {}))).not.toContain(SECRET);
    const test = await call('models.test', { id: guesser.id });
    expect(test).toMatchObject({ ok: true });
    store.close();
    for (const file of [store.path, `${store.path}-wal`]) {
      try {
        expect(readFileSync(file).includes(Buffer.from(SECRET))).toBe(false);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  });

  it('a connection test without a key says which variable to set', async () => {
    const saved = await call('models.save', { name: 'Keyless', config: { provider: 'openai', model: 'mock-guesser', baseUrl: mock.openaiBaseUrl, apiKeyEnv: 'NOT_SET_KEY' } });
    expect(saved.keyStatus).toBe('missing');
    const test = await call('models.test', { id: saved.id });
    expect(test.ok).toBe(false);
    expect(test.message).toContain('NOT_SET_KEY');
  });

  it('starts a run from a config, streams progress and reports the same numbers as the CLI report', async () => {
    const { guesser, judge } = await addModels();
    const config = { dataset: { name: 'things', split: 'test' }, limit: 4, repetitions: 2, concurrency: 4, seed: 7, players: { guesser: guesser.config, judge: judge.config } };
    const estimate = await call('runs.estimate', { config });
    expect(estimate.episodes).toBe(8);
    const { runId } = await call('runs.start', { config });
    await until(() => events.some((e) => e.type === 'run-finished' && e.runId === runId));
    expect(events.some((e) => e.type === 'episode-finished')).toBe(true);

    const detail = await call('runs.get', { runId });
    expect(detail.summary).toMatchObject({ status: 'done', done: 8, total: 8, errors: 0, active: false });
    const { report } = runReport(store, runId);
    for (const m of detail.metrics) expect(m.value).toEqual(report.metrics[m.key]);

    const episodes = await call('episodes.list', { runId });
    expect(episodes).toHaveLength(8);
    const transcript = await call('episodes.transcript', { episodeId: episodes[0]!.id });
    const turns = edaTurns(transcript.events).turns;
    expect(turns.length).toBe(episodes[0]!.scores!.turns);
    expect(transcript.episode.seats.map((s) => [s.seat, s.player])).toEqual([['guesser', 'openai:mock-guesser'], ['judge', 'openai:mock-judge']]);
    expect(transcript.settings).toMatchObject({ maxTurns: 20, lambda: 0.02 });
    const raw = await call('calls.get', { callId: turns[0]!.guesserCallId! });
    expect(JSON.stringify(raw.request)).toContain('mock-guesser');
    expect(JSON.stringify(raw)).not.toContain(SECRET);

    // A full-length loss shows the must-guess cue on the last judge reply.
    const loss = episodes.find((e) => e.outcome === 'failure' && e.scores!.turns === 20);
    if (loss) {
      const t = edaTurns((await call('episodes.transcript', { episodeId: loss.id })).events).turns;
      expect(t.filter((turn) => turn.reply.endsWith(" You must guess now, what's it?")).map((turn) => turn.idx)).toEqual([19]);
    }

    const firstQuestion = turns[0]!.question.slice(0, 12);
    const found = await call('episodes.list', { runId, search: firstQuestion });
    expect(found.map((e) => e.id)).toContain(episodes[0]!.id);
    expect(await call('episodes.list', { runId, search: 'no question asks this %_' })).toEqual([]);
  });

  it('cancels a run in flight and resumes it to the end', async () => {
    const { guesser, judge } = await addModels();
    await mock.close();
    mock = await startMockProvider({ apiKey: SECRET, latencyMs: 30, port: Number(new URL(mock.url).port) });
    const config = { dataset: { name: 'things', split: 'test' }, limit: 6, repetitions: 1, concurrency: 2, seed: 3, preflight: false, players: { guesser: guesser.config, judge: judge.config } };
    const { runId } = await call('runs.start', { config });
    await until(() => events.some((e) => e.type === 'episode-finished'));
    expect(await call('runs.cancel', { runId })).toEqual({ cancelled: true });
    await until(() => events.some((e) => e.type === 'run-finished'));
    const stopped = await call('runs.get', { runId });
    expect(stopped.summary.status).toBe('interrupted');
    expect(stopped.summary.done).toBeLessThan(6);

    await expect(call('runs.resume', { runId: 999 })).rejects.toThrow(/not_found|No run/);
    await call('runs.resume', { runId });
    await expect(call('runs.resume', { runId })).rejects.toThrow(/conflict: Run \d+ is already playing/);
    await until(() => events.filter((e) => e.type === 'run-finished').length === 2);
    const finished = await call('runs.get', { runId });
    expect(finished.summary).toMatchObject({ status: 'done', done: 6 });
  });

  it('refuses a run whose model does not exist before anything is stored', async () => {
    const { guesser } = await addModels();
    const bad = { ...guesser.config, model: 'no-such-model' };
    const config = { dataset: { name: 'things', split: 'test' }, limit: 1, players: { guesser: bad, judge: guesser.config } };
    await expect(call('runs.start', { config })).rejects.toThrow(/provider: .*no-such-model/s);
    expect(await call('runs.list', {})).toEqual([]);
  });

  it('lists games with their roles, metrics and datasets, and datasets with their subsets and instances', async () => {
    const games = await call('games.list', {});
    const eda = games.find((g) => g.id === 'eda')!;
    expect(eda.roles.map((r) => r.id)).toEqual(['guesser', 'judge']);
    expect(eda.metrics.map((m) => m.key)).toEqual(['turns', 'success', 'yes', 'score']);
    expect(eda.defaultSettings).toMatchObject({ maxTurns: 20 });
    const datasets = await call('datasets.list', { game: 'eda' });
    expect(datasets.map((d) => d.name)).toEqual(['things', 'celebrities']);
    expect(datasets[0]!.subsets).toEqual([{ subset: 'train', instances: 300 }, { subset: 'dev', instances: 100 }, { subset: 'test', instances: 100 }]);
    const instances = await call('datasets.instances', { game: 'eda', name: 'things', subset: 'test' });
    expect(instances[0]).toMatchObject({ position: 0, name: 'Oar', tags: { category: expect.any(String) } });
  });
});
