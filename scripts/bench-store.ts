/**
 * EDA turns (two events each: the question, the answer) written per second through the engine's
 * store (its group commit: appends made in one event-loop turn share a transaction, as a run's events
 * do) versus raw better-sqlite3 inserts of the same rows in a single transaction. Also shows the store
 * forced to commit every turn on its own.
 * Prints the ratios measured in this run. Usage: npm run bench:store [-- --turns 200000]
 */
import '../electron/engine/games/registry'; // the games, loaded as a door loads them
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { EventRecord } from '../electron/engine/core/events';
import { Store } from '../electron/engine/store/store';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '200000' } } });
const N = Number(values.turns);
const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-store-'));

function seed(store: Store): number[] {
  const datasetId = store.datasets.upsert({ game: 'eda', name: 'things', kind: 'things', source: 'bench', contentHash: null });
  const [instance] = store.datasets.upsertInstances(datasetId, 'test', [{ key: 'Oar', name: 'Oar', payload: { line: 'Oar', aliases: ['Oar'] }, tags: {} }]);
  const episodes = Array.from({ length: Math.ceil(N / 20) }, (_, i) => ({ instanceId: instance!.id, repetition: i + 1, seed: i }));
  const runId = store.runs.create({ name: null, game: 'eda', datasetId, subset: 'test', config: {}, seed: 1, appVersion: 'bench', seats: [], episodes });
  return store.episodes.ids(runId, ['pending']);
}

/** One EDA turn as the game records it: the guesser's question and the judge's answer. */
function turn(idx: number): [EventRecord, EventRecord] {
  const question = 'Is it used for entertainment or leisure?';
  const base = { round: idx, parts: null, valid: true, flags: [], callId: null };
  return [
    { ...base, idx: 2 * idx - 1, from: 'guesser', to: 'judge', kind: 'response', text: question, action: { question }, latencyMs: 412.5, inputTokens: 180, outputTokens: 9 },
    { ...base, idx: 2 * idx, from: 'judge', to: 'guesser', kind: 'response', text: 'Yes.', action: { label: 'yes' }, latencyMs: 98.1, inputTokens: 92, outputTokens: 2 },
  ];
}

// Through the store, as the runner writes: appends, committed in groups.
const store = Store.open(join(dir, 'store.db'));
const episodeIds = seed(store);
const rows = Array.from({ length: N }, (_, i) => ({ episodeId: episodeIds[Math.floor(i / 20)]!, events: turn((i % 20) + 1) }));
let t0 = performance.now();
for (const row of rows) for (const e of row.events) store.events.append(row.episodeId, e);
store.flush();
const storeSeconds = (performance.now() - t0) / 1000;
store.close();

// The store forced to commit after every single turn (what a naive writer does).
const single = Store.open(join(dir, 'single.db'));
const singleIds = seed(single);
const singleRows = rows.slice(0, Math.min(N, 50_000)).map((r, i) => ({ ...r, episodeId: singleIds[Math.floor(i / 20)]! }));
t0 = performance.now();
for (const row of singleRows) {
  for (const e of row.events) single.events.append(row.episodeId, e);
  single.flush();
}
const singleRate = singleRows.length / ((performance.now() - t0) / 1000);
single.close();

// Raw: the same rows, same schema and pragmas, one prepared statement, one transaction.
const rawStore = Store.open(join(dir, 'raw.db'));
seed(rawStore);
rawStore.close();
const raw = new Database(join(dir, 'raw.db'));
raw.pragma('journal_mode = WAL');
raw.pragma('synchronous = NORMAL');
const insert = raw.prepare(
  `INSERT INTO events (episode_id, idx, round, from_seat, to_seat, kind, text, parts, action, valid, flags, call_id,
     latency_ms, input_tokens, output_tokens, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
t0 = performance.now();
raw.transaction(() => {
  for (const r of rows) {
    for (const e of r.events) {
      insert.run(r.episodeId, e.idx, e.round, e.from, e.to, e.kind, e.text, null, JSON.stringify(e.action), 1, null, null,
        e.latencyMs, e.inputTokens, e.outputTokens, new Date().toISOString());
    }
  }
})();
const rawSeconds = (performance.now() - t0) / 1000;
raw.close();
const storeRate = N / storeSeconds;
const rawRate = N / rawSeconds;
rmSync(dir, { recursive: true, force: true });

console.log(`bench:store  ${N.toLocaleString('en-US')} EDA turns (${(2 * N).toLocaleString('en-US')} events) · ${cpus().length} cores (${cpus()[0]?.model ?? '?'})`);
console.log(`  engine store (group commit): ${Math.round(storeRate).toLocaleString('en-US')} turns/s (${Math.round(2 * storeRate).toLocaleString('en-US')} events/s)`);
console.log(`  engine store forced to commit every turn: ${Math.round(singleRate).toLocaleString('en-US')} turns/s (${(singleRate / rawRate).toFixed(2)} of raw)`);
console.log(`  raw better-sqlite3 (one transaction): ${Math.round(rawRate).toLocaleString('en-US')} turns/s (${Math.round(2 * rawRate).toLocaleString('en-US')} events/s)`);
console.log(`  ratio store/raw: ${(storeRate / rawRate).toFixed(2)}  (target ≥ 0.5 and ≥ 100,000 turns/s: ${storeRate / rawRate >= 0.5 && storeRate >= 100_000 ? 'met' : 'NOT met'})`);
