/**
 * How two rows (players) are compared on a metric: one method per pair, used alike by the
 * leaderboard's Pairwise panel, the Significance table and their exports, so the same pair has the
 * same difference and p everywhere (the table adds Holm's adjustment, and says so).
 *
 * - A row's sample is one value per counted episode on the view's compared instances: the
 *   episode's score, or for a seat metric the mean over the row's seats in that episode (the AGE
 *   paper macro-averages per conversation), so an episode is one observation however many seats a
 *   row held in it.
 * - Rows that sat in the same episodes (AGE §4.1: all four models in every conversation): a paired
 *   t-test over those episodes; pairing removes the variance between episodes (an easy word pair
 *   lifts both), which would otherwise drown the difference.
 * - Rows that share instances but not episodes (EDA: two guessers on the same entities, each in its
 *   own run, each instance played several times): a paired t-test over the shared instances, each
 *   row's repetitions on an instance averaged first. Repetitions of one instance are not independent
 *   draws (they share its difficulty), so treating every game as its own observation, as Welch's
 *   test does, both mixes the instances' difficulty into the noise and counts one instance many times.
 * - Rows with no instance in common (AGE §4.2: each model plays its own conversations against the
 *   baseline): Welch's t-test over their episodes; the samples are independent and nothing says
 *   their variances agree.
 */
import type { PairedComparisonView, SignificancePairView } from '../../../../shared/api/views';
import type { MetricSpec } from '../../../../shared/contract/game';
import type { Game } from '../../core/game';
import { gameById } from '../../games/registry';
import type { EpisodeValue } from '../../store/explore';
import type { Store } from '../../store/store';
import { differenceInterval, pairedTTest, welchTTest } from '../significance';
import { coverage, type Coverage } from './coverage';
import { metricOf } from './items';
import { rowsOf, selectRuns, type ExploreFilters, type ViewRun } from './select';

/** Episode id → the row's value in it, and the episode's instance. */
export type RowSample = ReadonlyMap<number, { value: number; instanceId: number }>;

/** Each row's value per episode: a seat metric's mean over the row's seats in it; an episode metric counts for every row of its run. */
export function rowSamples(runs: readonly ViewRun[], values: readonly EpisodeValue[], instances: ReadonlySet<number> | null): Map<string, RowSample> {
  const byId = new Map(runs.map((r) => [r.id, r]));
  const acc = new Map<string, Map<number, { sum: number; n: number; instanceId: number }>>();
  for (const v of values) {
    const run = byId.get(v.runId);
    if (!run || (instances && !instances.has(v.instanceId))) continue;
    for (const row of rowsOf(run, v.seat)) {
      const episodes = acc.get(row) ?? new Map<number, { sum: number; n: number; instanceId: number }>();
      const cell = episodes.get(v.episodeId) ?? { sum: 0, n: 0, instanceId: v.instanceId };
      cell.sum += v.value;
      cell.n += 1;
      episodes.set(v.episodeId, cell);
      acc.set(row, episodes);
    }
  }
  return new Map([...acc].map(([row, episodes]) => [row, new Map([...episodes].map(([id, c]) => [id, { value: c.sum / c.n, instanceId: c.instanceId }]))]));
}

/** The view's runs, its coverage, and every row's sample of a metric on the compared instances. */
export function viewSamples(store: Store, filters: ExploreFilters, metric: MetricSpec): { game: Game<unknown>; runs: ViewRun[]; cov: Coverage; samples: Map<string, RowSample> } {
  const game = gameById(filters.game);
  const runs = selectRuns(store.runs.all(), filters, game);
  const cov = coverage(store, runs, filters);
  return { game, runs, cov, samples: rowSamples(runs, store.explore.episodeValues(runs.map((r) => r.id), metric.key), cov.common) };
}

const average = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

/** Instance → the mean of a row's episodes on it, and how many there were. */
function instanceMeans(sample: RowSample): Map<number, { mean: number; episodes: number }> {
  const acc = new Map<number, { sum: number; n: number }>();
  for (const { value, instanceId } of sample.values()) {
    const c = acc.get(instanceId) ?? { sum: 0, n: 0 };
    c.sum += value;
    c.n += 1;
    acc.set(instanceId, c);
  }
  return new Map([...acc].map(([id, c]) => [id, { mean: c.sum / c.n, episodes: c.n }]));
}

