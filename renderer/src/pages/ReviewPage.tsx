import { useState } from 'react';
import { scoresLine } from '../../../shared/contract/game';
import { useGames } from '../api/games';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { OutcomeBadge } from '../components/OutcomeBadge';
import { when } from '../format';
import { href } from '../links';

const REASONS = ['chit-chat', 'nonsense or repeated questions', 'abandoned', 'not doing the task'];

/** Quality control of human games: an invalid one is kept but left out of every metric. */
export function ReviewPage() {
  const api = useApi();
  const sessions = useQuery('human.sessions', {});
  const { gameOf } = useGames();
  const [reason, setReason] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const mark = (episodeId: number, invalid: string | null) => api.call('human.review', { episodeId, invalid }).then(sessions.reload, (e: Error) => setError(e.message));
  return (
    <section aria-labelledby="review-title">
      <p className="breadcrumb"><a href={href.play()}>← Play</a></p>
      <header className="page-header"><h1 id="review-title">Review human games</h1></header>
      <p className="meta">Mark games that do not do the task (the paper kept 201 of 216 sessions). They stay in the database and in exports of episodes, and leave the metrics.</p>
      <ErrorNote error={sessions.error ?? error} />
      {sessions.data?.length === 0 && <p className="meta">No human games yet.</p>}
      {(sessions.data?.length ?? 0) > 0 && (
        <table className="data" data-testid="review">
          <thead><tr><th scope="col">Player</th><th scope="col">Game · seat</th><th scope="col">Played on</th><th scope="col">Outcome</th><th scope="col">Scores</th><th scope="col">Finished</th><th scope="col">Review</th></tr></thead>
          <tbody>
            {sessions.data!.map((s) => {
              const game = gameOf(s.game);
              return (
              <tr key={s.episodeId}>
                <td>
                  {s.player.replace(/^human:/, '')}
                  {s.hinted && <> <span className="chip hinted" data-testid="hinted-badge" title="Asked a hint model for help">hinted</span></>}
                </td>
                <td>{game?.shortTitle ?? s.game} · {s.seat}</td>
                <td><a href={href.episode(s.episodeId)}>{s.instance}</a> <span className="meta">{s.dataset}/{s.subset}</span></td>
                <td><OutcomeBadge episode={{ status: s.status, outcome: s.outcome, errorKind: null }} game={game} /></td>
                <td>{s.scores && game ? scoresLine(game.metrics, s.scores) : '—'}</td>
                <td>{when(s.finishedAt)}</td>
                <td>
                  {s.invalid ? (
                    <span>invalid: {s.invalid} <button type="button" onClick={() => mark(s.episodeId, null)}>Restore</button></span>
                  ) : (
                    <span className="actions compact">
                      <label className="sr-only" htmlFor={`reason-${s.episodeId}`}>Reason</label>
                      <select id={`reason-${s.episodeId}`} value={reason[s.episodeId] ?? REASONS[0]} onChange={(e) => setReason((r) => ({ ...r, [s.episodeId]: e.target.value }))}>
                        {REASONS.map((r) => <option key={r}>{r}</option>)}
                      </select>
                      <button type="button" onClick={() => mark(s.episodeId, reason[s.episodeId] ?? REASONS[0]!)}>Mark invalid</button>
                    </span>
                  )}
                </td>
              </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
