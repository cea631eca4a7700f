import { difficultySvg } from '../../../shared/charts/difficulty';
import { heatmapSvg } from '../../../shared/charts/heatmap';
import { rowNames, selectRuns } from '../../engine/analysis/explore/select';
import { ExploreFiltersSchema, type ExploreFilters } from '../../../shared/contract/explore';
import { describeZodError } from '../../../shared/contract/run';
import { difficulty, heatmap } from '../../engine/analysis/explore/items';
import { defaultTag, exploreFile } from '../../engine/api/explore-handlers';
import { comparisonFile, suiteFile } from '../../engine/api/suite-handlers';
import { DEFAULT_GAME } from '../../../shared/contract/default-game';
import { allComparisons, allGames, allSuites, gameById } from '../../engine/games/registry';
import type { Game } from '../../engine/core/game';
import { toCsv, toJsonl } from '../../engine/io/csv';
import { episodeExportRows } from '../../engine/io/episodes';
import type { Store } from '../../engine/store/store';
import { checkOutput, CliError, openStore, parseId } from '../context';
import { writeOutput } from '../output';
import { printData } from '../terminal';
import { capabilityExports } from '../capabilities';
import { exportReference } from './export-reference';

export interface ExportFlags {
  format: string;
  out?: string;
  db?: string;
  game?: string;
  dataset?: string;
  split?: string;
  with?: string[];
  from?: string;
  to?: string;
  instances?: string;
  /** `--min-episodes 10`: fewer episodes behind a mean print "too few" (default 5). */
  minEpisodes?: string;
  /** `--common-with-humans`: people's games narrow the compared instances too. */
  commonWithHumans?: boolean;
  by?: string;
  topic?: string;
  metric?: string;
  axis?: string;
  /** `export significance`: the level Holm-adjusted p is flagged at (default 0.01). */
  alpha?: string;
  grouped?: boolean;
  datasetOf?: string[];
  /** `export comparison`: which registered comparison (default: the first registered). */
  id?: string;
  /** `--<role> <player>` for each condition role of each game (EDA: `--judge`). */
  [roleFlag: string]: unknown;
}

const VIEWS = ['leaderboard', 'heatmap', 'difficulty', 'breakdown', 'significance', 'scores'] as const;
/** `parlor export comparison`: two suites side by side (`--id`; the first registered by default). */
const COMPARISON = 'comparison';
const FORMATS: Record<string, readonly string[]> = { run: ['csv', 'jsonl'], leaderboard: ['csv', 'latex'], heatmap: ['csv', 'latex', 'svg'], difficulty: ['csv', 'svg'], breakdown: ['csv', 'latex'], significance: ['csv', 'latex'], scores: ['csv', 'latex'], comparison: ['csv', 'latex'] };
const SUITE_FORMATS = ['csv', 'latex'] as const;

/** Suite ids by the name each suite exports its table under (`parlor export clemscore`): the suites say, not this file. */
export function suiteExports(): Record<string, { suite: string; title: string }> {
  return Object.fromEntries(allSuites().flatMap((s) => (s.exportName ? [[s.exportName, { suite: s.id, title: s.title }]] : [])));
}

/** The comparison `parlor export comparison` prints without `--id`: the first one registered. */
export function defaultComparison(): string | undefined {
  return allComparisons()[0]?.id;
}

const formatsOf = (kind: string): readonly string[] => FORMATS[kind] ?? (suiteExports()[kind] ? SUITE_FORMATS : []);

/** A real `game=dataset` for messages: a suite's first game and its last bundled dataset, as the registry has them. */
function datasetOfExample(): string {
  const id = allSuites()[0]?.games[0];
  const dataset = id ? gameById(id).datasets.bundled().at(-1)?.name : undefined;
  return id && dataset ? `${id}=${dataset}` : 'game=dataset';
}

