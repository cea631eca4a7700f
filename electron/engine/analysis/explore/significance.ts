/**
 * The pairwise significance table: for every two rows (players), is their difference on a metric more
 * than chance? The AGE paper ran "t-tests between the models' AGE score; all p-values below 0.01"
 * without saying which test or correcting for the many it ran. Here, for any game, each pair is tested
 * as `pairs.ts` says (paired over shared episodes, paired over shared instances with repetitions
 * averaged, or Welch's: the same test the leaderboard's Pairwise panel runs); every p-value in the
 * table is then adjusted by Holm's method (which controls the family-wise error without assuming
 * independence), and a pair is flagged significant when its adjusted p is below alpha (default 0.01,
 * the paper's threshold).
 */
import type { SignificancePairView, SignificanceView } from '../../../../shared/api/views';
import type { MetricSpec } from '../../../../shared/contract/game';
import { gameById } from '../../games/registry';
import type { Store } from '../../store/store';
import { holm } from '../significance';
import { metricLabel, metricOf } from './items';
import { leaderboard } from './leaderboard';
import { testPair, viewSamples, type RowSample } from './pairs';
import { rowsOf, type ExploreFilters } from './select';

export { rowSamples, testPair, type RowSample } from './pairs';

/** The paper's threshold. */
export const DEFAULT_ALPHA = 0.01;

const average = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/** Every pair a < b in `order`, tested, with Holm's adjustment over the whole table. */
export function pairTable(order: readonly string[], samples: ReadonlyMap<string, RowSample>, alpha: number, range?: readonly [number, number]): SignificancePairView[] {
  const raw = order.flatMap((a, i) => order.slice(i + 1).map((b) => testPair(a, b, samples.get(a)!, samples.get(b)!, range)));
  const adjusted = holm(raw.map((r) => r.p));
  return raw.map((r, i) => ({ ...r, pHolm: adjusted[i]!, significant: adjusted[i] !== null && adjusted[i]! < alpha }));
}

/** Which tests the table used and why, in one line (the UI's note and the LaTeX caption). */
export function testsNote(pairs: readonly SignificancePairView[], alpha: number, nouns: { instance: string; instances: string } = { instance: 'instance', instances: 'instances' }): string {
  const used = new Set(pairs.map((p) => p.test));
  const parts = [
    ...(used.has('paired') ? ['paired t-tests where two players sat in the same episodes (pairing removes the variance between episodes)'] : []),
    ...(used.has('paired-instances') ? [`paired t-tests over the ${nouns.instances} two players both played, each one's repetitions on one averaged first (repeated games of one ${nouns.instance} are not independent)`] : []),
    ...(used.has('welch') ? [`Welch's t-tests where they share no ${nouns.instance} (independent samples whose variances may differ)`] : []),
  ];
  const tests = pairs.filter((p) => p.p !== null).length;
  const what = parts.length ? `${parts.join('; ')}. ` : '';
  return `${what.charAt(0).toUpperCase()}${what.slice(1)}p adjusted by Holm's method over the ${tests} test${tests === 1 ? '' : 's'} of the table (the leaderboard's Pairwise panel gives the same test's p unadjusted); significant: Holm p < ${alpha}.`;
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
  const { runs, cov, samples } = viewSamples(store, filters, metric);
  const order = rowOrder(store, filters, [...new Set(runs.flatMap((r) => rowsOf(r, '')))]);
  const players = order.filter((p) => samples.has(p));
  const pairs = pairTable(players, samples, alpha, metric.range);
  return {
    game: game.id,
    metric: metric.key,
    metricLabel: metricLabel(metric),
    digits: metric.digits,
    alpha,
    players: players.map((p) => {
      const values = [...samples.get(p)!.values()].map((v) => v.value);
      return { player: p, episodes: values.length, mean: average(values)! };
    }),
    without: order.filter((p) => !samples.has(p)),
    pairs,
    note: testsNote(pairs, alpha, game.view.nouns),
    coverage: cov.view,
  };
}
