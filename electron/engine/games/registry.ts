/**
 * The games Parlor knows: the only module that imports a game folder. Everything else asks here by id,
 * so a new game is its folder plus one line below.
 */
import { gameProblems } from '../core/check-game';
import type { Game } from '../core/game';
import { UserError } from '../errors';
import { edaGame } from './eda/game';

const games = new Map<string, Game<unknown>>();

/** Adds a game (the built-in ones below; tests add their own), once its self-description is checked. An id is taken once. */
export function registerGame<S>(game: Game<S>): void {
  if (games.has(game.id)) throw new Error(`A game with id "${game.id}" is already registered.`);
  const problems = gameProblems(game as unknown as Game<unknown>);
  if (problems.length > 0) throw new Error(`The game "${game.id}" cannot be registered:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  games.set(game.id, game as unknown as Game<unknown>);
}

registerGame(edaGame);

export function gameById(id: string): Game<unknown> {
  const game = games.get(id);
  if (!game) throw new UserError(`Unknown game "${id}". Parlor plays: ${[...games.keys()].join(', ')}.`);
  return game;
}

export function allGames(): Game<unknown>[] {
  return [...games.values()];
}
