/**
 * `parlor merge` on a large database (issue 28: merging a 1M-event database runs at ≥ 0.5 of raw SQLite
 * insert speed measured in the same run), and the speed of the row uids the store names rows with.
 *
 * A source database is built quickly: its schema by Store.open, its run and episodes through the store,
 * then events (uids as the store names them), model calls and scores with direct inserts. Then, timed:
 *   - raw: the same rows the merge copies (episodes, scores, model calls, events) copied from the source
 *     into a fresh database of the same schema, pragmas and indexes by plain prepared INSERTs (ids kept as
 *     they are, nothing looked up), one transaction: events per second of that copy;
 *   - merge: the merge engine (mergeDatabases) bringing the source into an empty database, end to end
 *     (the source's private copy, matching by uid, id maps, every table, the sums), events per second;
 *   - the same file merged again (nothing comes in).
 * Prints the ratios measured in this run. Usage: npm run bench:merge [-- --events 100000]
 * (or PARLOR_BENCH_EVENTS=100000); 1,000,000 events by default.
 */
import '../electron/engine/games/registry'; // the games, loaded as a door loads them
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { v5 as uuidV5 } from 'uuid';
import { mergeDatabases } from '../electron/engine/merge/merge';
import { Store } from '../electron/engine/store/store';
import { childUid, newUid } from '../electron/engine/store/uid';

const { values } = parseArgs({ options: { events: { type: 'string', default: process.env.PARLOR_BENCH_EVENTS ?? '1000000' } } });
const EVENTS_PER_EPISODE = 20;
const INSTANCES = 500;
const EPISODES = Math.max(1, Math.ceil(Number(values.events) / EVENTS_PER_EPISODE));
const N = EPISODES * EVENTS_PER_EPISODE;
const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-merge-'));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const seconds = (t0: number) => (performance.now() - t0) / 1000;

/** The engine's pragmas (db.ts), for the raw connections. */
function rawOpen(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 10000');
  return db;
}

// ---- uids: the uuid package's v5 (what uid.ts called before) against uid.ts, on the store's keys.
function uidRates(): { before: number; after: number } {
  const parents = Array.from({ length: 64 }, () => newUid());
  const count = 200_000;
  let sink = 0;
  let t0 = performance.now();
  for (let i = 0; i < count; i++) sink += uuidV5(JSON.stringify(['event', i]), parents[i & 63]!).length;
  const before = count / seconds(t0);
  t0 = performance.now();
  for (let i = 0; i < count; i++) sink += childUid(parents[i & 63]!, 'event', i).length;
  const after = count / seconds(t0);
  if (sink !== 2 * count * 36) throw new Error('bench:merge: a uid of the wrong length');
  return { before, after };
}
const uids = uidRates();

