import type { SiblingEpisode } from '../../../shared/api/contract';
import { bestOf, comparePlayers, difficulty, difficultyAxes, entityGroups, heatmap, leaderboard, selectRuns, topicValue, type ExploreFilters } from '../analysis/explore';
import { markTurns } from '../analysis/side-by-side';
import { TOPIC_KEYS, primaryTopic } from '../datasets/topics';
import { difficultyCsvRows, heatmapCsvRows, heatmapLatex, leaderboardCsvRows, leaderboardLatex } from '../io/explore-export';
import { toCsv } from '../io/export';
import type { EpisodeRow, Store } from '../store/store';
import type { HandlerRegistry } from './registry';
import { openTranscript } from '../analysis/transcripts';

function sibling(e: EpisodeRow): SiblingEpisode {
  return { id: e.id, runId: e.runId, player: e.players.guesser ?? '', repetition: e.repetition, status: e.status, outcome: e.outcome, turns: e.metrics?.turns ?? null, score: e.metrics?.score ?? null };
}

/** The explore views: leaderboard, paired comparison, heatmap, difficulty, side by side, exports. */
export function registerExplore(registry: HandlerRegistry, store: Store): void {
  const exportFile = (name: string, format: 'csv' | 'latex', content: string) => ({
    filename: `${name}.${format === 'csv' ? 'csv' : 'tex'}`,
    mime: format === 'csv' ? 'text/csv' : 'application/x-tex',
    content,
  });
  registry
    .handle('explore.options', () => {
      const runs = store.runHeaders().filter((r) => r.guesser);
      const kinds = new Map(runs.map((r) => [r.dataset, r.datasetKind]));
      return {
        datasets: [...kinds.entries()].map(([name, kind]) => {
          const of = runs.filter((r) => r.dataset === name);
          const uniq = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))].sort();
          return { name, kind, splits: uniq(of.map((r) => r.split)), judges: uniq(of.map((r) => r.judge)), players: uniq(of.map((r) => r.guesser)), topics: [...(TOPIC_KEYS[kind] ?? [])], axes: difficultyAxes(kind) };
        }),
      };
    })
    .handle('explore.leaderboard', ({ filters }) => {
      const rows = leaderboard(store, filters as ExploreFilters);
      return { rows, best: bestOf(rows) };
    })
    .handle('explore.compare', ({ filters, a, b }) => comparePlayers(store, filters as ExploreFilters, a, b))
    .handle('explore.heatmap', ({ filters, topic, metric }) => heatmap(store, filters as ExploreFilters, topic, metric))
    .handle('explore.difficulty', ({ filters, axis }) => difficulty(store, filters as ExploreFilters, axis))
    .handle('explore.cell', ({ filters, topic, value, player }) => {
      const runs = selectRuns(store.runHeaders(), { ...(filters as ExploreFilters), players: [player] });
      const entityIds = [...entityGroups(store, runs, (e) => topicValue(e, topic))].filter(([, group]) => group === value).map(([id]) => id);
      const episodes = store.episodesFor(runs.map((r) => r.id), entityIds, 501).map((e) => ({ ...sibling(e), entity: e.entity }));
      return { episodes: episodes.slice(0, 500), total: episodes.length };
    })
    .handle('explore.siblings', ({ episodeId }) => {
      const episode = store.getEpisode(episodeId);
      return { entity: episode.entity, episodes: store.episodesOfEntity(episode.entityId).map(sibling) };
    })
    .handle('explore.sideBySide', ({ episodeIds }) => {
      const columns = episodeIds.map((id) => {
        const episode = store.getEpisode(id);
        const t = openTranscript(store, id, episode);
        const marks = markTurns(t.turns);
        return { episode: { ...sibling(episode), entity: episode.entity }, turns: t.turns.map((turn, i) => ({ ...turn, ...marks[i]! })) };
      });
      return { entity: columns[0]!.episode.entity, columns };
    })
    .handle('explore.export', ({ view, format, filters, topic, metric, axis }) => {
      const f = filters as ExploreFilters;
      const slug = `${f.dataset}${f.split ? `-${f.split}` : ''}`;
      if (view === 'leaderboard') {
        const rows = leaderboard(store, f);
        return exportFile(`leaderboard-${slug}`, format, format === 'csv' ? toCsv(leaderboardCsvRows(rows)) : leaderboardLatex(rows, f));
      }
      if (view === 'heatmap') {
        const map = heatmap(store, f, topic ?? primaryTopic(f.dataset), metric ?? 'score');
        return exportFile(`heatmap-${slug}-${map.topicKey}`, format, format === 'csv' ? toCsv(heatmapCsvRows(map)) : heatmapLatex(map, f));
      }
      const d = difficulty(store, f, axis ?? 'item');
      if (format === 'latex') throw new Error('The difficulty view exports as CSV (and its chart as SVG/PNG).');
      return exportFile(`difficulty-${slug}-${d.axis.replace(':', '-')}`, 'csv', toCsv(difficultyCsvRows(d)));
    });
}
