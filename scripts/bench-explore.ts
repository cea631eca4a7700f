/**
 * The explore views on a realistic 10-million-turn database: leaderboard, heatmap and opening a
 * transcript, each timed warm (median of repeated runs) through the same functions the API calls.
 * Prints the times, the targets and the row counts. Usage: npm run bench:explore [-- --db file --players 60]
 */
import '../electron/engine/games/registry'; // the games, loaded as a door loads them
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { heatmap } from '../electron/engine/analysis/explore/items';
import { leaderboard } from '../electron/engine/analysis/explore/leaderboard';
import { openTranscript } from '../electron/engine/api/transcripts';
import { ExploreFiltersSchema, type ExploreFiltersInput } from '../shared/contract/explore';
import { Store } from '../electron/engine/store/store';
import { generateExploreDb } from './explore-db';

const { values } = parseArgs({ options: { db: { type: 'string' }, players: { type: 'string', default: '60' }, judges: { type: 'string', default: '2' } } });
const dir = values.db ? null : mkdtempSync(join(tmpdir(), 'parlor-bench-explore-'));
const path = values.db ?? join(dir!, 'explore.db');

if (!existsSync(path)) {
  const t0 = performance.now();
  const made = generateExploreDb(path, { players: Number(values.players), judges: Number(values.judges) });
  console.log(`generated ${path} in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${JSON.stringify(made)}`);
}

/**
 * Median of repeated calls, the pages warm: `fresh` forgets the store's kept results before each call
 * (the work itself), `again` does not (a view looked at a second time, nothing changed in between).
 */
function time<T>(store: Store, what: () => T, repeats = 7): { ms: number; again: number; result: T } {
  let result = what(); // warm: statement cache, page cache
  const median = (forget: boolean) => {
    const times: number[] = [];
    for (let i = 0; i < repeats; i++) {
      if (forget) store.explore.forget();
      const t = performance.now();
      result = what();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)]!;
  };
  return { ms: median(true), again: median(false), result };
}

const store = Store.open(path);
try {
  const count = (sql: string) => (store as unknown as { db: { prepare(s: string): { pluck(): { get(): number } } } }).db.prepare(sql).pluck().get();
  const counts = { runs: count('SELECT COUNT(*) FROM runs'), episodes: count('SELECT COUNT(*) FROM episodes'), events: count('SELECT COUNT(*) FROM events'), instances: count('SELECT COUNT(*) FROM instances') };
  const f = (input: ExploreFiltersInput) => ExploreFiltersSchema.parse(input);
  const board = time(store, () => leaderboard(store, f({ dataset: 'things' })).rows);
  const boardAll = time(store, () => leaderboard(store, f({ dataset: 'things', instances: 'all' })).rows);
  const boardTest = time(store, () => leaderboard(store, f({ dataset: 'things', subset: 'test' })).rows);
  const map = time(store, () => heatmap(store, f({ dataset: 'celebrities' }), 'occupation', 'score'));
  const ids = Array.from({ length: 200 }, (_, i) => 1 + Math.floor(((i * 7919) % 1000) / 1000 * counts.episodes));
  let k = 0;
  const transcript = time(store, () => openTranscript(store, ids[k++ % ids.length]!), 101);

  const line = (what: string, t: { ms: number; again: number }, target: number, rows: string) =>
    console.log(`  ${what.padEnd(44)} ${t.ms.toFixed(1).padStart(7)} ms, again ${t.again.toFixed(1).padStart(5)} ms  (target < ${target} ms: ${t.ms < target ? 'met' : 'NOT met'})  ${rows}`);
  console.log(`bench:explore  ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}`);
  console.log(`  database: ${(statSync(path).size / 2 ** 30).toFixed(2)} GiB, ${counts.events.toLocaleString('en-US')} events (${(counts.events / 2).toLocaleString('en-US')} turns), ${counts.episodes.toLocaleString('en-US')} episodes, ${counts.runs} runs, ${counts.instances} instances`);
  line('leaderboard, Things, all splits', board, 100, `${board.result.length} players over ${board.result.reduce((a, r) => a + r.episodes, 0).toLocaleString('en-US')} episodes, on the instances all finished (${board.result.reduce((a, r) => a + r.leftOut, 0).toLocaleString('en-US')} left out)`);
  line('  the same, every finished episode', boardAll, 100, `${boardAll.result.reduce((a, r) => a + r.episodes, 0).toLocaleString('en-US')} episodes`);
  line('leaderboard, Things, test split', boardTest, 100, `${boardTest.result.length} players over ${boardTest.result.reduce((a, r) => a + r.episodes, 0).toLocaleString('en-US')} episodes`);
  line('heatmap, Celebrities, players × occupation', map, 100, `${map.result.players.length} × ${map.result.topics.length} cells over ${map.result.cells.reduce((a, c) => a + c.n, 0).toLocaleString('en-US')} episodes`);
  line('open a transcript (episode, run, events)', transcript, 10, `median of 101 random episodes`);
} finally {
  store.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
