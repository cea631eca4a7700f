/**
 * Every cross-run view a store gives, as plain JSON: per game and dataset with runs, the leaderboard
 * (both instance modes, and under each role's conditions), coverage, heatmaps by every tag and heatmap
 * metric, difficulty on every axis, the paired comparison of the first two players, and the CSV and
 * LaTeX files the UI and CLI export; each with rows named by the game's subjects and by every role.
 * Then the suites and suite comparisons, and the explore options (players and conditions per dataset).
 * Keys sorted, so the same store always gives the same text.
 */
import type { ExportFile } from '../../shared/api/views';
import { ExploreFiltersSchema, type ExploreFilters } from '../../shared/contract/explore';
import { coverage } from '../../electron/engine/analysis/explore/coverage';
import { difficulty, heatmap } from '../../electron/engine/analysis/explore/items';
import { comparePlayers } from '../../electron/engine/analysis/explore/pairs';
import { leaderboard } from '../../electron/engine/analysis/explore/leaderboard';
import { selectRuns } from '../../electron/engine/analysis/explore/select';
import { comparisonTable } from '../../electron/engine/analysis/compare';
import { suiteTable } from '../../electron/engine/analysis/suite';
import { exploreFile, registerExplore, tagKeys } from '../../electron/engine/api/explore-handlers';
import { HandlerRegistry } from '../../electron/engine/rpc/registry';
import { comparisonFile, suiteFile } from '../../electron/engine/api/suite-handlers';
import type { Game } from '../../electron/engine/core/game';
import { allComparisons, allSuites, gameById } from '../../electron/engine/games/registry';
import type { RunRow, Store } from '../../electron/engine/store/store';

type Json = unknown;

