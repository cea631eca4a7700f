/** What both MatchIt games (ASCII grids, images) declare alike: the roles, the seats, the views. */
import type { RoleSpec, ViewHints } from '../../../../shared/contract/game';
import type { SeatPlan } from '../../core/game';
import { SEATS, type Seat } from './protocol';

export const MATCHIT_ROLES: readonly RoleSpec[] = [
  { id: 'player_a', label: 'Player A', subject: true, human: true },
  { id: 'player_b', label: 'Player B', subject: true, human: true },
];

/** Each player in its own seat, given its picture (shown in transcripts). */
export const matchitSeats = (given: (seat: Seat) => Record<string, unknown>): SeatPlan[] => SEATS.map((seat) => ({ seat, role: seat, given: given(seat) }));

/** The views of a MatchIt dataset kind whose instances are pairs of `picture`s ("grid", "image"). */
export function matchitView(kind: string, picture: string): ViewHints {
  return {
    nouns: { instance: `${picture} pair`, instances: `${picture} pairs`, subset: 'subset' },
    outcomeLabels: { success: 'both right', failure: 'wrong decision', aborted: 'aborted' },
    outcomePlurals: { success: 'both right', failure: 'wrong decisions', aborted: 'aborted' },
    episodeColumns: ['main_score', 'player_score', 'played', 'request_count'],
    tagOrder: { [kind]: ['experiment', 'same'] },
    difficulty: { metric: 'main_score', solved: 'success' },
    heatmapMetrics: ['main_score', 'player_score', 'played'],
    sortBy: 'main_score',
  };
}