/** `--dataset-of game=name`: the dataset a suite reads for a game. */
function datasetsOf(pairs: readonly string[] = []): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const [game, name] = pair.split('=', 2);
      if (!game || !name) throw new CliError(`--dataset-of takes game=dataset (e.g. --dataset-of ${datasetOfExample()}), not "${pair}".`);
      return [game.trim(), name.trim()];
    }),
  );
}

/** Condition roles of every game, for `--<role> <player>` filters. */
export function conditionRoles(): string[] {
  return [...new Set(allGames().flatMap((g) => g.roles.filter((r) => r.condition).map((r) => r.id)))];
}

function filtersOf(flags: ExportFlags): ExploreFilters {
  const game = gameById(flags.game ?? DEFAULT_GAME);
  const conditions: Record<string, string> = {};
  for (const pair of flags.with ?? []) {
    const [role, player] = pair.split('=', 2);
    if (!role || !player) throw new CliError(`--with takes role=player (e.g. --with ${conditionRoles()[0] ?? 'role'}=openai:gpt-4o), not "${pair}".`);
    conditions[role.trim()] = player.trim();
  }
  const own = game.roles.filter((r) => r.condition).map((r) => r.id);
  // `--judge x` on a game without a judge would filter nothing and export every run: refused instead.
  const foreign = conditionRoles().filter((role) => !own.includes(role) && typeof flags[role] === 'string');
  if (foreign.length) {
    const theirs = own.length ? `its: ${own.map((r) => `--${r}`).join(', ')}` : 'it filters runs by no role';
    throw new CliError(`${game.shortTitle} has no ${foreign.map((r) => `--${r}`).join(', ')} to filter runs by (${theirs}); --game picks the game.`);
  }
  for (const role of own) if (typeof flags[role] === 'string') conditions[role] = flags[role] as string;
  const parsed = ExploreFiltersSchema.safeParse(
    Object.fromEntries(
      Object.entries({
        game: game.id,
        dataset: flags.dataset ?? game.datasets.bundled()[0]?.name,
        subset: flags.split,
        conditions: Object.keys(conditions).length ? conditions : undefined,
        from: flags.from,
        to: flags.to,
        instances: flags.instances,
        minEpisodes: minEpisodesOf(flags.minEpisodes),
        commonWithHumans: flags.commonWithHumans,
        by: flags.by,
      }).filter(([, v]) => v !== undefined),
    ),
  );
  if (!parsed.success) throw new CliError(describeZodError(parsed.error, 'filters'));
  return parsed.data;
}

/** `--min-episodes 10`: a whole number of at least 1. */
function minEpisodesOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`--min-episodes must be a whole number of at least 1 (e.g. 5), not "${text}".`);
  return n;
}

/** `--alpha 0.05`: a level strictly between 0 and 1. */
function alphaOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const alpha = Number(text);
  if (!(alpha > 0 && alpha < 1)) throw new CliError(`--alpha must be a number between 0 and 1 (e.g. 0.01), not "${text}".`);
  return alpha;
}

/** A dataset the game does not bundle and no run played would export an empty view: refused, naming those there are. */
function refuseUnknownDataset(store: Store, game: Game<unknown>, dataset: string): void {
  const bundled = game.datasets.bundled().map((d) => d.name);
  const played = [...new Set(store.runs.all().filter((r) => r.game === game.id).map((r) => r.datasetName))].filter((name) => !bundled.includes(name));
  if (bundled.includes(dataset) || played.includes(dataset)) return;
  const known = [bundled.length ? `${bundled.join(', ')} (bundled)` : '', played.length ? `${played.join(', ')} (played in runs)` : ''].filter(Boolean).join('; ');
  throw new CliError(`${game.shortTitle} has no dataset "${dataset}" in this database or bundled${known ? `: its datasets are ${known}` : ''}.`);
}

