import type { GameInfo } from '../../../shared/api/contract';
import { useQuery } from '../api/hooks';
import { withInterval } from '../format';
import { fixed, percentNumber } from '../../../shared/text/number';
import { commonNote } from './board-note';

/**
 * People and models side by side: games, the game's first rate (EDA: success) with its Wilson interval,
 * its main metric (EDA: score) with its interval; a row with fewer games than the board's minimum says
 * "too few" instead. Compared on the instances every player finished; when
 * there are none, each row is over that player's own games, and the board says so.
 */
export function PlayerBoard({ game, dataset, role }: { game: GameInfo; dataset: string; role: string }) {
  // Rows are the players of the person's role: whoever else sat in that seat, people and models.
  const common = useQuery('explore.leaderboard', { filters: { game: game.id, dataset, by: role } });
  const fallback = common.data !== null && common.data.coverage.mode === 'common' && common.data.coverage.common === 0;
  const all = useQuery('explore.leaderboard', fallback ? { filters: { game: game.id, dataset, by: role, instances: 'all' } } : null);
  const board = fallback ? all.data : common.data;
  const rows = board?.rows ?? [];
  if (!rows.length) return null;
  const rate = game.metrics.find((m) => m.kind === 'rate');
  const main = game.metrics.find((m) => m.key === game.view.sortBy && m !== rate);
  const pct = (x: number) => `${percentNumber(x, 0)}%`;
  const two = (x: number) => fixed(x, 2);
  return (
    <>
      <h2>{game.roles.find((r) => r.id === role)?.label ?? 'Players'}s on {game.datasets.find((d) => d.name === dataset)?.title ?? dataset}</h2>
      <table className="data" data-testid="player-board">
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col" className="num">Games</th>
            {rate && <th scope="col" className="num">{rate.label} (95% CI)</th>}
            {main && <th scope="col" className="num">{main.label} (95% CI)</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const a = rate ? r.metrics[rate.key] : undefined;
            const b = main ? r.metrics[main.key] : undefined;
            return (
              <tr key={r.player} data-player={r.player}>
                <th scope="row">{r.player.replace(/^human:/, '')} {r.kind === 'human' ? <span className="mark">human</span> : null}</th>
                <td className="num">{r.episodes}</td>
                {rate && <td className="num">{withInterval(a, r.episodes, board!.minEpisodes, pct)}</td>}
                {main && <td className="num">{withInterval(b, r.episodes, board!.minEpisodes, two)}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="meta" data-testid="player-board-note">
        {fallback
          ? `No ${game.view.nouns.instance} was played by every player here, so each row is over that player's own games and the rows are not a like-for-like comparison.`
          : board!.coverage.mode === 'common'
            ? commonNote(board!.coverage.common, board!.coverage.total, game.view.nouns)
            : ''}{' '}
        Rates with their Wilson 95% interval, means with a Student's t interval kept within the metric's range. Sessions a reviewer marked invalid are left out.
      </p>
    </>
  );
}
