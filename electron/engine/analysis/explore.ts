import { mean, sampleStandardDeviation } from 'simple-statistics';
import type { DifficultyView, HeatmapView, LeaderboardRowView, MetricCellView, PairedComparisonView } from '../../../shared/api/contract';
import type { AggregateRow, EntityAggregateRow, RunHeaderRow, Store } from '../store/store';
import { seededRandom } from '../annotation/sample';
import { wilson } from '../annotation/stats';

/**
 * Views across runs: the leaderboard, paired comparisons, topic heatmaps and difficulty. The store
 * hands over sums per run × repetition or run × entity (index-only scans); everything here is pure
 * arithmetic on those sums.
 */

export interface ExploreFilters {
  dataset: string;
  split?: string;
  judge?: string;
  /** ISO dates, inclusive, on the run's creation. */
  from?: string;
  to?: string;
  /** Only these players (guesser names). */
  players?: string[];
}

export const METRIC_KEYS = ['turns', 'success', 'yes', 'score'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

/** Mean ± sample std over repetition means (Table 1), and a 95% interval over episodes (Wilson for Success). */
export type MetricCell = MetricCellView;

export type LeaderboardRow = LeaderboardRowView;

export function selectRuns(runs: readonly RunHeaderRow[], f: ExploreFilters): RunHeaderRow[] {
  return runs.filter(
    (r) =>
      r.dataset === f.dataset &&
      r.guesser !== null &&
      (!f.split || r.split === f.split) &&
      (!f.judge || r.judge === f.judge) &&
      (!f.from || r.createdAt.slice(0, 10) >= f.from) &&
      (!f.to || r.createdAt.slice(0, 10) <= f.to) &&
      (!f.players?.length || f.players.includes(r.guesser)),
  );
}

const Z = 1.959963984540054;

/** Mean ± 1.96 standard errors over n values; none below two values (there is no spread to speak of). */
function normalInterval(sum: number, sum2: number, n: number): { low: number | null; high: number | null } {
  if (n < 2) return { low: null, high: null };
  const m = sum / n;
  const variance = n > 1 ? Math.max(0, (sum2 - n * m * m) / (n - 1)) : 0;
  const half = Z * Math.sqrt(variance / n);
  return { low: m - half, high: m + half };
}

/** Rows = players; each metric mean ± std over their (run, repetition) units, plus intervals over episodes. */
export function leaderboardFrom(runs: readonly RunHeaderRow[], units: readonly AggregateRow[], excluded: Map<number, { errors: number; unfinished: number }>): LeaderboardRow[] {
  const player = new Map(runs.map((r) => [r.id, r]));
  const byPlayer = new Map<string, AggregateRow[]>();
  for (const unit of units) {
    const name = player.get(unit.runId)?.guesser;
    if (!name || unit.n === 0) continue;
    byPlayer.set(name, [...(byPlayer.get(name) ?? []), unit]);
  }
  const rows: LeaderboardRow[] = [];
  for (const [name, list] of byPlayer) {
    const total = (k: keyof AggregateRow) => list.reduce((a, u) => a + (u[k] as number), 0);
    const n = total('n');
    const cell = (key: MetricKey): MetricCell => {
      const means = list.map((u) => u[key] / u.n);
      const spread = means.length > 1 ? sampleStandardDeviation(means) : null;
      // The interval is about the pooled mean over episodes, which is given with it: it can differ from
      // the Table-1 mean of repetition means when repetitions have different sizes (a person's games).
      const interval = key === 'success' ? (({ low, high }) => ({ low, high }))(wilson(total('success'), n)) : normalInterval(total(key), total(`${key}2` as keyof AggregateRow), n);
      return { mean: mean(means), std: spread, pooled: total(key) / n, ...interval };
    };
    const runIds = [...new Set(list.map((u) => u.runId))].sort((a, b) => a - b);
    rows.push({
      player: name,
      kind: player.get(list[0]!.runId)?.guesserKind ?? 'model',
      runs: runIds,
      episodes: n,
      repetitions: list.length,
      errorsExcluded: runIds.reduce((a, id) => a + (excluded.get(id)?.errors ?? 0), 0),
      unfinishedExcluded: runIds.reduce((a, id) => a + (excluded.get(id)?.unfinished ?? 0), 0),
      metrics: Object.fromEntries(METRIC_KEYS.map((k) => [k, cell(k)])) as Record<MetricKey, MetricCell>,
    });
  }
  return rows.sort((a, b) => b.metrics.score.mean - a.metrics.score.mean || a.player.localeCompare(b.player));
}

/** Which row holds the best value of each metric (lower #Turns, higher Success and Score; #Yes has no best). */
export function bestOf(rows: readonly LeaderboardRow[]): Partial<Record<MetricKey, string>> {
  const pick = (key: MetricKey, better: 1 | -1) => {
    const sorted = [...rows].sort((a, b) => better * (b.metrics[key].mean - a.metrics[key].mean));
    return sorted[0]?.player;
  };
  if (rows.length === 0) return {};
  return { turns: pick('turns', -1), success: pick('success', 1), score: pick('score', 1) };
}

export function leaderboard(store: Store, filters: ExploreFilters): LeaderboardRow[] {
  const runs = selectRuns(store.runHeaders(), filters);
  const ids = runs.map((r) => r.id);
  return leaderboardFrom(runs, store.repetitionAggregates(ids), store.excludedCounts(ids));
}

/** Mean of a metric per player and entity (averaging repetitions and runs). */
export function perItem(runs: readonly RunHeaderRow[], rows: readonly EntityAggregateRow[], metric: 'score' | 'success'): Map<string, Map<number, { sum: number; n: number }>> {
  const player = new Map(runs.map((r) => [r.id, r.guesser!]));
  const out = new Map<string, Map<number, { sum: number; n: number }>>();
  for (const row of rows) {
    const name = player.get(row.runId);
    if (!name) continue;
    const items = out.get(name) ?? new Map<number, { sum: number; n: number }>();
    const cell = items.get(row.key) ?? { sum: 0, n: 0 };
    cell.sum += row[metric];
    cell.n += row.n;
    items.set(row.key, cell);
    out.set(name, items);
  }
  return out;
}

/** Mean score difference A − B over shared items, with its paired-bootstrap interval and p-value. */
export type PairedComparison = PairedComparisonView;

/** Fewer shared items than this give the difference without an interval or p-value. */
export const MIN_PAIRED_ITEMS = 5;

/**
 * Paired bootstrap over items both players played: resample items with replacement, recompute the
 * mean difference; percentile 95% interval; p-value from the centred distribution (Efron & Tibshirani).
 */
export function pairedBootstrap(differences: readonly number[], resamples = 10_000, seed = 1): Omit<PairedComparison, 'a' | 'b'> {
  const n = differences.length;
  if (n === 0) return { items: 0, difference: null, low: null, high: null, p: null, resamples, seed };
  const observedMean = differences.reduce((a, b) => a + b, 0) / n;
  // With a handful of items a bootstrap says nothing trustworthy: report the difference alone.
  if (n < MIN_PAIRED_ITEMS) return { items: n, difference: observedMean, low: null, high: null, p: null, resamples, seed };
  const observed = observedMean;
  const random = seededRandom(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += differences[Math.floor(random() * n)]!;
    means[r] = sum / n;
  }
  means.sort();
  const at = (q: number) => means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))]!;
  let extreme = 0;
  for (const m of means) if (Math.abs(m - observed) >= Math.abs(observed)) extreme++;
  return { items: n, difference: observed, low: at(0.025), high: at(0.975), p: (extreme + 1) / (resamples + 1), resamples, seed };
}

