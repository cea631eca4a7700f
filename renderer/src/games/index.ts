/** The games' own view components: the only place the renderer names a game. */
import { edaViews } from './eda';
// clembench view imports (one line each)
import { referencegameViews } from './referencegame';
import { matchitAsciiViews } from './matchit_ascii';
import type { GameViews } from './types';

const VIEWS: Record<string, GameViews> = {
  eda: edaViews,
  // clembench views (one line each)
  referencegame: referencegameViews,
  matchit_ascii: matchitAsciiViews,
};

export function gameViews(game: string | undefined): GameViews {
  return (game && VIEWS[game]) || {};
}

export type { GameViews, PlayAction, PlayProps } from './types';
