/** The games' own view components: the only place the renderer names a game. */
import { edaViews } from './eda';
import type { GameViews } from './types';

const VIEWS: Record<string, GameViews> = { eda: edaViews };

export function gameViews(game: string | undefined): GameViews {
  return (game && VIEWS[game]) || {};
}

export type { GameViews, PlayAction, PlayProps } from './types';