export function comparePlayers(store: Store, filters: ExploreFilters, a: string, b: string, resamples = 10_000, seed = 1): PairedComparison {
  const runs = selectRuns(store.runHeaders(), { ...filters, players: [a, b] });
  const items = perItem(runs, store.entityAggregates(runs.map((r) => r.id)), 'score');
  const left = items.get(a) ?? new Map();
  const right = items.get(b) ?? new Map();
  const differences: number[] = [];
  for (const [entity, x] of left) {
    const y = right.get(entity);
    if (y) differences.push(x.sum / x.n - y.sum / y.n);
  }
  return { a, b, ...pairedBootstrap(differences, resamples, seed) };
}

export type HeatmapCell = HeatmapView['cells'][number];

export type Heatmap = HeatmapView;

type EntityOfDataset = ReturnType<Store['datasetEntities']>[number];

/** An entity's value of a topic key, `(none)` where the dataset gives it none. */
export function topicValue(entity: EntityOfDataset, key: string): string {
  return entity.topics[key] ?? '(none)';
}

/** Entity id → the group it falls in (a topic value, or its own name), for the datasets of these runs. */
export function entityGroups(store: Store, runs: readonly RunHeaderRow[], groupOf: (entity: EntityOfDataset) => string): Map<number, string> {
  const groups = new Map<number, string>();
  for (const datasetId of new Set(runs.map((r) => r.datasetId))) {
    for (const e of store.datasetEntities(datasetId)) groups.set(e.id, groupOf(e));
  }
  return groups;
}

