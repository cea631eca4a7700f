import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../electron/engine/core/events';
import { SchemaTooNewError } from '../../electron/engine/store/db';
import { LATEST_SCHEMA_VERSION } from '../../electron/engine/store/migrations';
import { Store } from '../../electron/engine/store/store';
import { seedRun } from '../support/seed';
import { tempDir, tempStore } from '../support/tmp';

const event = (idx: number, extra: Partial<EventRecord> = {}): EventRecord => ({
  idx, round: Math.ceil(idx / 2), from: 'guesser', to: 'judge', kind: 'response', text: 'Q', parts: null, action: { question: 'Q' }, valid: true, flags: [],
  callId: null, latencyMs: 5, inputTokens: 3, outputTokens: 4, ...extra,
});

describe('Store', () => {
  it('creates the schema at the latest version, in WAL mode with foreign keys on', () => {
    const store = tempStore();
    expect(store.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
    const raw = new Database(store.path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
    expect(tables).toEqual([
      'annotation_items', 'annotation_sets', 'annotations', 'annotators', 'counted_values', 'current_annotator', 'datasets', 'episode_seats', 'episodes', 'events', 'failure_tag_reviews', 'failure_tagged', 'failure_tags', 'fixed_subsets', 'instance_sums', 'instances', 'media', 'media_names', 'model_calls',
      'model_configs', 'model_profiles', 'players', 'prices', 'probes', 'provider_batch_items', 'provider_batches', 'rate_budgets', 'rep_sums', 'response_cache', 'rulings', 'run_outcomes', 'run_seats', 'run_tags', 'runs', 'score_slots', 'scores',
    ]);
    raw.close();
  });

  it('reopens an existing database without migrating twice', () => {
    const path = join(tempDir(), 'p.db');
    Store.open(path).close();
    const again = Store.open(path);
    expect(again.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
    again.close();
  });

  it('refuses a database from a newer Parlor and leaves it untouched', () => {
    const path = join(tempDir(), 'future.db');
    const raw = new Database(path);
    raw.exec('CREATE TABLE runs (id INTEGER PRIMARY KEY)');
    raw.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => Store.open(path)).toThrow(SchemaTooNewError);
    expect(() => Store.open(path)).toThrow(/newer Parlor/);
    const check = new Database(path, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION + 1);
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
  });

  it('enforces foreign keys', () => {
    const store = tempStore();
    expect(() => store.datasets.upsertInstances(999, 'test', [{ key: 'x', name: 'x', payload: {}, tags: {} }])).toThrow(/FOREIGN KEY/);
  });

  it('stores model configs once per distinct config and never a key', () => {
    const store = tempStore();
    const config = { provider: 'openai', model: 'gpt-4o', apiKeyEnv: 'OPENAI_API_KEY', sendSeed: true, maxTokensField: 'max_tokens', timeoutMs: 60000, maxAttempts: 3 } as const;
    const a = store.models.ensureConfig(config);
    const b = store.models.ensureConfig({ ...config });
    const c = store.models.ensureConfig({ ...config, model: 'gpt-4.1' });
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('stores media once by content and gives it back', () => {
    const store = tempStore();
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    const a = store.media.put(bytes, 'image/png');
    const b = store.media.put(new Uint8Array(bytes), 'image/png');
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect([...store.media.get(a).bytes]).toEqual([...bytes]);
  });

  it('marks runs whose process is gone as interrupted and re-queues their running episodes', () => {
    const store = tempStore();
    const { runId, episodeIds } = seedRun(store);
    store.runs.markRunning(runId, 4242);
    store.episodes.start(episodeIds[0]!);
    expect(store.runs.reconcileInterrupted(() => true)).toEqual([]);
    expect(store.runs.reconcileInterrupted(() => false)).toEqual([runId]);
    expect(store.runs.get(runId).status).toBe('interrupted');
    expect(store.episodes.get(episodeIds[0]!).status).toBe('pending');
  });

  it('keeps sums per metric with their own n as episodes finish, are rescored, marked invalid, or fail', () => {
    const store = tempStore();
    const { runId, instanceId, episodeIds } = seedRun(store, 3);
    const [a, b, c] = episodeIds as [number, number, number];
    store.episodes.finish(a, 'success', [{ metric: 'score', value: 0.7 }, { metric: 'turns', value: 20 }]);
    store.episodes.finish(b, 'aborted', [{ metric: 'turns', value: 3 }]); // not scored: no score
    store.episodes.fail(c, 'server', 'HTTP 500');
    const sums = () => Object.fromEntries(store.explore.instanceSums([runId], 'turns').concat(store.explore.instanceSums([runId], 'score'), store.explore.instanceSums([runId], '')).map((s, i) => [i, [s.n, s.sum]]));
    expect(store.explore.instanceSums([runId], 'turns')).toEqual([{ runId, instanceId, seat: '', n: 2, sum: 23, sum2: 409 }]);
    expect(store.explore.instanceSums([runId], 'score')).toEqual([{ runId, instanceId, seat: '', n: 1, sum: 0.7, sum2: 0.48999999999999994 }]);
    expect(store.explore.instanceSums([runId], '')[0]!.n).toBe(2);
    const before = sums();
    store.episodes.setInvalid(a, 'nonsense');
    expect(store.explore.instanceSums([runId], 'score')).toEqual([]);
    store.episodes.setInvalid(a, null);
    store.episodes.rescore([{ episodeId: a, outcome: 'success', scores: [{ metric: 'score', value: 0.7 }, { metric: 'turns', value: 20 }] }]);
    expect(sums()).toEqual(before);
    expect(store.runs.list(runId)[0]!.outcomes).toEqual({ success: 1, failure: 0, aborted: 1 });
    expect(store.explore.repetitionSums([runId]).filter((s) => s.metric === 'turns').map((s) => [s.repetition, s.n, s.sum])).toEqual([[1, 1, 20], [2, 1, 3]]);
  });

  it('group-commits appends: readers see them at once, the batch commits at the end of the tick, a bad append surfaces', async () => {
    const store = tempStore();
    const { runId, episodeIds } = seedRun(store);
    const episodeId = episodeIds[0]!;
    const modelConfigId = store.models.ensureConfig({ provider: 'openai', model: 'm', sendSeed: true, maxTokensField: 'max_tokens', timeoutMs: 1, maxAttempts: 1 });
    const call = store.models.recordCall({ runId, episodeId, round: 1, role: 'guesser', modelConfigId, attempt: 1, request: { a: 1 }, response: { b: 2 }, ok: true, httpStatus: 200, errorKind: null, error: null, latencyMs: 5, inputTokens: 3, outputTokens: 4, startedAt: 'now' });
    store.events.append(episodeId, event(1, { callId: call }));
    expect(call.id).toBeNull(); // not yet written
    const raw = new Database(store.path, { readonly: true });
    expect(raw.prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(raw.prepare('SELECT COUNT(*) FROM events').pluck().get()).toBe(1); // committed at the end of the tick
    raw.close();
    expect(store.events.list(episodeId)[0]!.callId).toBe(call.id);
    store.events.append(episodeId, event(1)); // the same event twice: a bug the store must not hide
    expect(() => store.events.list(episodeId)).toThrow(/UNIQUE/);
    expect(store.events.list(episodeId)).toHaveLength(1);
  });
});
