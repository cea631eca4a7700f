/** Whom a run's results are named after: the players in the game's subject roles (or the role asked for). */
import { UserError } from '../errors';
import { orderSeats, type Game } from './game';

/** The roles whose players name a row: the one asked for, else the game's subject roles. */
export function rowRoles(game: Pick<Game<unknown>, 'roles' | 'shortTitle'>, by?: string): Set<string> {
  if (by === undefined) return new Set(game.roles.filter((r) => r.subject).map((r) => r.id));
  if (!game.roles.some((r) => r.id === by)) throw new UserError(`${game.shortTitle} has no role "${by}"; its roles: ${game.roles.map((r) => r.id).join(', ')}.`);
  return new Set([by]);
}

/** The subject of a run: the players of its row roles' seats, once each, in seat order (`a--b` for a pair). */
export function subjectOf(run: { seats: readonly { seat: string; role: string; player: string; playerKind: string }[] }, game: Pick<Game<unknown>, 'roles' | 'shortTitle'>, by?: string): { name: string; kind: string } | null {
  const roles = rowRoles(game, by);
  const seats = orderSeats(run.seats.filter((s) => roles.has(s.role)), game);
  if (seats.length === 0) return null;
  const names = [...new Set(seats.map((s) => s.player))];
  return { name: names.join('--'), kind: seats.some((s) => s.playerKind === 'human') ? 'human' : seats[0]!.playerKind };
}

/**
 * The row each of a run's row-role seats counts for: the run's subject, or, where several models fill
 * a row role (AGE), the seat's own player. An episode's own results count for every row of its run.
 */
export function seatRowsOf(run: { seats: readonly { seat: string; role: string; player: string; playerKind: string }[] }, game: Pick<Game<unknown>, 'roles' | 'shortTitle'>, by?: string): Map<string, string> {
  const roles = rowRoles(game, by);
  const several = game.roles.some((r) => roles.has(r.id) && r.several);
  const subject = subjectOf(run, game, by);
  const rows = new Map<string, string>();
  for (const s of run.seats) if (roles.has(s.role) && subject) rows.set(s.seat, several ? s.player : subject.name);
  return rows;
}
