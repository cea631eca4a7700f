/**
 * What a report covers: its runs, grouped by game and dataset (one leaderboard each, as the explore
 * views compare players within one dataset), and the filters each group's views are read with. The
 * filters name the runs, so a report's numbers are the explore views' numbers over exactly those runs.
 */
import { ExploreFiltersSchema, type ExploreFilters } from '../../../../shared/contract/explore';
import type { HtmlReportOptions } from '../../../../shared/contract/report';
import { rowNames, selectRuns } from '../../analysis/explore/select';
import { tagKeys } from '../explore-handlers';
import type { Game } from '../../core/game';
import { gameById } from '../../games/registry';
import type { RunRow, Store } from '../../store/store';

export interface ReportGroup {
  /** 1-based: names the group's pages (`heatmaps-1.html`), never a user's text. */
  index: number;
  game: Game<unknown>;
  dataset: string;
  /** The dataset as the game titles it (Things), else its name. */
  title: string;
  runs: RunRow[];
  filters: ExploreFilters;
  /** The tags the group's instances carry, in the game's order: the heatmap topics and difficulty axes. */
  tags: string[];
  /** Every player of the dataset in this database: colours are settled among them, as the app and the SVG export do. */
  universe: string[];
}

export interface ReportScope {
  runs: RunRow[];
  groups: ReportGroup[];
}

/** The runs asked for (each once, in id order; an unknown id is the store's not-found error), grouped. */
export function reportScope(store: Store, options: HtmlReportOptions): ReportScope {
  const ids = [...new Set(options.runIds)].sort((a, b) => a - b);
  const runs = ids.map((id) => store.runs.get(id));
  const all = store.runs.all();
  const byKey = new Map<string, RunRow[]>();
  for (const run of runs) {
    const key = `${run.game}\u0000${run.datasetName}`;
    byKey.set(key, [...(byKey.get(key) ?? []), run]);
  }
  const groups = [...byKey.values()].map((of, k): ReportGroup => {
    const first = of[0]!;
    const game = gameById(first.game);
    const filters = ExploreFiltersSchema.parse({
      game: game.id,
      dataset: first.datasetName,
      runs: of.map((r) => r.id),
      instances: options.instances,
      commonWithHumans: options.commonWithHumans,
      minEpisodes: options.minEpisodes,
    });
    const datasetIds = [...new Set(of.map((r) => r.datasetId))];
    const tags = tagKeys(game, first.datasetKind, store.explore.instanceTags(datasetIds).flatMap((i) => Object.keys(i.tags)));
    const universe = rowNames(selectRuns(all, ExploreFiltersSchema.parse({ game: game.id, dataset: first.datasetName, instances: 'all' }), game));
    const title = game.datasets.bundled().find((d) => d.name === first.datasetName)?.title ?? first.datasetName;
    return { index: k + 1, game, dataset: first.datasetName, title, runs: of, filters, tags, universe };
  });
  return { runs, groups };
}
