/**
 * The pairwise significance table: for every two rows (players), is their difference on a metric more
 * than chance? The AGE paper ran "t-tests between the models' AGE score; all p-values below 0.01"
 * without saying which test or correcting for the many it ran. Here, for any game:
 *
 * - A row's sample is one value per counted episode on the compared instances: the episode's score,
 *   or for a seat metric the mean over the row's seats in that episode (the paper macro-averages per
 *   conversation), so an episode is one observation however many seats a row held in it.
 * - Two rows that sat in the same episodes (AGE §4.1: all four models in every conversation) get a
 *   paired t-test over those episodes: an easy word pair lifts both, and pairing removes that
 *   between-episode variance, which would otherwise drown the difference.
 * - Rows with no episode in common (AGE §4.2: each model plays its own conversations against the
 *   baseline) get Welch's t-test: the samples are independent and nothing says their variances agree.
 * - Every p-value in the table is adjusted by Holm's method (which controls the family-wise error
 *   without assuming independence), and a pair is flagged significant when its adjusted p is below
 *   alpha (default 0.01, the paper's threshold).
 */
import type { SignificancePairView, SignificanceView } from '../../../../shared/api/views';
import type { MetricSpec } from '../../../../shared/contract/game';
import { gameById } from '../../games/registry';
import type { EpisodeValue } from '../../store/explore';
import type { Store } from '../../store/store';
import { holm, pairedTTest, welchTTest } from '../significance';
import { coverage } from './coverage';
import { metricLabel, metricOf } from './items';
import { leaderboard } from './leaderboard';
import { rowsOf, selectRuns, type ExploreFilters, type ViewRun } from './select';

/** The paper's threshold. */
export const DEFAULT_ALPHA = 0.01;

/** Episode id → the row's value in it. */
export type RowSample = ReadonlyMap<number, number>;

/** Each row's value per episode: a seat metric's mean over the row's seats in it; an episode metric counts for every row of its run. */
export function rowSamples(runs: readonly ViewRun[], values: readonly EpisodeValue[], instances: ReadonlySet<number> | null): Map<string, RowSample> {
  const byId = new Map(runs.map((r) => [r.id, r]));
  const acc = new Map<string, Map<number, { sum: number; n: number }>>();
  for (const v of values) {
    const run = byId.get(v.runId);
    if (!run || (instances && !instances.has(v.instanceId))) continue;
    for (const row of rowsOf(run, v.seat)) {
      const episodes = acc.get(row) ?? new Map<number, { sum: number; n: number }>();
      const cell = episodes.get(v.episodeId) ?? { sum: 0, n: 0 };
      cell.sum += v.value;
      cell.n += 1;
      episodes.set(v.episodeId, cell);
      acc.set(row, episodes);
    }
  }
  return new Map([...acc].map(([row, episodes]) => [row, new Map([...episodes].map(([id, c]) => [id, c.sum / c.n]))]));
}

const average = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/** One pair's test, before Holm: paired over the episodes both rows have a value in, Welch when they share none. */
export function testPair(a: string, b: string, sa: RowSample, sb: RowSample): Omit<SignificancePairView, 'pHolm' | 'significant'> {
  const shared = [...sa.keys()].filter((id) => sb.has(id)).sort((x, y) => x - y);
  if (shared.length > 0) {
    const xs = shared.map((id) => sa.get(id)!);
    const ys = shared.map((id) => sb.get(id)!);
    const r = pairedTTest(xs, ys);
    return { a, b, test: 'paired', n: r.n, nA: r.n, nB: r.n, meanA: average(xs), meanB: average(ys), difference: r.meanDifference, t: r.t, df: r.df, p: r.p };
  }
  const xs = [...sa.values()];
  const ys = [...sb.values()];
  const r = welchTTest(xs, ys);
  return { a, b, test: 'welch', n: r.nA + r.nB, nA: r.nA, nB: r.nB, meanA: average(xs), meanB: average(ys), difference: r.meanDifference, t: r.t, df: r.df, p: r.p };
}

/** Every pair a < b in `order`, tested, with Holm's adjustment over the whole table. */
export function pairTable(order: readonly string[], samples: ReadonlyMap<string, RowSample>, alpha: number): SignificancePairView[] {
  const raw = order.flatMap((a, i) => order.slice(i + 1).map((b) => testPair(a, b, samples.get(a)!, samples.get(b)!)));
  const adjusted = holm(raw.map((r) => r.p));
  return raw.map((r, i) => ({ ...r, pHolm: adjusted[i]!, significant: adjusted[i] !== null && adjusted[i]! < alpha }));
}

/** Which tests the table used and why, in one line (the UI's note and the LaTeX caption). */
export function testsNote(pairs: readonly SignificancePairView[], alpha: number): string {
  const used = new Set(pairs.map((p) => p.test));
  const parts = [
    ...(used.has('paired') ? ['paired t-tests where two players sat in the same episodes (pairing removes the variance between episodes)'] : []),
    ...(used.has('welch') ? [`Welch's t-tests where they played separate episodes (independent samples whose variances may differ)`] : []),
  ];
  const tests = pairs.filter((p) => p.p !== null).length;
  const what = parts.length ? `${parts.join('; ')}. ` : '';
  return `${what.charAt(0).toUpperCase()}${what.slice(1)}p adjusted by Holm's method over the ${tests} test${tests === 1 ? '' : 's'} of the table; significant: Holm p < ${alpha}.`;
}

/** Rows in the leaderboard's order (best first), any the leaderboard lacks after them by name. */
function rowOrder(store: Store, filters: ExploreFilters, rows: Iterable<string>): string[] {
  const present = new Set(rows);
  const ranked = leaderboard(store, filters).rows.map((r) => r.player).filter((p) => present.has(p));
  return [...ranked, ...[...present].filter((p) => !ranked.includes(p)).sort()];
}

export function significance(store: Store, filters: ExploreFilters, metricKey: string, alpha = DEFAULT_ALPHA): SignificanceView {
  const game = gameById(filters.game);
  const metric: MetricSpec = metricOf(game, metricKey);
  const runs = selectRuns(store.runs.all(), filters, game);
  const cov = coverage(store, runs, filters.instances);
  const samples = rowSamples(runs, store.explore.episodeValues(runs.map((r) => r.id), metric.key), cov.common);
  const order = rowOrder(store, filters, [...new Set(runs.flatMap((r) => rowsOf(r, '')))]);
  const players = order.filter((p) => samples.has(p));
  const pairs = pairTable(players, samples, alpha);
  return {
    game: game.id,
    metric: metric.key,
    metricLabel: metricLabel(metric),
    digits: metric.digits,
    alpha,
    players: players.map((p) => {
      const values = [...samples.get(p)!.values()];
      return { player: p, episodes: values.length, mean: average(values)! };
    }),
    without: order.filter((p) => !samples.has(p)),
    pairs,
    note: testsNote(pairs, alpha),
    coverage: cov.view,
  };
}