function render(store: Store, target: string, flags: ExportFlags): { text: string; what: string } {
  const suite = suiteExports()[target];
  if (suite) {
    const file = suiteFile(store, suite.suite, flags.format as 'csv' | 'latex', { grouped: flags.grouped ?? false, datasets: datasetsOf(flags.datasetOf) });
    return { text: file.content, what: file.filename };
  }
  if (target === COMPARISON) {
    const id = flags.id ?? defaultComparison();
    if (!id) throw new CliError('Parlor has no comparison of suites to export.');
    const file = comparisonFile(store, id, flags.format as 'csv' | 'latex', { datasets: datasetsOf(flags.datasetOf) });
    return { text: file.content, what: file.filename };
  }
  if (/^\d+$/.test(target)) {
    const rows = episodeExportRows(store, parseId(target, 'Run id'));
    return { text: flags.format === 'csv' ? toCsv(rows) : toJsonl(rows), what: `${rows.length} episodes` };
  }
  const filters = filtersOf(flags);
  const game = gameById(filters.game);
  refuseUnknownDataset(store, game, filters.dataset);
  if (flags.format === 'svg') {
    // Colours are settled among all the dataset's players, as the app does, so a filtered export keeps each player's colour.
    const universe = rowNames(selectRuns(store.runs.all(), ExploreFiltersSchema.parse({ game: game.id, dataset: filters.dataset, instances: 'all' }), game));
    if (target === 'heatmap') {
      const map = heatmap(store, filters, flags.topic ?? defaultTag(store, game, filters.dataset), flags.metric ?? game.view.heatmapMetrics[0] ?? game.view.sortBy);
      return { text: heatmapSvg(map, undefined, { universe }), what: `${map.players.length} × ${map.topics.length} cells` };
    }
    const d = difficulty(store, filters, flags.axis ?? 'item');
    return { text: difficultySvg(d, { universe }), what: `${d.rows.length} levels` };
  }
  if (target === 'heatmap' && flags.metric && !game.view.heatmapMetrics.includes(flags.metric)) {
    throw new CliError(`--metric must be ${game.view.heatmapMetrics.join(' or ')}, not "${flags.metric}".`);
  }
  const view = target === 'scores' ? 'slices' : (target as Exclude<(typeof VIEWS)[number], 'scores'>);
  const file = exploreFile(store, view, flags.format as 'csv' | 'latex', filters, { topic: flags.topic, metric: flags.metric, axis: flags.axis, alpha: alphaOf(flags.alpha) });
  return { text: file.content, what: file.filename };
}

/** `parlor export <run>` (episodes), `parlor export leaderboard|heatmap|difficulty|breakdown|significance|scores` (the explore views; scores: a game's table by slices), `clemscore` or `comparison` (suites). */
export function exportCommand(target: string, flags: ExportFlags): number {
  // A capability's target (`export training`) writes its own file from its own flags.
  const extra = capabilityExports().find((e) => e.name === target);
  if (extra) return extra.run(flags);
  const kind = /^\d+$/.test(target) ? 'run' : target;
  const formats = formatsOf(kind);
  if (formats.length === 0) {
    throw new CliError(`Export what? A run id, or one of ${[...VIEWS, ...Object.keys(suiteExports()), COMPARISON, ...capabilityExports().map((e) => e.name)].join(', ')} (not "${target}").`);
  }
  // A run in its game's reference harness's own files (EDA: eda-txt), a folder.
  if (kind === 'run' && !formats.includes(flags.format)) return exportReference(target, flags);
  if (!formats.includes(flags.format)) throw new CliError(`--format for ${kind} must be ${formats.join(' or ')}, not "${flags.format}".`);
  const out = flags.out === undefined ? undefined : checkOutput(flags.out);
  const store = openStore(flags.db, { create: false });
  try {
    const { text, what } = render(store, target, flags);
    if (out) {
      writeOutput(out, text);
      process.stderr.write(`wrote ${what} to ${out}\n`);
    } else {
      printData(text);
    }
    return 0;
  } finally {
    store.close();
  }
}
