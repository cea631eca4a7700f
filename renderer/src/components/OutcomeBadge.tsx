import type { EpisodeSummary, GameInfo } from '../../../shared/api/contract';
import { outcomeName } from '../../../shared/contract/game';

/** An episode's outcome in the game's words (EDA: win, loss; SimulBench pairwise: a wins, tie, b wins), or its status while it has none. */
export function OutcomeBadge({ episode, game }: { episode: Pick<EpisodeSummary, 'status' | 'outcome' | 'errorKind'> & { scores?: EpisodeSummary['scores'] }; game: GameInfo | undefined }) {
  if (episode.status === 'error') return <span className="badge outcome-error" title={episode.errorKind ?? undefined}>error</span>;
  if (episode.outcome) return <span className={`badge outcome-${episode.outcome}`}>{game ? outcomeName(game.view, episode.outcome, episode.scores) : episode.outcome}</span>;
  return <span className="badge outcome-pending">{episode.status}</span>;
}
