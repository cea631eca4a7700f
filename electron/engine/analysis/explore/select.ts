/** Which runs a cross-run view covers, and whom each run's results count for. */
import type { ExploreFilters } from '../../../../shared/contract/explore';
import type { Game } from '../../core/game';
import { rowRoles, seatRowsOf, subjectOf } from '../../core/subjects';
import type { RunRow } from '../../store/store';

export type { ExploreFilters };
export { rowRoles, subjectOf };

export interface ViewRun {
  id: number;
  datasetId: number;
  /** Whom the run is named after: the players in the game's subject roles (EDA: the guesser). */
  subject: string;
  /** `human` when a person is among them, else the first one's kind. */
  kind: string;
  run: RunRow;
  /**
   * The row each of the row roles' seats counts for: the subject, or, where several models fill a
   * row role (AGE), the seat's own player. The episode's own results count for every row of the run.
   */
  rows: ReadonlyMap<string, string>;
}

/** The rows a result of this seat ('' for the episode's) counts for. */
export function rowsOf(run: ViewRun, seat: string): string[] {
  if (seat !== '') {
    const row = run.rows.get(seat);
    return row === undefined ? [] : [row];
  }
  return [...new Set(run.rows.values())];
}

/** A row's kind: its seat's player's where a seat is its row (AGE), else the run's (`human` when a person is among its subjects). */
export function rowKind(run: ViewRun, row: string): string {
  const seat = run.run.seats.find((s) => s.player === row && run.rows.get(s.seat) === row);
  return seat ? seat.playerKind : run.kind;
}

/** Every row a view's runs give, sorted. */
export function rowNames(runs: readonly ViewRun[]): string[] {
  return [...new Set(runs.flatMap((r) => rowsOf(r, '')))].sort();
}

/** Seat → row for a run's row-role seats (only the rows asked for, when the filters name players). */
function seatRows(run: RunRow, game: Game<unknown>, f: ExploreFilters): Map<string, string> {
  const rows = seatRowsOf(run, game, f.by);
  if (f.players?.length) for (const [seat, row] of rows) if (!f.players.includes(row)) rows.delete(seat);
  return rows;
}

export function selectRuns(runs: readonly RunRow[], f: ExploreFilters, game: Game<unknown>): ViewRun[] {
  const out: ViewRun[] = [];
  for (const run of runs) {
    if (run.game !== game.id || run.datasetName !== f.dataset) continue;
    if (f.runs && !f.runs.includes(run.id)) continue;
    if (f.subset && run.subset !== f.subset) continue;
    if (f.from && run.createdAt.slice(0, 10) < f.from) continue;
    if (f.to && run.createdAt.slice(0, 10) > f.to) continue;
    if (f.conditions && Object.entries(f.conditions).some(([role, player]) => !run.seats.some((s) => s.role === role && s.player === player))) continue;
    const subject = subjectOf(run, game, f.by);
    if (!subject) continue;
    const rows = seatRows(run, game, f);
    if (rows.size === 0) continue;
    out.push({ id: run.id, datasetId: run.datasetId, subject: subject.name, kind: subject.kind, run, rows });
  }
  return out;
}
