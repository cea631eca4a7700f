/**
 * Turns written per second through the engine's store (its group commit: appends made in one
 * event-loop turn share a transaction, as a run's turns do) versus raw better-sqlite3 inserts of the
 * same rows in a single transaction. Also shows the store forced to commit every turn on its own.
 * Prints the ratios measured in this run. Usage: npm run bench:store [-- --turns 200000]
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Store, type TurnInput } from '../electron/engine/store/store';

const { values } = parseArgs({ options: { turns: { type: 'string', default: '200000' } } });
const N = Number(values.turns);
const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-store-'));

function seed(store: Store): number[] {
  const datasetId = store.upsertDataset('things', 'things', 'bench');
  const [entity] = store.upsertEntities(datasetId, 'test', [{ position: 0, name: 'Oar', line: 'Oar', aliases: ['Oar'] }]);
  const episodes = Array.from({ length: Math.ceil(N / 20) }, (_, i) => ({ entityId: entity!.id, repetition: i + 1, seed: i }));
  const runId = store.createRun({ name: null, game: 'eda', datasetId, split: 'test', config: {}, seed: 1, appVersion: 'bench', players: {}, episodes });
  return store.episodeIds(runId, ['pending']);
}

function turn(episodeId: number, idx: number): TurnInput {
  return {
    episodeId, idx,
    guesserGenerated: 'Is it used for entertainment or leisure?', guesserSent: 'Is it used for entertainment or leisure?',
    guesserInHistory: 'Is it used for entertainment or leisure?', judgeRaw: 'Yes.', judgeLabel: 'yes', judgeReply: 'Yes.',
    guesserCallId: null, judgeCallId: null, guesserLatencyMs: 412.5, judgeLatencyMs: 98.1,
    guesserInputTokens: 180, guesserOutputTokens: 9, judgeInputTokens: 92, judgeOutputTokens: 2, flags: [],
  };
}

// Through the store, as the runner writes: appends, committed in groups.
const store = Store.open(join(dir, 'store.db'));
const episodeIds = seed(store);
const rows = Array.from({ length: N }, (_, i) => turn(episodeIds[Math.floor(i / 20)]!, (i % 20) + 1));
let t0 = performance.now();
for (const row of rows) store.commitTurn(row);
store.flush();
const storeSeconds = (performance.now() - t0) / 1000;
store.close();

// The store forced to commit after every single turn (what a naive writer does).
const single = Store.open(join(dir, 'single.db'));
const singleIds = seed(single);
const singleRows = rows.slice(0, Math.min(N, 50_000)).map((r, i) => ({ ...r, episodeId: singleIds[Math.floor(i / 20)]! }));
t0 = performance.now();
for (const row of singleRows) {
  single.commitTurn(row);
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
  `INSERT INTO turns (episode_id, idx, guesser_generated, guesser_sent, guesser_in_history, judge_raw, judge_label, judge_reply,
     guesser_call_id, judge_call_id, guesser_latency_ms, judge_latency_ms, guesser_input_tokens, guesser_output_tokens,
     judge_input_tokens, judge_output_tokens, created_at, flags)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
);
t0 = performance.now();
raw.transaction(() => {
  for (const r of rows) {
    insert.run(r.episodeId, r.idx, r.guesserGenerated, r.guesserSent, r.guesserInHistory, r.judgeRaw, r.judgeLabel, r.judgeReply,
      r.guesserCallId, r.judgeCallId, r.guesserLatencyMs, r.judgeLatencyMs, r.guesserInputTokens, r.guesserOutputTokens,
      r.judgeInputTokens, r.judgeOutputTokens, new Date().toISOString(), null);
  }
})();
const rawSeconds = (performance.now() - t0) / 1000;
raw.close();
const storeRate = N / storeSeconds;
const rawRate = N / rawSeconds;
rmSync(dir, { recursive: true, force: true });

console.log(`bench:store  ${N.toLocaleString('en-US')} turns · ${cpus().length} cores (${cpus()[0]?.model ?? '?'})`);
console.log(`  engine store (group commit): ${Math.round(storeRate).toLocaleString('en-US')} turns/s`);
console.log(`  engine store forced to commit every turn: ${Math.round(singleRate).toLocaleString('en-US')} turns/s (${(singleRate / rawRate).toFixed(2)} of raw)`);
console.log(`  raw better-sqlite3 (one transaction): ${Math.round(rawRate).toLocaleString('en-US')} turns/s`);
console.log(`  ratio store/raw: ${(storeRate / rawRate).toFixed(2)}  (target ≥ 0.5 and ≥ 100,000 turns/s: ${storeRate / rawRate >= 0.5 && storeRate >= 100_000 ? 'met' : 'NOT met'})`);
