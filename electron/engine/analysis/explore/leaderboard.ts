/**
 * The leaderboard: one row per player (the game's subject), each metric as the paper's Table 1 puts
 * it (mean ± sample std over run × repetition units) with a 95% interval about the pooled mean, the
 * game's aggregates, errors counted. Pure arithmetic on sums the store keeps.
 */
import { mean, sampleStandardDeviation } from 'simple-statistics';
import type { InstanceCoverage, LeaderboardRowView, LeaderboardView, MetricCellView } from '../../../../shared/api/views';
import type { MetricSpec } from '../../../../shared/contract/game';
import type { Game } from '../../core/game';
import { gameById } from '../../games/registry';
import type { RepSum } from '../../store/explore';
import type { Store } from '../../store/store';
import { bestRows } from '../../../../shared/stats/caution';
import { intervalFor } from '../../stats/intervals';
import { coverage, restrictedSums } from './coverage';
import { rowKind, rowRoles, rowsOf, selectRuns, type ExploreFilters, type ViewRun } from './select';
import { aggregateInfos, aggregatesOf } from '../../capabilities/aggregates/provision';

export type LeaderboardRow = LeaderboardRowView;

/** One row per player (the runs' rows, chosen by `selectRuns`) from the sums of their units; `leftOut` counts episodes outside the compared instances. */
export function leaderboardFrom(
  game: Game<unknown>,
  runs: readonly ViewRun[],
  units: readonly RepSum[],
  excluded: Map<number, { errors: number; unfinished: number }>,
  leftOut: Map<number, number> = new Map(),
): LeaderboardRow[] {
  const byRun = new Map(runs.map((r) => [r.id, r]));
  // Units of each row and metric, in run, repetition order (the order sums are read in). A seat's
  // units count for its row (none when it is not of a row role); its row's seats pool within a unit.
  const byPlayer = new Map<string, Map<string, RepSum[]>>();
  for (const unit of units) {
    const run = byRun.get(unit.runId);
    if (!run || unit.n === 0) continue;
    for (const row of rowsOf(run, unit.seat)) {
      const metrics = byPlayer.get(row) ?? new Map<string, RepSum[]>();
      const list = metrics.get(unit.metric) ?? [];
      const same = list.find((u) => u.runId === unit.runId && u.repetition === unit.repetition);
      if (same) list[list.indexOf(same)] = { ...same, n: same.n + unit.n, sum: same.sum + unit.sum, sum2: same.sum2 + unit.sum2 };
      else list.push(unit);
      metrics.set(unit.metric, list);
      byPlayer.set(row, metrics);
    }
  }
  const rows: LeaderboardRow[] = [];
  for (const [player, metrics] of byPlayer) {
    const episodes = metrics.get('') ?? [];
    if (episodes.length === 0) continue;
    const runIds = [...new Set(episodes.map((u) => u.runId))].sort((a, b) => a - b);
    const cells: Record<string, MetricCellView> = {};
    for (const spec of game.metrics) {
      const list = metrics.get(spec.key);
      if (list?.length) cells[spec.key] = cell(spec, list);
    }
    rows.push({
      player,
      kind: kindOf(byRun.get(episodes[0]!.runId), player),
      runs: runIds,
      episodes: episodes.reduce((a, u) => a + u.n, 0),
      repetitions: episodes.length,
      errorsExcluded: runIds.reduce((a, id) => a + (excluded.get(id)?.errors ?? 0), 0),
      unfinishedExcluded: runIds.reduce((a, id) => a + (excluded.get(id)?.unfinished ?? 0), 0),
      leftOut: runIds.reduce((a, id) => a + (leftOut.get(id) ?? 0), 0),
      metrics: cells,
      aggregates: Object.fromEntries(aggregatesOf(game).map((a) => [a.key, a.compute(Object.fromEntries(game.metrics.map((m) => [m.key, cells[m.key]?.pooled ?? null])))])),
    });
  }
  const sortBy = game.metrics.find((m) => m.key === game.view.sortBy);
  const sign = sortBy?.direction === 'lower' ? -1 : 1;
  const value = (r: LeaderboardRow) => r.metrics[game.view.sortBy]?.mean ?? -Infinity * sign;
  return rows.sort((a, b) => sign * (value(b) - value(a)) || a.player.localeCompare(b.player));
}

/** A row's kind (a row without a run of its own is a model's). */
const kindOf = (run: ViewRun | undefined, row: string): string => (run ? rowKind(run, row) : 'model');

/** Table 1: mean ± sample std of unit means; and the pooled mean over episodes with its interval. */
function cell(spec: MetricSpec, list: readonly RepSum[]): MetricCellView {
  const means = list.map((u) => u.sum / u.n);
  const n = list.reduce((a, u) => a + u.n, 0);
  const sum = list.reduce((a, u) => a + u.sum, 0);
  const sum2 = list.reduce((a, u) => a + u.sum2, 0);
  // The interval is about the pooled mean over episodes, which is given with it: it can differ from
  // the Table-1 mean of repetition means when repetitions have different sizes (a person's games).
  return { mean: mean(means), std: means.length > 1 ? sampleStandardDeviation(means) : null, pooled: sum / n, ...intervalFor(spec, sum, sum2, n), n };
}

/** Which rows hold the best value of each metric: rows with enough episodes, ties at the printed digits included (none for metrics without a direction). */
export function bestOf(rows: readonly LeaderboardRow[], metrics: readonly MetricSpec[], minEpisodes: number): Record<string, string[]> {
  const best: Record<string, string[]> = {};
  for (const m of metrics) {
    // A percentage's d printed decimals are the share's d + 2.
    const players = bestRows(rows.map((r) => ({ player: r.player, value: r.metrics[m.key]?.mean ?? null, n: r.metrics[m.key]?.n ?? 0 })), m.direction, m.percent ? m.digits + 2 : m.digits, minEpisodes);
    if (players.length) best[m.key] = players;
  }
  return best;
}

export function leaderboard(store: Store, filters: ExploreFilters): LeaderboardView {
  const game = gameById(filters.game);
  const runs = selectRuns(store.runs.all(), filters, game);
  const ids = runs.map((r) => r.id);
  const cov = coverage(store, runs, filters);
  const sums = store.explore.repetitionSums(ids);
  const units = restrictedSums(store, cov, runs, sums);
  // Episodes left out per run: its episode count before and after the restriction.
  const episodes = (list: readonly RepSum[]) => {
    const n = new Map<number, number>();
    for (const s of list) if (s.metric === '') n.set(s.runId, (n.get(s.runId) ?? 0) + s.n);
    return n;
  };
  const [before, after] = [episodes(sums), episodes(units)];
  const leftOut = new Map(cov.common === null ? [] : ids.map((id) => [id, (before.get(id) ?? 0) - (after.get(id) ?? 0)]));
  const rows = leaderboardFrom(game, runs, units, store.runs.excludedCounts(ids), leftOut);
  return {
    game: game.id,
    subjectLabel: subjectLabel(game, filters.by),
    metrics: [...game.metrics],
    aggregates: aggregateInfos(game),
    rows,
    best: bestOf(rows, game.metrics, filters.minEpisodes),
    minEpisodes: filters.minEpisodes,
    coverage: cov.view satisfies InstanceCoverage,
  };
}

/** What the rows are called: the row roles' labels (EDA: Guesser). */
export function subjectLabel(game: Game<unknown>, by?: string): string {
  const roles = rowRoles(game, by);
  return game.roles.filter((r) => roles.has(r.id)).map((r) => r.label).join(' + ') || 'Player';
}
