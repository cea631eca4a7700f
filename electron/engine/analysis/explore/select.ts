/** Which runs a cross-run view covers, and whom each run's row is named after. */
import type { ExploreFilters } from '../../../../shared/contract/explore';
import type { Game } from '../../core/game';
import { rowRoles, subjectOf } from '../../core/subjects';
import type { RunRow } from '../../store/store';

export type { ExploreFilters };
export { rowRoles, subjectOf };

export interface ViewRun {
  id: number;
  datasetId: number;
  /** The leaderboard row: the players in the game's subject roles (EDA: the guesser). */
  subject: string;
  /** `human` when a person is among them, else the first one's kind. */
  kind: string;
  run: RunRow;
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