export type PairTest = Omit<SignificancePairView, 'pHolm' | 'significant'>;

/** A difference's interval kept within what a difference of the metric can be (±(max − min) of its range), as the leaderboard keeps its intervals in range. */
function within(interval: { low: number | null; high: number | null }, range: readonly [number, number] | undefined): { low: number | null; high: number | null } {
  if (!range || interval.low === null || interval.high === null) return interval;
  const span = range[1] - range[0];
  return { low: Math.max(-span, interval.low), high: Math.min(span, interval.high) };
}

/** One pair's test, before any adjustment: by shared episodes, else by shared instances, else Welch's. `range`: the metric's. */
export function testPair(a: string, b: string, sa: RowSample, sb: RowSample, range?: readonly [number, number]): PairTest {
  const shared = [...sa.keys()].filter((id) => sb.has(id)).sort((x, y) => x - y);
  if (shared.length > 0) {
    const xs = shared.map((id) => sa.get(id)!.value);
    const ys = shared.map((id) => sb.get(id)!.value);
    const r = pairedTTest(xs, ys);
    return { a, b, test: 'paired', n: r.n, nA: r.n, nB: r.n, meanA: average(xs), meanB: average(ys), difference: r.meanDifference, ...within(differenceInterval(r), range), t: r.t, df: r.df, p: r.p };
  }
  const [ma, mb] = [instanceMeans(sa), instanceMeans(sb)];
  const instances = [...ma.keys()].filter((id) => mb.has(id)).sort((x, y) => x - y);
  if (instances.length > 0) {
    const xs = instances.map((id) => ma.get(id)!.mean);
    const ys = instances.map((id) => mb.get(id)!.mean);
    const r = pairedTTest(xs, ys);
    const episodes = (m: Map<number, { episodes: number }>) => instances.reduce((n, id) => n + m.get(id)!.episodes, 0);
    return { a, b, test: 'paired-instances', n: r.n, nA: episodes(ma), nB: episodes(mb), meanA: average(xs), meanB: average(ys), difference: r.meanDifference, ...within(differenceInterval(r), range), t: r.t, df: r.df, p: r.p };
  }
  const xs = [...sa.values()].map((v) => v.value);
  const ys = [...sb.values()].map((v) => v.value);
  const r = welchTTest(xs, ys);
  return { a, b, test: 'welch', n: r.nA + r.nB, nA: r.nA, nB: r.nB, meanA: average(xs), meanB: average(ys), difference: r.meanDifference, ...within(differenceInterval(r), range), t: r.t, df: r.df, p: r.p };
}

/** The method of one pair in words, as the Pairwise panel and the table's note name it. */
export function methodText(pair: Pick<PairTest, 'test' | 'n' | 'nA' | 'nB'>, nouns: { instance: string; instances: string }): string {
  if (pair.test === 'paired') return `paired t-test over the ${pair.n} episode${pair.n === 1 ? '' : 's'} both sat in`;
  if (pair.test === 'paired-instances') {
    // "(1 and 1 episodes)" would misread; the counts read as English whatever they are.
    const counts = pair.nA === 1 && pair.nB === 1 ? '1 episode each' : `${pair.nA} and ${pair.nB} episode${pair.nB === 1 ? '' : 's'}`;
    return `paired t-test over the ${pair.n} ${pair.n === 1 ? nouns.instance : nouns.instances} both played (${counts}), each player's repetitions on one averaged first`;
  }
  return `Welch's t-test over their own episodes (${pair.nA} and ${pair.nB}): they share no ${nouns.instance}`;
}

/** Mean difference A − B of a metric (the leaderboard's sort metric by default), tested as the Significance table tests the pair. */
export function comparePlayers(store: Store, filters: ExploreFilters, a: string, b: string, metricKey?: string): PairedComparisonView {
  const game = gameById(filters.game);
  const metric = metricOf(game, metricKey ?? game.view.sortBy);
  const { samples } = viewSamples(store, filters, metric);
  const pair = testPair(a, b, samples.get(a) ?? new Map(), samples.get(b) ?? new Map(), metric.range);
  return { ...pair, metric: metric.key, method: methodText(pair, game.view.nouns) };
}
