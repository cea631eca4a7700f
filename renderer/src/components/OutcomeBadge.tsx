import type { EpisodeSummary, GameInfo } from '../../../shared/api/contract';
import { outcomeLabel } from '../api/games';

/** An episode's outcome in the game's words (EDA: win, loss), or its status while it has none. */
export function OutcomeBadge({ episode, game }: { episode: Pick<EpisodeSummary, 'status' | 'outcome' | 'errorKind'>; game: GameInfo | undefined }) {
  if (episode.status === 'error') return <span className="badge outcome-error" title={episode.errorKind ?? undefined}>error</span>;
  if (episode.outcome) return <span className={`badge outcome-${episode.outcome}`}>{outcomeLabel(game, episode.outcome)}</span>;
  return <span className="badge outcome-pending">{episode.status}</span>;
}