/** A view, or the message it fails with (a refusal is an output too). */
function attempt(view: () => Json): Json {
  try {
    return view();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const byNumber = (a: number, b: number) => a - b;

/** Which runs a view took, whom each is named after, and which instances the players are compared on. */
function coverageOf(store: Store, game: Game<unknown>, f: ExploreFilters): Json {
  const runs = selectRuns(store.runs.all(), f, game);
  const c = coverage(store, runs, f);
  return {
    view: c.view,
    runs: runs.map((r) => ({ id: r.id, subject: r.subject, kind: r.kind, ...c.counts.get(r.id) })),
    compared: c.common ? [...c.common].sort(byNumber) : null,
    leftOut: [...c.leftOut].sort(byNumber),
  };
}

/** The paired comparison of the first two players (by name) on the sort metric and each heatmap metric. */
function comparisons(store: Store, game: Game<unknown>, f: ExploreFilters, players: readonly string[]): Json {
  const [a, b] = [...players].sort();
  if (a === undefined || b === undefined) return null;
  const metrics = [...new Set([game.view.sortBy, ...game.view.heatmapMetrics])];
  return Object.fromEntries(metrics.map((m) => [m, attempt(() => comparePlayers(store, f, a, b, m))]));
}

/** The files the explore pages export, by file name: leaderboard, heatmap and breakdown by each tag, difficulty by each axis. */
function exportsOf(store: Store, f: ExploreFilters, tags: readonly string[]): Json {
  const files: Record<string, Json> = {};
  const put = (key: string, file: () => ExportFile) => {
    try {
      const made = file();
      files[made.filename] = made.content;
    } catch (error) {
      files[key] = { error: error instanceof Error ? error.message : String(error) };
    }
  };
  for (const format of ['csv', 'latex'] as const) {
    put(`leaderboard.${format}`, () => exploreFile(store, 'leaderboard', format, f, {}));
    for (const topic of tags) {
      put(`heatmap-${topic}.${format}`, () => exploreFile(store, 'heatmap', format, f, { topic }));
      put(`breakdown-${topic}.${format}`, () => exploreFile(store, 'breakdown', format, f, { topic }));
    }
  }
  for (const axis of axesOf(tags)) put(`difficulty-${axis}.csv`, () => exploreFile(store, 'difficulty', 'csv', f, { axis }));
  return files;
}

const axesOf = (tags: readonly string[]) => ['item', ...tags.map((t) => `tag:${t}`)];

/** Every view of one game and dataset with rows named by `by` (the game's subjects when undefined). */
function viewsBy(store: Store, game: Game<unknown>, dataset: string, tags: readonly string[], by: string | undefined): Json {
  const filters = (instances: 'common' | 'all'): ExploreFilters => ExploreFiltersSchema.parse({ game: game.id, dataset, instances, ...(by === undefined ? {} : { by }) });
  const f = filters('common');
  const board = attempt(() => leaderboard(store, f));
  const players = board && typeof board === 'object' && 'rows' in board ? (board as { rows: { player: string }[] }).rows.map((r) => r.player) : [];
  return {
    leaderboard: { common: board, all: attempt(() => leaderboard(store, filters('all'))) },
    coverage: { common: attempt(() => coverageOf(store, game, f)), all: attempt(() => coverageOf(store, game, filters('all'))) },
    heatmaps: Object.fromEntries(tags.flatMap((t) => game.view.heatmapMetrics.map((m) => [`${t}/${m}`, attempt(() => heatmap(store, f, t, m))]))),
    difficulty: Object.fromEntries(axesOf(tags).map((axis) => [axis, attempt(() => difficulty(store, f, axis))])),
    compare: comparisons(store, game, f, players),
    exports: exportsOf(store, f, tags),
  };
}

/** The leaderboard restricted to each player of each condition role (EDA: each judge). */
function conditionBoards(game: Game<unknown>, dataset: string, runs: readonly RunRow[], store: Store): Json {
  const out: Record<string, Json> = {};
  for (const role of game.roles.filter((r) => r.condition)) {
    const players = [...new Set(runs.flatMap((r) => r.seats.filter((s) => s.role === role.id).map((s) => s.player)))].sort();
    for (const player of players) out[`${role.id}=${player}`] = attempt(() => leaderboard(store, ExploreFiltersSchema.parse({ game: game.id, dataset, instances: 'common', conditions: { [role.id]: player } })));
  }
  return out;
}

function datasetViews(store: Store, game: Game<unknown>, dataset: string, runs: readonly RunRow[]): Json {
  const found = store.explore.instanceTags([...new Set(runs.map((r) => r.datasetId))]).flatMap((i) => Object.keys(i.tags));
  const tags = tagKeys(game, runs[0]!.datasetKind, found);
  const rows: Record<string, Json> = { subjects: viewsBy(store, game, dataset, tags, undefined) };
  for (const role of game.roles) rows[`by:${role.id}`] = viewsBy(store, game, dataset, tags, role.id);
  return {
    runs: runs.map((r) => ({ id: r.id, subset: r.subset, status: r.status, seats: r.seats.map((s) => ({ seat: s.seat, role: s.role, player: s.player, kind: s.playerKind })) })),
    tags,
    rows,
    conditions: conditionBoards(game, dataset, runs, store),
  };
}

/** Suites and comparisons over games that have runs: their tables (grouped where a suite groups games) and files. */
function suiteViews(store: Store, played: ReadonlySet<string>): Json {
  const suites = allSuites().filter((s) => s.games.some((g) => played.has(g)));
  const suiteIds = new Set(suites.map((s) => s.id));
  const out: Record<string, Json> = {};
  for (const suite of suites) {
    for (const grouped of suite.groups ? [false, true] : [false]) {
      out[`suite:${suite.id}${grouped ? ':grouped' : ''}`] = {
        table: attempt(() => suiteTable(store, suite.id, { grouped })),
        csv: attempt(() => suiteFile(store, suite.id, 'csv', { grouped })),
        latex: attempt(() => suiteFile(store, suite.id, 'latex', { grouped })),
      };
    }
  }
  for (const comparison of allComparisons().filter((c) => c.sides.some((s) => suiteIds.has(s.suite)))) {
    out[`comparison:${comparison.id}`] = {
      table: attempt(() => comparisonTable(store, comparison.id)),
      csv: attempt(() => comparisonFile(store, comparison.id, 'csv')),
      latex: attempt(() => comparisonFile(store, comparison.id, 'latex')),
    };
  }
  return out;
}

/** The explore page's options (games, datasets, players, conditions, tags), through the API handler itself. */
async function exploreOptions(store: Store): Promise<Json> {
  const registry = new HandlerRegistry();
  registerExplore(registry, store);
  const reply = await registry.dispatch('explore.options', {});
  return reply.ok ? reply.result : { error: reply.error };
}

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, Json>;
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, sortKeys(record[k])]));
}

/** Every cross-run view of the store, as JSON-able data with sorted keys. */
export async function dumpViews(store: Store): Promise<Record<string, unknown>> {
  const runs = store.runs.all();
  const byDataset = new Map<string, RunRow[]>();
  for (const run of [...runs].sort((a, b) => a.id - b.id)) {
    const key = `${run.game}/${run.datasetName}`;
    byDataset.set(key, [...(byDataset.get(key) ?? []), run]);
  }
  const datasets: Record<string, Json> = {};
  for (const [key, of] of [...byDataset].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    datasets[key] = datasetViews(store, gameById(of[0]!.game), of[0]!.datasetName, of);
  }
  const dump = { datasets, suites: suiteViews(store, new Set(runs.map((r) => r.game))), options: await exploreOptions(store) };
  // Through JSON and back: what a file holds (undefined dropped, NaN as null), keys sorted.
  return sortKeys(JSON.parse(JSON.stringify(dump))) as Record<string, unknown>;
}

/** The dump as the expected file holds it: two-space JSON and a final newline. */
export function viewsJson(dump: Record<string, unknown>): string {
  return `${JSON.stringify(dump, null, 2)}\n`;
}
