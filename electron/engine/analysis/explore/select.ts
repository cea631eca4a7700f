/** Which runs a cross-run view covers, and whom each run's row is named after. */
import type { ExploreFilters } from '../../../../shared/contract/explore';
import { orderSeats, type Game } from '../../core/game';
import { UserError } from '../../errors';
import type { RunRow } from '../../store/store';

export type { ExploreFilters };

export interface ViewRun {
  id: number;
  datasetId: number;
  /** The leaderboard row: the players in the game's subject roles (EDA: the guesser). */
  subject: string;
  /** `human` when a person is among them, else the first one's kind. */
  kind: string;
  run: RunRow;
}

/** The roles whose players name a row: the one asked for, else the game's subject roles. */
export function rowRoles(game: Game<unknown>, by?: string): Set<string> {
  if (by === undefined) return new Set(game.roles.filter((r) => r.subject).map((r) => r.id));
  if (!game.roles.some((r) => r.id === by)) throw new UserError(`${game.shortTitle} has no role "${by}"; its roles: ${game.roles.map((r) => r.id).join(', ')}.`);
  return new Set([by]);
}

/** The subject of a run: the players of its row roles' seats, once each, in seat order (`a--b` for a pair). */
export function subjectOf(run: RunRow, game: Game<unknown>, by?: string): { name: string; kind: string } | null {
  const roles = rowRoles(game, by);
  const seats = orderSeats(run.seats.filter((s) => roles.has(s.role)), game);
  if (seats.length === 0) return null;
  const names = [...new Set(seats.map((s) => s.player))];
  return { name: names.join('--'), kind: seats.some((s) => s.playerKind === 'human') ? 'human' : seats[0]!.playerKind };
}

export function selectRuns(runs: readonly RunRow[], f: ExploreFilters, game: Game<unknown>): ViewRun[] {
  const out: ViewRun[] = [];
  for (const run of runs) {
    if (run.game !== game.id || run.datasetName !== f.dataset) continue;
    if (f.subset && run.subset !== f.subset) continue;
    if (f.from && run.createdAt.slice(0, 10) < f.from) continue;
    if (f.to && run.createdAt.slice(0, 10) > f.to) continue;
    if (f.conditions && Object.entries(f.conditions).some(([role, player]) => !run.seats.some((s) => s.role === role && s.player === player))) continue;
    const subject = subjectOf(run, game, f.by);
    if (!subject) continue;
    if (f.players?.length && !f.players.includes(subject.name)) continue;
    out.push({ id: run.id, datasetId: run.datasetId, subject: subject.name, kind: subject.kind, run });
  }
  return out;
}
