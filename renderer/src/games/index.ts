/** The games' own view components: the only place the renderer names a game. */
import { ageViews } from './age';
import { edaViews } from './eda';
import { matchitAsciiViews } from './matchit_ascii';
import { multimodalReferencegameViews } from './multimodal_referencegame';
import { referencegameViews } from './referencegame';
import { simulbenchViews } from './simulbench';
import { textmapworldViews } from './textmapworld';
import type { GameViews } from './types';

const VIEWS: Record<string, GameViews> = {
  eda: edaViews,
  age: ageViews,
  referencegame: referencegameViews,
  multimodal_referencegame: multimodalReferencegameViews,
  matchit_ascii: matchitAsciiViews,
  // The image MatchIt reads the same way, with the players' images in place of the grids.
  matchit: matchitAsciiViews,
  // The MapWorld games, text and images, read the same way (the image games with the room's photograph).
  textmapworld: textmapworldViews,
  textmapworld_specificroom: textmapworldViews,
  textmapworld_graphreasoning: textmapworldViews,
  mm_mapworld: textmapworldViews,
  mm_mapworld_graphs: textmapworldViews,
  mm_mapworld_specificroom: textmapworldViews,
  simulbench: simulbenchViews,
  simulbench_pairwise: simulbenchViews,
};

export function gameViews(game: string | undefined): GameViews {
  return (game && VIEWS[game]) || {};
}

export type { GameViews, PlayAction, PlayProps } from './types';