// ---- The source: N events in EPISODES done episodes of one run, a model call per question, a score each.
const sourcePath = join(dir, 'source.db');
let t0 = performance.now();
const store = Store.open(sourcePath);
const datasetId = store.datasets.upsert({ game: 'eda', name: 'things', kind: 'things', source: 'bench', contentHash: null });
const instances = store.datasets.upsertInstances(
  datasetId, 'test', Array.from({ length: INSTANCES }, (_, i) => ({ key: `thing-${i}`, name: `Thing ${i}`, payload: { line: `Thing ${i}`, aliases: [] }, tags: {} })),
);
const runId = store.runs.create({
  name: 'bench', game: 'eda', datasetId, subset: 'test', config: {}, seed: 1, appVersion: 'bench', seats: [],
  episodes: Array.from({ length: EPISODES }, (_, i) => ({ instanceId: instances[i % INSTANCES]!.id, repetition: Math.floor(i / INSTANCES) + 1, seed: i })),
});
store.close();
{
  const db = rawOpen(sourcePath);
  db.transaction(() => {
    const configId = Number(db.prepare(`INSERT INTO model_configs (provider, model, config) VALUES ('openai', 'bench-model', '{"model":"bench-model"}')`).run().lastInsertRowid);
    const episodes = db.prepare(`SELECT id, uid FROM episodes WHERE run_id = ? ORDER BY id`).raw().all(runId) as [number, string][];
    const call = db.prepare(
      `INSERT INTO model_calls (uid, run_id, episode_id, round, role, model_config_id, attempt, request, response, status, latency_ms, input_tokens, output_tokens, started_at)
       VALUES (?, ?, ?, ?, 'guesser', ?, 1, ?, ?, 'ok', 412.5, 180, 9, ?)`,
    );
    const event = db.prepare(
      `INSERT INTO events (uid, episode_id, idx, round, from_seat, to_seat, kind, text, parts, action, valid, flags, call_id, latency_ms, input_tokens, output_tokens, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'response', ?, NULL, ?, 1, NULL, ?, ?, ?, ?, ?)`,
    );
    const score = db.prepare(`INSERT INTO scores (episode_id, seat, metric, value) VALUES (?, '', 'success', ?)`);
    const finish = db.prepare(`UPDATE episodes SET status = 'done', outcome = ?, started_at = ?, finished_at = ? WHERE id = ?`);
    const question = 'Is it used for entertainment or leisure?';
    const at = '2026-11-27T12:00:00.000Z';
    for (const [episodeId, uid] of episodes) {
      for (let round = 1; round <= EVENTS_PER_EPISODE / 2; round++) {
        const callId = call.run(childUid(uid, 'call', round, 'guesser', 1, 0), runId, episodeId, round, configId, `{"messages":[{"role":"user","content":"round ${round}"}]}`, `{"text":"${question}"}`, at).lastInsertRowid;
        event.run(childUid(uid, 'event', 2 * round - 1), episodeId, 2 * round - 1, round, 'guesser', 'judge', question, `{"question":"${question}"}`, callId, 412.5, 180, 9, at);
        event.run(childUid(uid, 'event', 2 * round), episodeId, 2 * round, round, 'judge', 'guesser', 'Yes.', '{"label":"yes"}', null, 98.1, 92, 2, at);
      }
      const success = episodeId % 3 === 0;
      score.run(episodeId, success ? 1 : 0);
      finish.run(success ? 'success' : 'failure', at, at, episodeId);
    }
    db.prepare(`UPDATE runs SET status = 'done', started_at = ?, finished_at = ? WHERE id = ?`).run(at, at, runId);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
const buildSeconds = seconds(t0);
const counts = (() => {
  const db = new Database(sourcePath, { readonly: true });
  const n = (table: string) => Number(db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get());
  const c = { events: n('events'), calls: n('model_calls'), episodes: n('episodes'), scores: n('scores') };
  db.close();
  return c;
})();
if (counts.events !== N) throw new Error(`bench:merge: the source holds ${counts.events} events, not ${N}`);

// ---- Raw: the same rows, plain prepared INSERTs, one transaction, into the same schema.
const rawPath = join(dir, 'raw.db');
Store.open(rawPath).close();
const raw = rawOpen(rawPath);
raw.exec(`ATTACH '${sourcePath}' AS src`);
// What the rows point at (a dataset, its instances, the run) is there before the clock starts.
raw.exec(`INSERT INTO main.datasets SELECT * FROM src.datasets; INSERT INTO main.instances SELECT * FROM src.instances;
          INSERT INTO main.model_configs SELECT * FROM src.model_configs; INSERT INTO main.runs SELECT * FROM src.runs;`);
raw.exec(`DETACH src`);
const source = new Database(sourcePath, { readonly: true });
/** Copies one table row by row: read from the source, one prepared INSERT per row. */
function rawCopy(table: string): number {
  const columns = (source.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
  const insert = raw.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  let n = 0;
  for (const row of source.prepare(`SELECT ${columns.join(', ')} FROM ${table}`).raw().iterate() as IterableIterator<unknown[]>) {
    insert.run(...row);
    n++;
  }
  return n;
}
let eventsSeconds = 0;
t0 = performance.now();
raw.transaction(() => {
  rawCopy('episodes');
  rawCopy('scores');
  rawCopy('model_calls');
  const t1 = performance.now();
  rawCopy('events');
  eventsSeconds = seconds(t1);
})();
const rawSeconds = seconds(t0);
source.close();
raw.close();
const rawRate = N / rawSeconds;
const rawEventsOnlyRate = N / eventsSeconds;

// ---- The merge engine: the source into an empty database, then the same file again.
const targetPath = join(dir, 'target.db');
Store.open(targetPath).close();
t0 = performance.now();
const first = mergeDatabases(targetPath, [sourcePath], { tempDir: dir });
const mergeSeconds = seconds(t0);
if (first.files[0]?.added.events !== N) throw new Error(`bench:merge: the merge brought ${first.files[0]?.added.events} events, not ${N}`);
t0 = performance.now();
const again = mergeDatabases(targetPath, [sourcePath], { tempDir: dir });
const againSeconds = seconds(t0);
if ((again.files[0]?.added.events ?? 0) !== 0) throw new Error('bench:merge: merging the same file again brought events in');
const mergeRate = N / mergeSeconds;
const sourceMb = statSync(sourcePath).size / 1e6;
rmSync(dir, { recursive: true, force: true });

const ratio = mergeRate / rawRate;
console.log(`bench:merge  ${fmt(N)} events · ${fmt(counts.calls)} model calls · ${fmt(counts.episodes)} episodes · ${sourceMb.toFixed(0)} MB source · ${cpus().length} cores (${cpus()[0]?.model ?? '?'})`);
console.log(`  uids (UUIDv5 of an event's key): uuid package v5 ${fmt(uids.before)}/s → uid.ts ${fmt(uids.after)}/s (×${(uids.after / uids.before).toFixed(1)})`);
console.log(`  source built in ${buildSeconds.toFixed(1)} s (store for the run and episodes, direct inserts for the rest)`);
console.log(`  raw better-sqlite3 copy of the same rows (episodes, scores, calls, events; prepared INSERTs, one transaction, same schema): ${rawSeconds.toFixed(1)} s, ${fmt(rawRate)} events/s`);
console.log(`    (its events alone: ${eventsSeconds.toFixed(1)} s, ${fmt(rawEventsOnlyRate)} events/s)`);
console.log(`  parlor merge into an empty database (end to end): ${mergeSeconds.toFixed(1)} s, ${fmt(mergeRate)} events/s`);
console.log(`  the same file merged again (nothing comes in): ${againSeconds.toFixed(1)} s`);
console.log(`  ratio merge/raw: ${ratio.toFixed(2)}  (events alone: ${(mergeRate / rawEventsOnlyRate).toFixed(2)})  target ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