/** Players × topics; each cell the mean over that player's episodes on entities of that topic. */
export function heatmap(store: Store, filters: ExploreFilters, topicKey: string, metric: 'score' | 'success'): Heatmap {
  const runs = selectRuns(store.runHeaders(), filters);
  const rows = store.entityAggregates(runs.map((r) => r.id));
  const topicOf = entityGroups(store, runs, (e) => topicValue(e, topicKey));
  const player = new Map(runs.map((r) => [r.id, r.guesser!]));
  const cells = new Map<string, { player: string; topic: string; n: number; sum: number; sum2: number }>();
  for (const row of rows) {
    const p = player.get(row.runId)!;
    const topic = topicOf.get(row.key) ?? '(none)';
    const key = `${p}\u0000${topic}`;
    const cell = cells.get(key) ?? { player: p, topic, n: 0, sum: 0, sum2: 0 };
    cell.n += row.n;
    cell.sum += row[metric];
    cell.sum2 += metric === 'score' ? row.score2 : row.success; // success is 0/1: its square is itself
    cells.set(key, cell);
  }
  const out = [...cells.values()].map((c) => {
    const interval = metric === 'success' ? (({ low, high }) => ({ low, high }))(wilson(c.sum, c.n)) : normalInterval(c.sum, c.sum2, c.n);
    return { player: c.player, topic: c.topic, n: c.n, mean: c.sum / c.n, ...interval };
  });
  return {
    players: [...new Set(out.map((c) => c.player))].sort(),
    topics: [...new Set(out.map((c) => c.topic))].sort(),
    metric,
    topicKey,
    cells: out.sort((x, y) => x.player.localeCompare(y.player) || x.topic.localeCompare(y.topic)),
  };
}

/**
 * A way to group a game's items into difficulty levels. EDA uses each item (its entity) or a topic;
 * clembench games can add theirs (experiment: same/similar/different, map size, distance).
 */
export interface DifficultyAxis {
  id: string;
  label: string;
}

export type DifficultyRow = DifficultyView['rows'][number];

/** Levels easy → hard; per player their mean score, n and whether they ever won. */
export type Difficulty = DifficultyView;

export function difficultyAxes(datasetKind: string): DifficultyAxis[] {
  const topics = datasetKind === 'celebrities' ? ['occupation', 'nationality', 'era', 'gender'] : ['category'];
  return [{ id: 'item', label: 'entity' }, ...topics.map((t) => ({ id: `topic:${t}`, label: t }))];
}

export function difficulty(store: Store, filters: ExploreFilters, axis: string): Difficulty {
  const runs = selectRuns(store.runHeaders(), filters);
  const rows = store.entityAggregates(runs.map((r) => r.id));
  const topicKey = axis.startsWith('topic:') ? axis.slice('topic:'.length) : null;
  const levelOf = entityGroups(store, runs, (e) => (topicKey ? topicValue(e, topicKey) : e.name));
  const player = new Map(runs.map((r) => [r.id, r.guesser!]));
  const grid = new Map<string, Map<string, { sum: number; wins: number; n: number }>>();
  for (const row of rows) {
    const level = levelOf.get(row.key) ?? String(row.key);
    const byPlayer = grid.get(level) ?? new Map<string, { sum: number; wins: number; n: number }>();
    const p = player.get(row.runId)!;
    const cell = byPlayer.get(p) ?? { sum: 0, wins: 0, n: 0 };
    cell.sum += row.score;
    cell.wins += row.success;
    cell.n += row.n;
    byPlayer.set(p, cell);
    grid.set(level, byPlayer);
  }
  const out: DifficultyRow[] = [...grid.entries()].map(([level, byPlayer]) => {
    const players = Object.fromEntries([...byPlayer.entries()].map(([p, c]) => [p, { mean: c.sum / c.n, n: c.n, solved: c.wins > 0 }]));
    const means = Object.values(players).map((p) => p.mean);
    return { level, mean: means.reduce((a, b) => a + b, 0) / means.length, players, unsolved: Object.values(players).every((p) => !p.solved) };
  });
  return {
    axis,
    players: [...new Set(runs.map((r) => r.guesser!))].filter((p) => out.some((r) => r.players[p])).sort(),
    rows: out.sort((a, b) => b.mean - a.mean || a.level.localeCompare(b.level)),
  };
}
