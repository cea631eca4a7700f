/**
 * Issue 30: the sums over the instances a comparison leaves out are read from packed rows, one per
 * counted episode and seat (`store/packed-scores.ts`, kept by the triggers of migration 018). On the
 * schema-15 fixture (every game; seat-level scores; people's games), opened and so migrated: the rows
 * the triggers keep equal rows built from scratch after every kind of change an episode goes through
 * (rescored, marked invalid and back, reset, failed, finished again), and the sums read from them equal,
 * to the last bit, the sums of the same scores joined to their episodes, as the views read them before.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { packRows, SEATS_OF_ALL } from '../../electron/engine/store/packed-scores';
import type { RepSum } from '../../electron/engine/store/explore';
import { Store } from '../../electron/engine/store/store';
import { tempDir } from '../support/tmp';

interface RawDb {
  prepare(sql: string): { all(...args: unknown[]): unknown[]; raw(on?: boolean): { all(...args: unknown[]): unknown[] } };
  exec(sql: string): void;
}

let store: Store;
let db: RawDb;

const packed = () => db.prepare('SELECT * FROM counted_values ORDER BY run_id, instance_id, repetition, seat').all();

/** The packed rows as a build from scratch makes them (in a transaction rolled back). */
function rebuilt(): unknown[] {
  db.exec('SAVEPOINT rebuild');
  try {
    db.exec('DELETE FROM counted_values');
    db.exec(packRows(SEATS_OF_ALL));
    return packed();
  } finally {
    db.exec('ROLLBACK TO rebuild');
    db.exec('RELEASE rebuild');
  }
}

/** The sums as the views read them before the packed rows: every score joined to its counted episode. */
function joinedSums(runs: readonly number[], instances: readonly number[]): RepSum[] {
  const where = `e.run_id IN (SELECT value FROM json_each(:runs)) AND e.instance_id IN (SELECT value FROM json_each(:instances)) AND e.status = 'done' AND e.invalid IS NULL`;
  const rows = db
    .prepare(`SELECT e.run_id, s.metric, s.seat, e.repetition, COUNT(*), SUM(s.value), SUM(s.value * s.value)
      FROM episodes e JOIN scores s ON s.episode_id = e.id WHERE ${where} GROUP BY e.run_id, e.repetition, s.metric, s.seat
      UNION ALL SELECT e.run_id, '', '', e.repetition, COUNT(*), COUNT(*), COUNT(*) FROM episodes e WHERE ${where} GROUP BY e.run_id, e.repetition`)
    .raw()
    .all({ runs: JSON.stringify(runs), instances: JSON.stringify(instances) }) as unknown[][];
  return rows.map(([runId, metric, seat, repetition, n, sum, sum2]) => ({ runId: Number(runId), metric: String(metric), seat: String(seat), repetition: Number(repetition), n: Number(n), sum: Number(sum), sum2: Number(sum2) }));
}

const key = (s: RepSum) => `${s.runId} ${s.metric} ${s.seat} ${s.repetition}`;
const sorted = (list: readonly RepSum[]) => [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

/** Packed and joined sums agree on every run over several sets of instances (every instance, every other one, a few). */
function expectSameSums(): number {
  const runs = store.runs.all().map((r) => r.id);
  const instances = (db.prepare('SELECT DISTINCT instance_id FROM episodes ORDER BY instance_id').raw().all() as [number][]).map(([id]) => id);
  let compared = 0;
  for (const chosen of [instances, instances.filter((_, i) => i % 2 === 0), instances.filter((_, i) => i % 7 === 3)]) {
    store.explore.forget();
    const fast = sorted(store.explore.repetitionSumsOn(runs, chosen));
    expect(fast).toEqual(sorted(joinedSums(runs, chosen)));
    compared += fast.length;
  }
  return compared;
}

beforeAll(() => {
  const path = join(tempDir(), 'parlor.db');
  writeFileSync(path, gunzipSync(readFileSync(new URL('../fixtures/schema-15/parlor-v15.db.gz', import.meta.url))));
  store = Store.open(path);
  db = (store as unknown as { db: { conn: RawDb } }).db.conn;
});

describe('packed scores of counted episodes', () => {
  it('are filled for a database of an earlier schema as it opens, seat-level scores included', () => {
    const rows = packed() as { seat: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.seat !== '')).toBe(true);
    expect(rows).toEqual(rebuilt());
    expect(expectSameSums()).toBeGreaterThan(20);
  });

  it('stay exact through every change an episode goes through', () => {
    const done = db.prepare(`SELECT id FROM episodes WHERE status = 'done' AND invalid IS NULL ORDER BY id`).raw().all() as [number][];
    expect(done.length).toBeGreaterThan(6);
    const [a, b, c, d] = [done[0]![0], done[1]![0], done[2]![0], done[3]![0]];
    const scoresOf = (id: number) => store.episodes.get(id).scores ?? {};
    // Rescored: new values for its metrics, one more metric than it had.
    store.episodes.rescore([{ episodeId: a, outcome: 'failure', scores: [...Object.entries(scoresOf(a)).map(([metric, value]) => ({ metric, value: value / 3 + 0.1 })), { metric: 'extra_metric', value: 0.7 }] }]);
    expect(packed()).toEqual(rebuilt());
    // Marked invalid, then counted again.
    store.episodes.setInvalid(b, 'nonsense');
    expect(packed()).toEqual(rebuilt());
    store.episodes.setInvalid(b, null);
    expect(packed()).toEqual(rebuilt());
    // Back to pending, failed, then finished again with other scores.
    store.episodes.reset(c);
    expect(packed()).toEqual(rebuilt());
    store.episodes.fail(d, 'server', 'HTTP 500');
    expect(packed()).toEqual(rebuilt());
    store.episodes.start(d);
    store.episodes.finish(d, 'success', [{ metric: 'extra_metric', value: 0.25 }]);
    expect(packed()).toEqual(rebuilt());
    expect(expectSameSums()).toBeGreaterThan(20);
  });
});
