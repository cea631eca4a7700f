import { useMemo } from 'react';
import type { HumanSessionRow } from '../../../shared/api/contract';
import { useGames } from '../api/games';
import { useEvents, useQuery } from '../api/hooks';
import { counted } from '../format';
import { href } from '../links';

/** Human games begun and not finished: the person left the page, or Parlor was closed mid-game. */
export function usePausedGames(): HumanSessionRow[] {
  const sessions = useQuery('human.sessions', {});
  const { reload } = sessions;
  useEvents((event) => {
    if (event.type === 'runs-changed') reload();
  });
  return useMemo(() => (sessions.data ?? []).filter((s) => s.status === 'pending' || s.status === 'running'), [sessions.data]);
}

/** The Play page's list of paused games, each with a link that continues it where it stopped. */
export function PausedGames({ games }: { games: HumanSessionRow[] }) {
  const { gameOf } = useGames();
  if (games.length === 0) return null;
  return (
    <section className="paused-games" aria-labelledby="paused-title" data-testid="paused-games">
      <h2 id="paused-title">Paused games</h2>
      <p className="meta">{counted(games.length, 'game')} begun and not finished: each continues where it stopped.</p>
      <ul>
        {games.map((g) => {
          const game = gameOf(g.game);
          const seat = game?.roles.find((r) => r.id === g.seat)?.label.toLowerCase() ?? g.seat;
          return (
            <li key={g.episodeId} data-testid="paused-game">
              <a className="button primary" href={href.resumePlay(g.episodeId)} aria-label={`Resume ${game?.shortTitle ?? g.game} game ${g.episodeId} of ${g.player.replace(/^human:/, '')}`}>Resume</a>
              <span>
                <strong>{g.player.replace(/^human:/, '')}</strong> as {seat} · {game?.shortTitle ?? g.game} · {g.dataset}/{g.subset} · game #{g.episodeId}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
