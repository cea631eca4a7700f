/** The games' own view components: the only place the renderer names a game. */
import { edaViews } from './eda';
import { matchitAsciiViews } from './matchit_ascii';
import { referencegameViews } from './referencegame';
import { textmapworldViews } from './textmapworld';
import type { GameViews } from './types';

const VIEWS: Record<string, GameViews> = {
  eda: edaViews,
  referencegame: referencegameViews,
  matchit_ascii: matchitAsciiViews,
  // The three MapWorld variants read the same way.
  textmapworld: textmapworldViews,
  textmapworld_specificroom: textmapworldViews,
  textmapworld_graphreasoning: textmapworldViews,
};

export function gameViews(game: string | undefined): GameViews {
  return (game && VIEWS[game]) || {};
}

export type { GameViews, PlayAction, PlayProps } from './types';
