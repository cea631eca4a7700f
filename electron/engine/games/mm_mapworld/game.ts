/**
 * clembench's multimodal MapWorld games (the multimodal clembench paper, section 3 and appendix D) as
 * Parlor games sharing one game master: explore a map of room photographs exhaustively
 * (`mm_mapworld`, EE), do so while reporting the map as a graph (`mm_mapworld_graphs`, EE-gr), or
 * find a room of a named category (`mm_mapworld_specificroom`, G2X).
 * One model seat, the explorer (clembench's PathWalker); the describer is the programmatic game
 * master. Each message shows the photograph of the room the explorer stands in (ADE20K images,
 * named as the instances name them); the room's category is never shown, only kept for the reader.
 */
import type { Game, InstanceRow } from '../../core/game';
import { explorerGame, mapEstimate, mapView, type VariantInfo } from '../textmapworld/game';
import type { MapSettings } from '../textmapworld/settings';
import { mmDatasets } from './datasets';
import { categoryOf, mmPayload, type MmVariant } from './instance';
import { EXPLORER, playMm } from './master';
import { MM_METRICS, scoreMm } from './metrics';

interface MmVariantInfo extends VariantInfo {
  /** The first message in tokens (about 4 characters each). */
  promptTokens: number;
  heatmap: string[];
}

export const MM_VARIANTS: Record<MmVariant, MmVariantInfo> = {
  main: {
    id: 'mm_mapworld', title: 'MapWorld EE (clembench, images)', shortTitle: 'Map EE (images)', tags: ['experiment', 'size', 'cycle'],
    columns: ['main_score', 'exploration', 'efficiency', 'moves'], promptTokens: 400, heatmap: ['main_score', 'played', 'success', 'exploration', 'efficiency'],
  },
  graphs: {
    id: 'mm_mapworld_graphs', title: 'MapWorld EE-gr (clembench, images)', shortTitle: 'Map EE-gr (images)', tags: ['experiment', 'size'],
    columns: ['main_score', 'graph_similarity', 'exploration', 'efficiency'], promptTokens: 650, heatmap: ['main_score', 'played', 'success', 'exploration', 'efficiency', 'graph_similarity'],
  },
  specificroom: {
    id: 'mm_mapworld_specificroom', title: 'MapWorld G2X (clembench, images)', shortTitle: 'Map G2X (images)', tags: ['experiment', 'distance', 'size'],
    columns: ['main_score', 'moves', 'efficiency'], promptTokens: 400, heatmap: ['main_score', 'played', 'success', 'efficiency'],
  },
};

/** One image in OpenAI's accounting at high detail (85 + 4 × 170: four 512-pixel tiles of a 1024×1024 image); the walker sees one per call. */
export const IMAGE_TOKENS = 765;

/** What the reader is told of a decision: the room the explorer stands in and its photograph. */

export function mmGame(variant: MmVariant): Game<MapSettings> {
  const info = MM_VARIANTS[variant];
  return {
    ...explorerGame(info),
    datasets: mmDatasets(variant, info.title),
    seats: (instance: InstanceRow) => {
      const p = mmPayload(instance.payload);
      const target = p.target === null ? {} : { target: p.target, target_room: categoryOf(p, p.target) };
      return [{ seat: EXPLORER, role: EXPLORER, given: { start: p.start, start_room: categoryOf(p, p.start), ...target, rooms: p.nodes.length } }];
    },
    play: playMm,
    score: ({ events, instance }) => scoreMm(mmPayload(instance.payload), events),
    metrics: MM_METRICS[variant],
    view: mapView(info.columns, info.tags, info.heatmap),
    // Textmapworld's bound (every round played, every reply as long as allowed, the text history re-read each
    // call; the instances never reprompt), plus one image per call: the walker forgets earlier images.
    estimate: (settings) => mapEstimate(settings, info.promptTokens, IMAGE_TOKENS),
  };
}

export const mmMapworldGame = mmGame('main');
export const mmMapworldGraphsGame = mmGame('graphs');
export const mmMapworldSpecificroomGame = mmGame('specificroom');

export default [mmMapworldGame, mmMapworldSpecificroomGame, mmMapworldGraphsGame];
