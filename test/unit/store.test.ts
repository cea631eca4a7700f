import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION } from '../../electron/engine/store/migrations';
import { SchemaTooNewError, Store } from '../../electron/engine/store/store';
import { tempDir, tempStore } from '../support/tmp';

describe('Store', () => {
  it('creates the schema at the latest version, in WAL mode with foreign keys on', () => {
    const store = tempStore();
    expect(store.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
    const raw = new Database(store.path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).pluck().all();
    expect(tables).toEqual(['annotation_items', 'annotation_sets', 'annotations', 'datasets', 'entities', 'entity_sums', 'episode_players', 'episodes', 'model_calls', 'model_configs', 'model_profiles', 'players', 'prices', 'repetition_sums', 'response_cache', 'runs', 'turns']);
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
    raw.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`);
    raw.close();
    expect(() => Store.open(path)).toThrow(SchemaTooNewError);
    expect(() => Store.open(path)).toThrow(/newer Parlor/);
    const check = new Database(path, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION + 1);
    expect(check.prepare(`SELECT COUNT(*) FROM sqlite_master`).pluck().get()).toBe(0);
    check.close();
  });

  it('enforces foreign keys', () => {
    const store = tempStore();
    expect(() => store.upsertEntities(999, 'test', [{ position: 0, name: 'x', line: 'x', aliases: ['x'] }])).toThrow(/FOREIGN KEY/);
  });

  it('stores model configs once per distinct config and never a key', () => {
    const store = tempStore();
    const config = { provider: 'openai', model: 'gpt-4o', apiKeyEnv: 'OPENAI_API_KEY', sendSeed: true, maxTokensField: 'max_tokens', timeoutMs: 60000, maxAttempts: 3 } as const;
    const a = store.ensureModelConfig(config);
    const b = store.ensureModelConfig({ ...config });
    const c = store.ensureModelConfig({ ...config, model: 'gpt-4.1' });
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('marks runs whose process is gone as interrupted and re-queues their running episodes', () => {
    const store = tempStore();
    const datasetId = store.upsertDataset('things', 'things', 'test');
    const [entity] = store.upsertEntities(datasetId, 'test', [{ position: 0, name: 'Oar', line: 'Oar', aliases: ['Oar'] }]);
    const runId = store.createRun({
      name: null, game: 'eda', datasetId, split: 'test', config: {}, seed: 1, appVersion: 't', players: {},
      episodes: [{ entityId: entity!.id, repetition: 1, seed: 5 }],
    });
    store.markRunRunning(runId, 4242);
    const [episodeId] = store.episodeIds(runId, ['pending']);
    store.startEpisode(episodeId!);
    expect(store.reconcileInterrupted(() => true)).toEqual([]);
    expect(store.reconcileInterrupted(() => false)).toEqual([runId]);
    expect(store.getRun(runId).status).toBe('interrupted');
    expect(store.getEpisode(episodeId!).status).toBe('pending');
  });

  it('group-commits appends: readers see them at once, the batch commits at the end of the tick, a bad append surfaces', async () => {
    const store = tempStore();
    const datasetId = store.upsertDataset('things', 'things', 'test');
    const [entity] = store.upsertEntities(datasetId, 'test', [{ position: 0, name: 'Oar', line: 'Oar', aliases: ['Oar'] }]);
    const runId = store.createRun({ name: null, game: 'eda', datasetId, split: 'test', config: {}, seed: 1, appVersion: 't', players: {}, episodes: [{ entityId: entity!.id, repetition: 1, seed: 5 }] });
    const [episodeId] = store.episodeIds(runId, ['pending']);
    const modelConfigId = store.ensureModelConfig({ provider: 'openai', model: 'm', sendSeed: true, maxTokensField: 'max_tokens', timeoutMs: 1, maxAttempts: 1 });
    const call = store.recordCall({ runId, episodeId: episodeId!, turnIdx: 1, role: 'guesser', modelConfigId, attempt: 1, request: { a: 1 }, response: { b: 2 }, ok: true, httpStatus: 200, errorKind: null, error: null, latencyMs: 5, inputTokens: 3, outputTokens: 4, startedAt: 'now' });
    const turn = { episodeId: episodeId!, idx: 1, guesserGenerated: 'Q', guesserSent: 'Q', guesserInHistory: 'Q', judgeRaw: 'No.', judgeLabel: 'no' as const, judgeReply: 'No.', guesserCallId: call, judgeCallId: null, guesserLatencyMs: 5, judgeLatencyMs: null, guesserInputTokens: 3, guesserOutputTokens: 4, judgeInputTokens: null, judgeOutputTokens: null };
    store.commitTurn(turn);
    expect(call.id).toBeNull(); // not yet written
    const raw = new Database(store.path, { readonly: true });
    expect(raw.prepare('SELECT COUNT(*) FROM turns').pluck().get()).toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(raw.prepare('SELECT COUNT(*) FROM turns').pluck().get()).toBe(1); // committed at the end of the tick
    raw.close();
    expect(store.getTurns(episodeId!)[0]!.guesserCallId).toBe(call.id);
    store.commitTurn(turn); // the same turn twice: a bug the store must not hide
    expect(() => store.getTurns(episodeId!)).toThrow(/UNIQUE/);
    expect(store.getTurns(episodeId!)).toHaveLength(1);
  });
});
