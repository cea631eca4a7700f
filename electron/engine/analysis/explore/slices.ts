/**
 * A score table over slices of the instances (a game's `view.slices`, SimulBench's Table 4): for each
 * row and each column, the mean of a metric over the row's episodes on the instances the column keeps
 * (a micro average over instances, as the paper's table; a seat metric counts the row's own seats),
 * with its 95% interval. Arithmetic on the sums per run × instance the store keeps.
 */
import type { SlicesView } from '../../../../shared/api/views';
import { UserError } from '../../errors';
import { gameById } from '../../games/registry';
import type { Store } from '../../store/store';
import { bestRows } from '../../../../shared/stats/caution';
import { intervalFor } from '../../stats/intervals';
import { coverage } from './coverage';
import { byRow, comparedSums, metricLabel, metricOf } from './items';
import { subjectLabel } from './leaderboard';
import { rowNames, selectRuns, type ExploreFilters } from './select';

export function slices(store: Store, filters: ExploreFilters, metricKey?: string): SlicesView {
  const game = gameById(filters.game);
  const spec = game.view.slices;
  if (!spec) throw new UserError(`${game.shortTitle} has no score table by slices; use the leaderboard.`);
  const metric = metricOf(game, metricKey ?? game.view.sortBy);
  const runs = selectRuns(store.runs.all(), filters, game);
  const cov = coverage(store, runs, filters);
  const tags = new Map(store.explore.instanceTags([...new Set(runs.map((r) => r.datasetId))]).map((i) => [i.id, i.tags]));
  const keeps = spec.columns.map((c) => (id: number) => Object.entries(c.where).every(([key, values]) => values.includes(tags.get(id)?.[key] ?? '')));
  const cells = new Map<string, { n: number; sum: number; sum2: number }[]>();
  for (const { row, sum } of byRow(runs, comparedSums(store, runs, cov, metric))) {
    const list = cells.get(row) ?? spec.columns.map(() => ({ n: 0, sum: 0, sum2: 0 }));
    keeps.forEach((keep, k) => {
      if (!keep(sum.instanceId)) return;
      list[k]!.n += sum.n;
      list[k]!.sum += sum.sum;
      list[k]!.sum2 += sum.sum2;
    });
    cells.set(row, list);
  }
  const rows = rowNames(runs)
    .filter((p) => cells.has(p))
    .map((player) => ({ player, cells: cells.get(player)!.map((c) => (c.n === 0 ? null : { mean: c.sum / c.n, n: c.n, ...intervalFor(metric, c.sum, c.sum2, c.n) })) }));
  const last = spec.columns.length - 1;
  rows.sort((a, b) => (b.cells[last]?.mean ?? -Infinity) - (a.cells[last]?.mean ?? -Infinity) || a.player.localeCompare(b.player));
  const best = spec.columns.map((_, k) => bestRows(rows.map((r) => ({ player: r.player, value: r.cells[k]?.mean ?? null, n: r.cells[k]?.n ?? 0 })), metric.direction, metric.digits, filters.minEpisodes));
  return {
    game: game.id,
    title: spec.title,
    note: spec.note,
    metric: metric.key,
    metricLabel: metricLabel(metric),
    digits: metric.digits,
    subjectLabel: subjectLabel(game, filters.by),
    columns: spec.columns.map((c) => c.label),
    rows,
    best,
    minEpisodes: filters.minEpisodes,
    coverage: cov.view,
  };
}
