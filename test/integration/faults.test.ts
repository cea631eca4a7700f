/**
 * Faults injected by the mock provider (429 with Retry-After, 5xx, timeouts, malformed bodies) must
 * change nothing but the number of attempts: every episode completes with the metrics of a fault-free
 * run with the same seed.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModel } from '../../electron/engine/players/factory';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempDir, tempStore } from '../support/tmp';
import { turnsOf } from '../support/eda';

let clean: MockProvider;
let faulty: MockProvider;
beforeAll(async () => {
  clean = await startMockProvider();
  faulty = await startMockProvider({
    faults: { rate429: 0.06, rate500: 0.06, rateTimeout: 0.03, rateMalformed: 0.06, retryAfterMs: 30, hangMs: 1500, seed: 11 },
  });
});
afterAll(async () => {
  await clean.close();
  await faulty.close();
});

async function play(store: Store, provider: 'openai' | 'anthropic', mock: MockProvider) {
  const baseUrl = provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl;
  const player = (model: string) => ({ provider, model, baseUrl, timeoutMs: 400, maxAttempts: 15 });
  const { runId } = await prepareRun(store, {
    dataset: { name: 'things', split: 'test' }, limit: 12, repetitions: 2, seed: 5, concurrency: 12, preflight: false,
    players: { guesser: player('mock-guesser'), judge: player('mock-judge') },
  });
  const result = await executeRun(store, runId, { retry: { baseDelayMs: 10, maxDelayMs: 200 } });
  const episodes = store.episodes.list(runId).map((e) => ({
    instance: e.instance.name, repetition: e.repetition, status: e.status, scores: e.scores,
    questions: turnsOf(store, e.id).map((t) => t.question),
  }));
  return { runId, result, episodes };
}

describe.each(['openai', 'anthropic'] as const)('fault injection through the %s SDK', (provider) => {
  it('every episode completes with the fault-free metrics, and every failed attempt is recorded', async () => {
    const reference = await play(tempStore(), provider, clean);
    const before = { ...faulty.injected };
    const store = tempStore();
    const faultyRun = await play(store, provider, faulty);

    const injected = Object.entries(faulty.injected).map(([k, v]) => [k, v - before[k as keyof typeof before]]);
    expect(injected.every(([, n]) => (n as number) > 0)).toBe(true);
    expect(faultyRun.result).toMatchObject({ status: 'done', errors: 0, done: 24 });
    expect(faultyRun.episodes).toEqual(reference.episodes);

    // Every injected fault is one failed attempt. A loaded machine may time out a real answer too (the
    // client waits 400 ms): those can only add timeouts, never another kind of failure.
    const raw = new Database(store.path, { readonly: true });
    const failed = Object.fromEntries(raw.prepare(`SELECT error_kind, COUNT(*) FROM model_calls WHERE run_id = ? AND status = 'error' GROUP BY error_kind`).raw().all(faultyRun.runId) as [string, number][]);
    raw.close();
    const count = Object.fromEntries(injected) as Record<'429' | '500' | 'timeout' | 'malformed', number>;
    const { timeout = 0, ...others } = failed;
    expect(Object.values(others).reduce((a, b) => a + b, 0)).toBe(count['429'] + count['500'] + count.malformed);
    expect(timeout).toBeGreaterThanOrEqual(count.timeout);
  }, 60_000);
});

describe.each(['openai', 'anthropic'] as const)('a %s error that quotes the API key', (provider) => {
  it('is stored with the key redacted: in the episode error, the call record and anywhere in the file', async () => {
    const key = 'sk-proj-Leak3dKeyValue0123456789';
    const db = join(tempDir(), 'parlor.db');
    const store = Store.open(db);
    const baseUrl = provider === 'openai' ? clean.openaiBaseUrl : clean.anthropicBaseUrl;
    const player = (model: string) => ({ provider, model, baseUrl, apiKeyEnv: 'LEAKY_KEY', maxAttempts: 1 });
    const factory: typeof createModel = (config, options) => createModel(config, options, { LEAKY_KEY: key });
    const { runId } = await prepareRun(store, {
      dataset: { name: 'things', split: 'test' }, limit: 2, repetitions: 1, seed: 5, preflight: false,
      players: { guesser: player('mock-leaky'), judge: player('mock-judge') },
    }, { createModel: factory });
    const result = await executeRun(store, runId, { createModel: factory });
    expect(result).toMatchObject({ errors: 2, done: 0 });
    const episode = store.episodes.list(runId)[0]!;
    expect(episode.error).toContain('Key [redacted key] may not use mock-leaky');
    store.close();
    const bytes = [db, `${db}-wal`].filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('');
    expect(bytes).toContain('[redacted key]');
    expect(bytes).not.toContain(key);
    expect(bytes).not.toContain('Leak3dKeyValue');
  });
});
