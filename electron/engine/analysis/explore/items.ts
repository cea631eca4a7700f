/**
 * Views over instances: paired comparisons, heatmaps by tag, difficulty. They read sums per run ×
 * instance (kept by triggers) and group instances by their tags; everything here is arithmetic.
 */
import type { DifficultyView, HeatmapView } from '../../../../shared/api/views';
import type { MetricSpec } from '../../../../shared/contract/game';
import type { Game } from '../../core/game';
import { UserError } from '../../errors';
import { gameById } from '../../games/registry';
import type { InstanceSum, InstanceTagRow } from '../../store/explore';
import type { Store } from '../../store/store';
import { intervalFor } from '../../stats/intervals';
import { coverage, type Coverage } from './coverage';
import { rowNames, rowsOf, selectRuns, type ExploreFilters, type ViewRun } from './select';

export function metricOf(game: Game<unknown>, key: string): MetricSpec {
  const metric = game.metrics.find((m) => m.key === key);
  if (!metric) throw new UserError(`${game.shortTitle} has no metric "${key}"; its metrics: ${game.metrics.map((m) => m.key).join(', ')}.`);
  return metric;
}

/** How a heatmap and a chart call a metric: "success rate", "mean score". */
export function metricLabel(m: MetricSpec): string {
  return m.kind === 'rate' ? `${m.label.toLowerCase()} rate` : `mean ${m.label.toLowerCase()}`;
}

/** The views' runs, their coverage, and per run × instance sums of a metric restricted to it. */
function scope(store: Store, filters: ExploreFilters, metric: MetricSpec) {
  const game = gameById(filters.game);
  const runs = selectRuns(store.runs.all(), filters, game);
  const cov = coverage(store, runs, filters);
  return { game, runs, cov, rows: comparedSums(store, runs, cov, metric) };
}

/** A metric's sums per run × instance: the episode's, or every seat's for a seat metric. */
function sumsOf(store: Store, runs: readonly ViewRun[], metric: MetricSpec): readonly InstanceSum[] {
  return store.explore.instanceSums(runs.map((r) => r.id), metric.key, metric.scope === 'seat' ? null : '');
}

/** The runs' sums per instance of a metric, on the instances compared on only. */
export function comparedSums(store: Store, runs: readonly ViewRun[], cov: Coverage, metric: MetricSpec): InstanceSum[] {
  return sumsOf(store, runs, metric).filter((r) => cov.common === null || cov.common.has(r.instanceId));
}

/** Each sum once for every row it counts for (its seat's row; an episode's, every row of its run). */
export function byRow(runs: readonly ViewRun[], rows: readonly InstanceSum[]): { row: string; sum: InstanceSum }[] {
  const out: { row: string; sum: InstanceSum }[] = [];
  forEachRow(runs, rows, (row, sum) => out.push({ row, sum }));
  return out;
}

/** `byRow` without its list: each sum, in order, with every row it counts for (a run's rows looked up once per seat). */
export function forEachRow(runs: readonly ViewRun[], rows: readonly InstanceSum[], visit: (row: string, sum: InstanceSum) => void): void {
  const byId = new Map(runs.map((r) => [r.id, r]));
  const names = new Map<string, readonly string[]>();
  for (const sum of rows) {
    const key = `${sum.runId}\u0000${sum.seat}`;
    let list = names.get(key);
    if (list === undefined) {
      const run = byId.get(sum.runId);
      names.set(key, (list = run ? rowsOf(run, sum.seat) : []));
    }
    for (const row of list) visit(row, sum);
  }
}

/** A tag's value of an instance, `(none)` where the dataset gives it none. */
export function tagValue(instance: InstanceTagRow, key: string): string {
  return instance.tags[key] ?? '(none)';
}

/** Instance id → the group it falls in (a tag's value, or its own name), for the datasets of these runs. */
export function instanceGroups(store: Store, runs: readonly ViewRun[], groupOf: (instance: InstanceTagRow) => string): Map<number, string> {
  const groups = new Map<number, string>();
  for (const i of store.explore.instanceTags([...new Set(runs.map((r) => r.datasetId))])) groups.set(i.id, groupOf(i));
  return groups;
}

/** Mean of a metric per player and instance (averaging repetitions and runs). */
export function perItem(runs: readonly ViewRun[], rows: readonly InstanceSum[]): Map<string, Map<number, { sum: number; n: number }>> {
  const out = new Map<string, Map<number, { sum: number; n: number }>>();
  for (const { row: name, sum: row } of byRow(runs, rows)) {
    const items = out.get(name) ?? new Map<number, { sum: number; n: number }>();
    const cell = items.get(row.instanceId) ?? { sum: 0, n: 0 };
    cell.sum += row.sum;
    cell.n += row.n;
    items.set(row.instanceId, cell);
    out.set(name, items);
  }
  return out;
}

/** The tag keys a dataset's instances carry (any stored version of it), with those the game prefers for it. */
export function knownTags(store: Store, game: Game<unknown>, dataset: string): string[] {
  const versions = store.datasets.list(game.id).filter((d) => d.name === dataset);
  const found = new Set(store.explore.instanceTags(versions.map((d) => d.id)).flatMap((i) => Object.keys(i.tags)));
  for (const kind of [dataset, ...versions.map((d) => d.kind)]) for (const tag of game.view.tagOrder?.[kind] ?? []) found.add(tag);
  return [...found].sort();
}

