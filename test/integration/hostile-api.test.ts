/**
 * Hostile API inputs (issue 17, item 9): wrong types, negative and huge ids, extra keys, prototype
 * keys, deep nesting, very long strings, across many methods. Each is refused with a specific message
 * (never "Internal error", never a stack trace), and the database is byte-for-byte unchanged.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { Store } from '../../electron/engine/store/store';
import { seedRun } from '../support/seed';
import { storeSnapshot } from '../support/store-snapshot';
import { tempDir } from '../support/tmp';

let path: string;
let store: Store;
let service: ApiService;

beforeEach(() => {
  path = join(tempDir(), 'parlor.db');
  store = Store.open(path);
  seedRun(store, 2);
  service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
});
afterEach(async () => {
  await service.close();
  store.close();
});

const deep = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
const long = 'x'.repeat(100_000);
const proto = JSON.parse('{"__proto__": {"polluted": true}, "runId": 1}') as unknown;
const ctor = JSON.parse('{"constructor": {"prototype": {"polluted": true}}}') as unknown;

/** [method, input, what the message must say] */
const CASES: [string, unknown, RegExp][] = [
  ['runs.get', { runId: 'one' }, /runId/],
  ['runs.get', { runId: -1 }, /runId/],
  ['runs.get', { runId: 0 }, /runId/],
  ['runs.get', { runId: 1.5 }, /runId/],
  ['runs.get', { runId: 2 ** 53 }, /runId|No run/],
  ['runs.get', { runId: 99_999 }, /No run with id 99999/],
  ['runs.get', { runId: 1, extra: true }, /extra|unrecognized|not expected/i],
  ['runs.get', proto, /__proto__|unrecognized|not expected/i],
  ['runs.get', [], /input|expected/i],
  ['runs.get', 'runs', /input|expected/i],
  ['runs.get', null, /runId/],
  ['runs.cancel', { runId: -5 }, /runId/],
  ['runs.resume', { runId: 'x' }, /runId/],
  ['runs.retryErrors', { runId: 1e300 }, /runId/],
  ['runs.estimate', { config: deep(500) }, /./],
  ['runs.estimate', { config: 'a string' }, /config|object|expected/i],
  ['runs.start', { config: { dataset: { name: long } } }, /./],
  ['runs.start', { config: ctor }, /./],
  ['runs.start', { config: null }, /config|expected/i],
  ['episodes.list', { runId: 1, search: long }, /200|search/i],
  ['episodes.list', { runId: true }, /runId/],
  ['episodes.transcript', { episodeId: -1 }, /episodeId/],
  ['episodes.transcript', { episodeId: 123_456 }, /No episode/],
  ['episodes.exportBundle', { episodeId: '1' }, /episodeId/],
  ['episodes.search', { query: '' }, /empty/],
  ['episodes.search', { query: long }, /200/],
  ['episodes.search', { query: 'a', limit: 10_000 }, /limit/],
  ['calls.get', { callId: -3 }, /callId/],
  ['media.get', { ref: 'media:../../etc/passwd' }, /media:<sha256>/],
  ['media.get', { ref: `media:${'0'.repeat(64)}` }, /./],
  ['models.save', { name: '' }, /name/],
  ['models.save', { name: long }, /name|100/],
  ['models.remove', { id: -1 }, /id/],
  ['datasets.instances', { game: 'eda', name: 'nope', subset: 'test' }, /No dataset "nope"/],
  ['datasets.instances', { game: '__proto__', name: 'things', subset: 'test' }, /__proto__|game/],
  ['datasets.instances', { game: 'eda', name: 'things', subset: 'nope' }, /nope|split|subset/],
  ['subsets.list', { game: 'nope' }, /nope|game/],
  ['subsets.create', { game: 'eda', name: '../x', dataset: 'things', subset: 'test', size: 3, seed: 1 }, /cannot name a fixed subset/],
  ['subsets.create', { game: 'eda', name: 'x', dataset: 'nope', subset: 'test', size: 3, seed: 1 }, /nope/],
  ['subsets.create', { game: 'eda', name: 'x', dataset: 'things', subset: 'test', size: -3, seed: 1 }, /size/],
  ['subsets.remove', { name: 'nope' }, /No fixed subset with id nope/],
  ['datasets.audit', { game: 'nope', name: 'things' }, /No game "nope"/],
  ['datasets.audit', { game: 'eda', name: 'nope' }, /No dataset "nope"/],
  ['datasets.audit', { game: 'eda', name: 'things', subset: 'nope' }, /no split "nope"/],
  ['datasets.audit', { game: 'eda', name: long }, /200|name/],
  ['datasets.audit', { game: 'eda', name: 'things', extra: 1 }, /extra|unrecognized|not expected/i],
  ['datasets.audit', { game: 'constructor', name: 'things' }, /No game "constructor"/],
  ['annotations.get', { setId: -1 }, /setId/],
  ['annotations.get', { setId: 4242 }, /No .*4242|4242/],
  ['human.state', { sessionId: 'x' }, /sessionId|session/i],
  ['explore.leaderboard', { game: 'eda', dataset: 'things', extra: deep(50) }, /./],
  ['runs.label', { runId: -1 }, /runId/],
  ['runs.file', { runId: 1, id: long }, /./],
  ['no.such.method', {}, /Unknown API method/],
  ['__proto__', {}, /Unknown API method/],
  ['toString', {}, /Unknown API method/],
];

describe('hostile API inputs', () => {
  it.each(CASES)('%s refuses %j', async (method, input, message) => {
    const before = storeSnapshot(path);
    const reply = await service.registry.dispatch(method, input);
    expect(reply.ok, `${method} accepted ${JSON.stringify(input)?.slice(0, 200)}`).toBe(false);
    if (reply.ok) return;
    expect(reply.error.code).not.toBe('internal');
    expect(reply.error.message).not.toMatch(/Internal error|\n\s+at |\.ts:\d+/);
    expect(reply.error.message).toMatch(message);
    expect(storeSnapshot(path)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
