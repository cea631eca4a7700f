import type { EpisodeNeighbours } from '../../../shared/api/contract';
import { href } from '../links';

/** Previous and next episode in the run's order (repetition, then the instance's place). */
export function EpisodeNav({ neighbours: n }: { neighbours: EpisodeNeighbours }) {
  if (n.total <= 1) return null;
  return (
    <nav className="episode-nav" aria-label="Episodes of this run">
      {n.previous === null ? <span className="meta">← previous</span> : <a href={href.episode(n.previous)} rel="prev" data-testid="episode-previous" title="Previous episode ([ or k)">← previous</a>}
      <span className="meta" data-testid="episode-position"> episode {n.position} of {n.total} </span>
      {n.next === null ? <span className="meta">next →</span> : <a href={href.episode(n.next)} rel="next" data-testid="episode-next" title="Next episode (] or j)">next →</a>}
    </nav>
  );
}
