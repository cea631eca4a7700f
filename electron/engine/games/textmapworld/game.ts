/**
 * clembench's text MapWorld games (the multimodal clembench paper, appendix D)
 * as three Parlor games sharing one game master: explore a map exhaustively (`textmapworld`, EE),
 * find a named room (`textmapworld_specificroom`, G2X), explore while reporting the map as a graph
 * (`textmapworld_graphreasoning`, EE-gr). One model seat, the explorer; the describer is the
 * programmatic game master. Rules, prompts and scores follow clembench's code (see rules.ts,
 * session.ts, scoring.ts).
 */
import type { ViewHints } from '../../../../shared/contract/game';
import type { Game, InstanceRow } from '../../core/game';
import { DATASET, mapDatasets } from './datasets';
import { mapPayload, type Variant } from './instance';
import { EXPLORER, playMap } from './master';
import { scoreMap, VARIANT_METRICS } from './metrics';
import { MapSettingsSchema, type MapSettings } from './settings';

export interface VariantInfo {
  id: string;
  title: string;
  shortTitle: string;
  tags: string[];
  columns: string[];
}

export const MAP_VARIANTS: Record<Variant, VariantInfo> = {
  main: { id: 'textmapworld', title: 'MapWorld, text: explore exhaustively (clembench EE)', shortTitle: 'MapWorld EE', tags: ['experiment', 'size', 'cycle'], columns: ['main_score', 'exploration', 'efficiency', 'moves'] },
  specificroom: { id: 'textmapworld_specificroom', title: 'MapWorld, text: go to a room (clembench G2X)', shortTitle: 'MapWorld G2X', tags: ['experiment', 'distance', 'size'], columns: ['main_score', 'moves', 'exploration', 'efficiency'] },
  graphreasoning: { id: 'textmapworld_graphreasoning', title: 'MapWorld, text: explore and map (clembench EE-gr)', shortTitle: 'MapWorld EE-gr', tags: ['experiment', 'size', 'cycle'], columns: ['main_score', 'graph_similarity', 'exploration', 'efficiency'] },
};

/**
 * An upper bound: every turn played, every reply as long as allowed, the history re-read each turn;
 * `perCall` adds what every call carries besides text (the multimodal games: one image).
 */
export function mapEstimate(settings: MapSettings, promptTokens: number, perCall = 0) {
  const perTurn = settings.maxTokens + 40;
  let input = 0;
  for (let t = 1; t <= settings.maxTurns; t++) input += promptTokens + (t - 1) * perTurn + perCall;
  return { [EXPLORER]: { calls: settings.maxTurns, inputTokens: input, outputTokens: settings.maxTurns * settings.maxTokens } };
}

/** What the MapWorld views show: maps, their outcome words, and these columns, tags and heatmap metrics. */
export function mapView(columns: string[], tags: string[], heatmap: string[]): ViewHints {
  return {
    nouns: { instance: 'map', instances: 'maps', subset: 'set' },
    outcomeLabels: { success: 'success', failure: 'lose', aborted: 'aborted' },
    outcomePlurals: { success: 'successes', failure: 'lost', aborted: 'aborted' },
    episodeColumns: columns,
    tagOrder: { [DATASET]: tags },
    difficulty: { metric: 'main_score', solved: 'success' },
    heatmapMetrics: heatmap,
    sortBy: 'main_score',
  };
}

/** What every MapWorld game is: named, with the MapWorld settings and one seat, the explorer. */
export const explorerGame = (info: { id: string; title: string; shortTitle: string }): Pick<Game<MapSettings>, 'id' | 'title' | 'shortTitle' | 'settings' | 'roles'> => ({
  id: info.id,
  title: info.title,
  shortTitle: info.shortTitle,
  settings: { parse: (input) => MapSettingsSchema.parse(input ?? {}), repetitions: 1 },
  roles: [{ id: EXPLORER, label: 'Explorer', subject: true, human: true }],
});

function mapGame(variant: Variant): Game<MapSettings> {
  const info = MAP_VARIANTS[variant];
  return {
    ...explorerGame(info),
    datasets: mapDatasets(variant, info.title),
    seats: (instance: InstanceRow) => {
      const p = mapPayload(instance.payload);
      return [{ seat: EXPLORER, role: EXPLORER, given: p.target === null ? { start: p.start } : { start: p.start, target: p.target } }];
    },
    play: playMap,
    score: ({ events, instance }) => scoreMap(mapPayload(instance.payload), events),
    metrics: VARIANT_METRICS[variant],
    view: mapView(info.columns, info.tags, ['main_score', 'played', 'success', 'exploration', 'efficiency', ...(variant === 'graphreasoning' ? ['graph_similarity'] : [])]),
    estimate: (settings) => mapEstimate(settings, variant === 'graphreasoning' ? 600 : 300),
  };
}

export const textmapworldGame = mapGame('main');
export const textmapworldSpecificroomGame = mapGame('specificroom');
export const textmapworldGraphreasoningGame = mapGame('graphreasoning');

export default [textmapworldGame, textmapworldSpecificroomGame, textmapworldGraphreasoningGame];
