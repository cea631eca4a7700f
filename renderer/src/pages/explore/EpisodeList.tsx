import type { GameInfo } from '../../../../shared/api/contract';
import { episodeValue } from '../../../../shared/contract/game';
import { useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { OutcomeBadge } from '../../components/OutcomeBadge';
import { counted } from '../../format';
import { href } from '../../links';
import type { Filters } from './FiltersBar';

/** A player's finished episodes in the view (a heatmap cell's, with `topic`), each linking to its transcript. */
export function EpisodeList({ filters, player, topic, game }: { filters: Filters; player: string; topic?: { key: string; value: string }; game: GameInfo }) {
  const list = useQuery('explore.cell', topic ? { filters, topic: topic.key, value: topic.value, player } : { filters, player });
  const columns = game.view.episodeColumns.flatMap((k) => game.metrics.filter((m) => m.key === k));
  const noun = game.view.nouns.instance;
  return (
    <div data-testid="cell-episodes" className="episode-list">
      <h2>{topic ? `${player} · ${topic.value}` : `${player}: episodes`}</h2>
      <ErrorNote error={list.error} />
      {list.data && (
        <>
          <p className="meta">{list.data.total > 500 ? 'The first 500 episodes' : counted(list.data.episodes.length, 'episode')}</p>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">{noun.charAt(0).toUpperCase() + noun.slice(1)}</th><th scope="col">Run</th><th scope="col" className="num">Rep.</th><th scope="col">Outcome</th>
                {columns.map((m) => <th key={m.key} scope="col" className="num">{m.label}</th>)}
              </tr>
            </thead>
            <tbody>
              {list.data.episodes.map((e) => (
                <tr key={e.id}>
                  <td><a href={href.episode(e.id)}>{e.instance}</a></td>
                  <td><a href={href.run(e.runId)}>#{e.runId}</a></td>
                  <td className="num">{e.repetition}</td>
                  <td><OutcomeBadge episode={{ status: e.status, outcome: e.outcome, errorKind: null }} game={game} /></td>
                  {columns.map((m) => {
                    const v = e.scores?.[m.key];
                    return <td key={m.key} className="num">{v === undefined ? '—' : episodeValue(m, v)}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
