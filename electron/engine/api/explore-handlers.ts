import type { ExploreDataset, ExportFile, SiblingEpisode } from '../../../shared/api/views';
import { ExploreFiltersSchema, type ExploreFilters } from '../../../shared/contract/explore';
import { difficulty, heatmap, instanceGroups, metricOf, tagValue } from '../analysis/explore/items';
import { comparePlayers } from '../analysis/explore/pairs';
import { coverage } from '../analysis/explore/coverage';
import { leaderboard, subjectLabel } from '../analysis/explore/leaderboard';
import { rowNames, selectRuns, subjectOf } from '../analysis/explore/select';
import { significance } from '../analysis/explore/significance';
import { slices } from '../analysis/explore/slices';
import { openTranscript } from './transcripts';
import type { Game } from '../core/game';
import { UserError } from '../errors';
import { areVariants, variantInstances } from '../capabilities/counterpart/variants';
import { allGames, gameById } from '../games/registry';
import { toCsv } from '../io/csv';
import { significanceCsvRows, significanceLatex } from '../io/significance';
import { slicesCsvRows, slicesLatex } from '../io/slices';
import { breakdownCsvRows, breakdownLatex } from '../io/suite';
import { describeFilters, difficultyCsvRows, heatmapCsvRows, heatmapLatex, leaderboardCsvRows, leaderboardLatex } from '../io/views';
import type { EpisodeRow, RunRow, Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';

function sibling(e: EpisodeRow, run: RunRow): SiblingEpisode {
  return { id: e.id, runId: e.runId, player: subjectOf(run, gameById(run.game))?.name ?? '', repetition: e.repetition, status: e.status, outcome: e.outcome, scores: e.scores };
}

/** The tags of a dataset's instances, in the order the game prefers, then the rest sorted. */
export function tagKeys(game: Game<unknown>, kind: string, found: Iterable<string>): string[] {
  const preferred = game.view.tagOrder?.[kind] ?? [];
  const all = new Set(found);
  return [...preferred.filter((t) => all.has(t)), ...[...all].filter((t) => !preferred.includes(t)).sort()];
}

/** The heatmap's tag when none is asked for: the game's first for the dataset's kind. */
export function defaultTag(store: Store, game: Game<unknown>, dataset: string): string {
  const kind = store.datasets.list(game.id).find((d) => d.name === dataset)?.kind ?? dataset;
  const tag = game.view.tagOrder?.[kind]?.[0];
  if (!tag) throw new UserError(`Say which tag the heatmap groups by (--topic): ${game.shortTitle} has no default for "${dataset}".`);
  return tag;
}

/** The explore views as files, the same bytes from the UI and the CLI. */
export function exploreFile(store: Store, view: 'leaderboard' | 'heatmap' | 'difficulty' | 'breakdown' | 'significance' | 'slices', format: 'csv' | 'latex', f: ExploreFilters, options: { topic?: string; metric?: string; axis?: string; alpha?: number }): ExportFile {
  const game = gameById(f.game);
  const slug = `${f.dataset}${f.subset ? `-${f.subset}` : ''}`;
  const file = (name: string, content: string) => ({ filename: `${name}.${format === 'csv' ? 'csv' : 'tex'}`, mime: format === 'csv' ? 'text/csv' : 'application/x-tex', content });
  if (view === 'leaderboard') {
    const board = leaderboard(store, f);
    return file(`leaderboard-${slug}`, format === 'csv' ? toCsv(leaderboardCsvRows(board)) : leaderboardLatex(game, board, f));
  }
  if (view === 'heatmap') {
    const map = heatmap(store, f, options.topic ?? defaultTag(store, game, f.dataset), options.metric ?? game.view.heatmapMetrics[0] ?? game.view.sortBy);
    return file(`heatmap-${slug}-${map.topicKey}`, format === 'csv' ? toCsv(heatmapCsvRows(map)) : heatmapLatex(game, subjectLabel(game, f.by), map, f));
  }
  if (view === 'breakdown') {
    const map = heatmap(store, f, options.topic ?? defaultTag(store, game, f.dataset), options.metric ?? game.view.heatmapMetrics[0] ?? game.view.sortBy);
    const metric = metricOf(game, map.metric);
    return file(`breakdown-${slug}-${map.topicKey}-${map.metric}`, format === 'csv' ? toCsv(breakdownCsvRows(map)) : breakdownLatex(map, `${game.shortTitle} (${describeFilters(game, f)})`, metric.direction, metric.digits, game.view.nouns.instances));
  }
  if (view === 'slices') {
    const table = slices(store, f, options.metric);
    return file(`scores-${slug}-${table.metric}`, format === 'csv' ? toCsv(slicesCsvRows(table)) : slicesLatex(game, table, f));
  }
  if (view === 'significance') {
    const table = significance(store, f, options.metric ?? game.view.sortBy, options.alpha);
    return file(`significance-${slug}-${table.metric}`, format === 'csv' ? toCsv(significanceCsvRows(table)) : significanceLatex(game, table, f));
  }
  const d = difficulty(store, f, options.axis ?? 'item');
  if (format === 'latex') throw new UserError('The difficulty view exports as CSV (and its chart as SVG/PNG).');
  return file(`difficulty-${slug}-${d.axis.replace(':', '-')}`, toCsv(difficultyCsvRows(d)));
}

/** The explore views: leaderboard, paired comparison, heatmap, difficulty, side by side, exports. */
export function registerExplore(registry: HandlerRegistry, store: Store): void {
  registry
    .handle('explore.options', () => {
      const runs = store.runs.all();
      return {
        games: allGames().map((game) => {
          const ofGame = runs.filter((r) => r.game === game.id && subjectOf(r, game));
          const datasets = [...new Map(ofGame.map((r) => [r.datasetName, r])).values()].map((first): ExploreDataset => {
            const of = ofGame.filter((r) => r.datasetName === first.datasetName);
            const uniq = (xs: string[]) => [...new Set(xs)].sort();
            const conditions = Object.fromEntries(game.roles.filter((r) => r.condition).map((role) => [role.id, uniq(of.flatMap((r) => r.seats.filter((s) => s.role === role.id).map((s) => s.player)))]));
            const tags = tagKeys(game, first.datasetKind, store.explore.instanceTags([first.datasetId]).flatMap((i) => Object.keys(i.tags)));
            return {
              name: first.datasetName,
              title: game.datasets.bundled().find((d) => d.name === first.datasetName)?.title ?? first.datasetName,
              kind: first.datasetKind,
              subsets: uniq(of.map((r) => r.subset)),
              conditions,
              players: rowNames(selectRuns(of, ExploreFiltersSchema.parse({ game: game.id, dataset: first.datasetName, instances: 'all' }), game)),
              tags,
              axes: [{ id: 'item', label: game.view.nouns.instance }, ...tags.map((t) => ({ id: `tag:${t}`, label: t }))],
            };
          });
          return { id: game.id, title: game.title, datasets };
        }),
      };
    })
    .handle('explore.leaderboard', ({ filters }) => leaderboard(store, filters))
    .handle('explore.compare', ({ filters, a, b, metric }) => comparePlayers(store, filters, a, b, metric))
    .handle('explore.heatmap', ({ filters, topic, metric }) => heatmap(store, filters, topic, metric))
    .handle('explore.slices', ({ filters, metric }) => slices(store, filters, metric))
    .handle('explore.significance', ({ filters, metric, alpha }) => significance(store, filters, metric, alpha))
    .handle('explore.difficulty', ({ filters, axis }) => difficulty(store, filters, axis))
    .handle('explore.cell', ({ filters, topic, value, player }) => {
      const game = gameById(filters.game);
      const runs = selectRuns(store.runs.all(), { ...filters, players: [player] }, game);
      if (topic !== undefined && value === undefined) throw new UserError('A heatmap cell needs the value of its topic.');
      // The episodes the view counted: on the instances it compares on (decided by all its players), as the cell's n.
      const compared = coverage(store, selectRuns(store.runs.all(), filters, game), filters).common;
      const instanceIds = [...instanceGroups(store, runs, (i) => (topic === undefined ? '' : tagValue(i, topic)))]
        .filter(([id, group]) => (topic === undefined || group === value) && (compared === null || compared.has(id)))
        .map(([id]) => id);
      const byId = new Map(runs.map((r) => [r.id, r.run]));
      const episodes = store.episodes.doneOn(runs.map((r) => r.id), instanceIds, 501).map((e) => ({ ...sibling(e, byId.get(e.runId)!), instance: e.instance.name }));
      return { episodes: episodes.slice(0, 500), total: episodes.length };
    })
    .handle('explore.siblings', ({ episodeId }) => {
      const episode = store.episodes.get(episodeId);
      const runs = new Map(store.runs.all().map((r) => [r.id, r]));
      // A person's game helped by a hint model says so wherever it is compared.
      const of = (e: EpisodeRow): SiblingEpisode => {
        const run = runs.get(e.runId)!;
        return run.seats.some((s) => s.playerKind === 'human') && store.models.hasCall(e.id, 'hint') ? { ...sibling(e, run), hinted: true } : sibling(e, run);
      };
      const variants = variantInstances(store, episode.game, episode.instance).flatMap((v) => store.episodes.onInstance(v.instance.id).map((e) => ({ ...of(e), game: v.game })));
      return { game: episode.game, instance: episode.instance.name, episodes: store.episodes.onInstance(episode.instance.id).map(of), variants };
    })
    .handle('explore.sideBySide', ({ episodeIds }) => {
      const columns = episodeIds.map((id) => openTranscript(store, id));
      const first = columns[0]!.episode.game;
      const stray = columns.find((c) => !areVariants(first, c.episode.game));
      if (stray) throw new UserError(`Episodes side by side must be of one game or its text and image variants: ${first} and ${stray.episode.game} are neither.`);
      return { game: columns[0]!.episode.game, instance: columns[0]!.episode.instance, columns };
    })
    .handle('explore.export', ({ view, format, filters, topic, metric, axis, alpha }) => exploreFile(store, view, format, filters, { topic, metric, axis, alpha }));
}
