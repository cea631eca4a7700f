import type { GameInfo } from '../../../shared/api/contract';
import { useQuery } from './hooks';

/** The games the engine plays, with their roles, metrics and words; `gameOf` finds one by id. */
export function useGames(): { games: GameInfo[]; gameOf: (id: string | undefined) => GameInfo | undefined; error: string | null } {
  const query = useQuery('games.list', {});
  const games = query.data ?? [];
  return { games, gameOf: (id) => games.find((g) => g.id === id), error: query.error };
}

/** "Guesser", "Judge": a role's label in a game, or the role id. */
export function roleLabel(game: GameInfo | undefined, role: string): string {
  return game?.roles.find((r) => r.id === role)?.label ?? role;
}

/** What the game calls an outcome (EDA: win, loss). */
export function outcomeLabel(game: GameInfo | undefined, outcome: string | null): string | null {
  if (outcome === null) return null;
  return game?.view.outcomeLabels[outcome as 'success'] ?? outcome;
}
