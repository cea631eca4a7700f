import { useState } from 'react';
import type { RunSummary } from '../../../shared/api/contract';
import { useGames } from '../api/games';
import { useApi, useEvents, useQuery, useThrottled } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { ProgressBar } from '../components/ProgressBar';
import { StatusBadge } from '../components/StatusBadge';
import { when } from '../format';
import { href, navigate } from '../links';
import { RunActions } from './RunActions';
import { fixed } from '../../../shared/text/number';

/** The list of runs, live: progress from the runner's events, the list refetched when runs change. */
export function RunsPage() {
  const runs = useQuery('runs.list', {});
  const models = useQuery('models.list', {});
  const { gameOf } = useGames();
  const [live, setLive] = useState<Record<number, Pick<RunSummary, 'done' | 'errors' | 'total'> & { successes: number; callsPerSecond: number; etaSeconds: number | null }>>({});
  const [tagFilter, setTagFilter] = useState('');
  const refetch = useThrottled(runs.reload, 500);
  useEvents((event) => {
    if (event.type === 'progress' || event.type === 'episode-finished') {
      const pace = event.type === 'progress' ? { callsPerSecond: event.callsPerSecond, etaSeconds: event.etaSeconds } : null;
      setLive((l) => ({ ...l, [event.runId]: { ...l[event.runId], done: event.done, errors: event.errors, successes: event.successes, total: event.total, ...(pace ?? { callsPerSecond: l[event.runId]?.callsPerSecond ?? 0, etaSeconds: l[event.runId]?.etaSeconds ?? null }) } }));
    } else refetch();
  });

  const all = runs.data ?? [];
  const allTags = [...new Set(all.flatMap((r) => r.tags ?? []))].sort();
  const list = tagFilter ? all.filter((r) => r.tags?.includes(tagFilter)) : all;
  return (
    <section aria-labelledby="runs-title">
      <header className="page-header">
        <h1 id="runs-title">Runs</h1>
        <a className="button primary" href={href.newRun()}>New run</a>
      </header>
      <ErrorNote error={runs.error} />
      {allTags.length > 0 && (
        <div className="filters" role="search">
          <label>
            Tag{' '}
            <select data-testid="runs-tag-filter" value={tagFilter} onChange={(e) => setTagFilter(e.target.value)}>
              <option value="">all runs</option>
              {allTags.map((t) => <option key={t} value={t}>{t}</option>)}
            </select>
          </label>
        </div>
      )}
      {runs.data && all.length === 0 && <Welcome hasModels={(models.data?.length ?? 0) > 0} />}
      {list.length > 0 && (
        <table className="data">
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Game</th>
              <th scope="col">Dataset</th>
              <th scope="col">Players</th>
              <th scope="col">Status</th>
              <th scope="col">Progress</th>
              <th scope="col" className="num">Success</th>
              <th scope="col">Started</th>
              <th scope="col">Tags and note</th>
              <th scope="col"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {list.map((run) => {
              const counts = { ...run, successes: run.outcomes.success, ...(run.active ? live[run.id] : undefined) };
              const game = gameOf(run.game);
              return (
                <tr key={run.id} data-testid={`run-row-${run.id}`}>
                  <td>
                    <a href={href.run(run.id)}>#{run.id}{run.name ? ` ${run.name}` : ''}</a>
                  </td>
                  <td>{game?.shortTitle ?? run.game}</td>
                  <td>{run.dataset}/{run.subset}</td>
                  <td>
                    {run.seats.map((s) => (game?.roles.find((r) => r.id === s.role)?.subject ? <strong key={s.seat}>{s.player} </strong> : <span key={s.seat} className="meta">{s.seat} {s.player} </span>))}
                  </td>
                  <td><StatusBadge status={run.status} active={run.active} />{run.cannotPlay && <span className="chip cannot-play" title={run.cannotPlay}>cannot play</span>}</td>
                  <td><ProgressBar done={counts.done} errors={counts.errors} total={counts.total} label={`Run ${run.id} progress`} pace={run.active ? live[run.id] : null} /></td>
                  <td className="num">{counts.done ? fixed(counts.successes / counts.done, 2) : '—'}</td>
                  <td>{when(run.createdAt)}</td>
                  <td className="run-labels-cell" data-testid={`run-labels-${run.id}`}>
                    {(run.tags ?? []).map((t) => <span key={t} className="chip tag">{t}</span>)}
                    {run.note && <span className="meta run-note" title={run.note}>{run.note.length > 60 ? `${run.note.slice(0, 59)}…` : run.note}</span>}
                  </td>
                  <td><RunActions run={run} onChanged={runs.reload} compact /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Welcome({ hasModels }: { hasModels: boolean }) {
  return (
    <div className="welcome">
      <h2>Welcome to Parlor</h2>
      <p>
        Parlor evaluates language models through conversational games: the Entity-Deduction Arena (20 questions), AGE (Who Is
        Spy, an adversarial word game), SimulBench (a model simulates a system, another model rates it) and the clembench dialogue
        games (Reference game, MatchIt, MapWorld, with text or images). Every call and every move is stored in one local database.
      </p>
      <SampleRun />
      <ol>
        <li className={hasModels ? 'done' : undefined}>
          <a href={href.models()}>Add a model</a> — an OpenAI or Anthropic model, or any OpenAI-compatible server.
        </li>
        <li>
          <a href={href.newRun()}>Start a run</a> — pick a game, a dataset, and a model for each role.
        </li>
        <li>Watch it play, then open a transcript and read the game turn by turn.</li>
      </ol>
    </div>
  );
}

/** A first look without a key: the first game offering a sample run, a few instances of each experiment, played by its built-in players. */
function SampleRun() {
  const api = useApi();
  const { games } = useGames();
  const [error, setError] = useState<string | null>(null);
  const game = games.find((g) => g.sampleRun !== null && g.roles.every((r) => g.builtinRoles.includes(r.id)));
  if (!game?.sampleRun) return null;
  const limit = game.sampleRun.perExperiment;
  const start = () =>
    api
      .call('runs.start', { config: { name: `Sample: ${game.title}, built-in players`, game: game.id, dataset: { name: game.datasets[0]!.name }, players: Object.fromEntries(game.roles.map((r) => [r.id, { provider: 'builtin', model: 'reference' }])), repetitions: 1, limit } })
      .then(({ runId }) => navigate(href.run(runId)), (e: Error) => setError(e.message));
  return (
    <p>
      <button type="button" className="primary" onClick={start}>Play a sample run</button> — {game.title}, {limit === 1 ? 'one game' : `${limit} games`} of each experiment, played by
      Parlor's built-in players (no model, no key).
      <ErrorNote error={error} />
    </p>
  );
}