/** Refuses a tag the dataset does not have: grouping by it would show an empty or all-"(none)" view. */
function checkTag(store: Store, game: Game<unknown>, dataset: string, tag: string, what: string): void {
  const known = knownTags(store, game, dataset);
  if (!known.includes(tag)) throw new UserError(`${game.shortTitle} dataset "${dataset}" has no ${what} "${tag}"; its tags: ${known.join(', ') || '(none)'}.`);
}

/** Players × a tag's values; each cell the mean over that player's episodes on instances with that value. */
export function heatmap(store: Store, filters: ExploreFilters, topicKey: string, metricKey: string): HeatmapView {
  const game = gameById(filters.game);
  const metric = metricOf(game, metricKey);
  checkTag(store, game, filters.dataset, topicKey, 'heatmap topic');
  const { runs, cov, rows } = scope(store, filters, metric);
  const topicOf = instanceGroups(store, runs, (i) => tagValue(i, topicKey));
  // Player → topic → cell, each sum added in the order the rows come (the same doubles whatever the lookup).
  const byPlayer = new Map<string, Map<string, { player: string; topic: string; n: number; sum: number; sum2: number }>>();
  const cells: { player: string; topic: string; n: number; sum: number; sum2: number }[] = [];
  forEachRow(runs, rows, (p, row) => {
    const topic = topicOf.get(row.instanceId) ?? '(none)';
    let topics = byPlayer.get(p);
    if (!topics) byPlayer.set(p, (topics = new Map()));
    let cell = topics.get(topic);
    if (!cell) {
      topics.set(topic, (cell = { player: p, topic, n: 0, sum: 0, sum2: 0 }));
      cells.push(cell);
    }
    cell.n += row.n;
    cell.sum += row.sum;
    cell.sum2 += row.sum2;
  });
  const out = cells.map((c) => ({ player: c.player, topic: c.topic, n: c.n, mean: c.sum / c.n, ...intervalFor(metric, c.sum, c.sum2, c.n) }));
  return {
    players: [...new Set(out.map((c) => c.player))].sort(),
    topics: [...new Set(out.map((c) => c.topic))].sort(),
    metric: metric.key,
    metricLabel: metricLabel(metric),
    topicKey,
    domain: metric.range ?? [0, 1],
    coverage: cov.view,
    minEpisodes: filters.minEpisodes,
    ...(metric.percent ? { percent: true } : {}),
    cells: out.sort((x, y) => x.player.localeCompare(y.player) || x.topic.localeCompare(y.topic)),
  };
}

/** `item` (each instance), or `tag:<key>` (`topic:<key>` in version 5) for a tag's values. */
export function axisTag(axis: string): string | null {
  const match = /^(?:tag|topic):(.+)$/.exec(axis);
  return match ? match[1]! : null;
}

/** Levels easy → hard by the game's difficulty metric; per player their mean, n and whether they ever solved it. */
export function difficulty(store: Store, filters: ExploreFilters, axis: string): DifficultyView {
  const game = gameById(filters.game);
  const topicKey = axisTag(axis);
  if (axis !== 'item' && topicKey === null) {
    const tags = knownTags(store, game, filters.dataset).map((t) => `tag:${t}`);
    throw new UserError(`Unknown difficulty axis "${axis}"; the axes: ${['item', ...tags].join(', ')}.`);
  }
  if (topicKey !== null) checkTag(store, game, filters.dataset, topicKey, 'difficulty axis tag');
  const metric = metricOf(game, game.view.difficulty.metric);
  const { runs, cov, rows } = scope(store, filters, metric);
  const solvedKey = game.view.difficulty.solved;
  const solvedRows = new Map(solvedKey ? comparedSums(store, runs, cov, metricOf(game, solvedKey)).map((r) => [`${r.runId}\u0000${r.seat}\u0000${r.instanceId}`, r.sum]) : []);
  const solvedSeat = solvedKey && metricOf(game, solvedKey).scope === 'seat';
  const levelOf = instanceGroups(store, runs, (i) => (topicKey ? tagValue(i, topicKey) : i.name));
  const grid = new Map<string, Map<string, { sum: number; wins: number; n: number }>>();
  for (const { row: p, sum: row } of byRow(runs, rows)) {
    const level = levelOf.get(row.instanceId) ?? String(row.instanceId);
    const byPlayer = grid.get(level) ?? new Map<string, { sum: number; wins: number; n: number }>();
    const cell = byPlayer.get(p) ?? { sum: 0, wins: 0, n: 0 };
    cell.sum += row.sum;
    cell.wins += solvedRows.get(`${row.runId}\u0000${solvedSeat ? row.seat : ''}\u0000${row.instanceId}`) ?? 0;
    cell.n += row.n;
    byPlayer.set(p, cell);
    grid.set(level, byPlayer);
  }
  const out = [...grid.entries()].map(([level, byPlayer]) => {
    const players = Object.fromEntries([...byPlayer.entries()].map(([p, c]) => [p, { mean: c.sum / c.n, n: c.n, solved: c.wins > 0 }]));
    const means = Object.values(players).map((p) => p.mean);
    return { level, mean: means.reduce((a, b) => a + b, 0) / means.length, players, unsolved: Object.values(players).every((p) => !p.solved) };
  });
  return {
    axis,
    axisLabel: topicKey ?? game.view.nouns.instances,
    metric: metric.key,
    metricLabel: metricLabel(metric),
    domain: metric.range ?? [0, 1],
    players: rowNames(runs).filter((p) => out.some((r) => r.players[p])),
    coverage: cov.view,
    rows: out.sort((a, b) => b.mean - a.mean || a.level.localeCompare(b.level)),
  };
}
