import { useState } from 'react';
import type { GameInfo, LeaderboardRowView } from '../../../../shared/api/contract';
import { useApi, useLiveCall, useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { download } from '../../download';
import { CoverageNote, FiltersBar, NoRunsYet, useFilters, type Filters } from './FiltersBar';
import { SlicesTable } from './SlicesTable';

const ARROW = { higher: ' ↑', lower: ' ↓', none: '' } as const;

export function meanStd(mean: number, std: number | null, digits: number): string {
  return std === null ? mean.toFixed(digits) : `${mean.toFixed(digits)} ± ${std.toFixed(digits)}`;
}

/** Whether each seat of the row role is its own player's row (several models fill it), so seat metrics are a row's. */
export function seatsAreRows(game: GameInfo, by: string | undefined): boolean {
  return game.roles.some((r) => (by === undefined ? r.subject : r.id === by) && !!r.several);
}

/** Players across runs in the paper's table form (the game's metrics), best in bold; a paired comparison of two. */
export function LeaderboardPage() {
  const { filters, setFilters, options, game } = useFilters();
  if (options && options.games.length === 0) return <Shell><NoRunsYet /></Shell>;
  if (!filters || !options || !game) return <Shell><p aria-busy="true">Loading…</p></Shell>;
  return (
    <Shell>
      <FiltersBar filters={filters} onChange={setFilters} options={options} />
      <Board filters={filters} game={game} />
      {game.view.slices && <SlicesTable key={`${filters.game}/${filters.dataset}`} filters={filters} game={game} />}
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="leaderboard-title">
      <header className="page-header"><h1 id="leaderboard-title">Leaderboard</h1></header>
      {children}
    </section>
  );
}

function Board({ filters, game }: { filters: Filters; game: GameInfo }) {
  const api = useApi();
  const board = useQuery('explore.leaderboard', { filters });
  const [error, setError] = useState<string | null>(null);
  const rows = board.data?.rows ?? [];
  const best = board.data?.best ?? {};
  const metrics = board.data?.metrics ?? [];
  const aggregates = board.data?.aggregates ?? [];
  const save = (format: 'csv' | 'latex') => api.call('explore.export', { view: 'leaderboard', format, filters }).then(download, (e: Error) => setError(e.message));
  return (
    <>
      <ErrorNote error={board.error ?? error} />
      {board.data && <CoverageNote coverage={board.data.coverage} game={game} />}
      <div className="actions">
        <button type="button" onClick={() => save('csv')}>Export CSV</button>
        <button type="button" onClick={() => save('latex')}>Export LaTeX</button>
      </div>
      <table className="data" data-testid="leaderboard">
        <thead>
          <tr>
            <th scope="col">{board.data?.subjectLabel ?? 'Player'}</th>
            {metrics.map((m) => <th key={m.key} scope="col" className="num" title={m.description}>{m.label}{ARROW[m.direction]}</th>)}
            {aggregates.map((a) => <th key={a.key} scope="col" className="num" title={a.description}>{a.label}{ARROW[a.direction]}</th>)}
            <th scope="col" className="num">n</th>
            <th scope="col" className="num">reps</th>
            <th scope="col" className="num">excluded</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.player} data-player={r.player}>
              <th scope="row">{r.player}{r.kind === 'human' ? ' (human)' : ''}</th>
              {metrics.map((m) => {
                const c = r.metrics[m.key];
                if (!c) return <td key={m.key} className="num" data-metric={m.key}>—</td>;
                const text = meanStd(c.mean, c.std, m.digits);
                return (
                  <td key={m.key} className="num" data-metric={m.key} title={`pooled over ${c.n} episodes: ${c.pooled.toFixed(m.digits + 1)}${c.low === null || c.high === null ? '' : ` (95% CI ${c.low.toFixed(m.digits + 1)}–${c.high.toFixed(m.digits + 1)})`}`}>
                    {best[m.key] === r.player ? <strong>{text}</strong> : text}
                  </td>
                );
              })}
              {aggregates.map((a) => <td key={a.key} className="num" data-aggregate={a.key}>{r.aggregates[a.key]?.toFixed(a.digits) ?? '—'}</td>)}
              <td className="num">{r.episodes}</td>
              <td className="num">{r.repetitions}</td>
              <td className="num" title="errored and unfinished episodes are excluded from every metric; left out: finished episodes on instances another player did not finish">
                {[r.errorsExcluded + r.unfinishedExcluded ? `${r.errorsExcluded + r.unfinishedExcluded} failed` : '', r.leftOut ? `${r.leftOut} left out` : ''].filter(Boolean).join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="meta">Mean ± sample std over repetitions (each run × repetition is one), as the papers' tables; hover a value for the mean pooled over all episodes and its 95% interval (Wilson for rates).</p>
      {rows.length >= 2 && <Pairwise rows={rows} filters={filters} game={game} />}
    </>
  );
}

function Pairwise({ rows, filters, game }: { rows: LeaderboardRowView[]; filters: Filters; game: GameInfo }) {
  const [a, setA] = useState(rows[0]!.player);
  const [b, setB] = useState(rows[1]!.player);
  // Per-instance differences need a row's own value: a seat metric is one only where seats are rows (AGE).
  const seatRows = seatsAreRows(game, filters.by);
  const choices = game.metrics.filter((m) => (m.scope ?? 'episode') === 'episode' || seatRows);
  const [metricKey, setMetricKey] = useState(game.view.sortBy);
  const result = useLiveCall('explore.compare', a !== b ? { filters, a, b, metric: metricKey } : null, 50);
  const c = result.value;
  const metric = game.metrics.find((m) => m.key === (c?.metric ?? metricKey))?.label ?? 'Score';
  const shared = `shared ${game.view.nouns.instances}`;
  return (
    <div className="pairwise">
      <h2>Compare two players on the same {game.view.nouns.instances}</h2>
      <div className="filters">
        <label>A <select value={a} onChange={(e) => setA(e.target.value)}>{rows.map((r) => <option key={r.player}>{r.player}</option>)}</select></label>
        <label>B <select value={b} onChange={(e) => setB(e.target.value)}>{rows.map((r) => <option key={r.player}>{r.player}</option>)}</select></label>
        {choices.length > 1 && (
          <label>On <select aria-label="Metric to compare on" value={metricKey} onChange={(e) => setMetricKey(e.target.value)}>{choices.map((m) => <option key={m.key} value={m.key}>{m.label}</option>)}</select></label>
        )}
      </div>
      <ErrorNote error={result.error} />
      {a === b && <p className="meta">Choose two different players.</p>}
      {c && (
        <p data-testid="pairwise">
          {c.difference === null
            ? `No ${game.view.nouns.instance} has a value of ${metric} for both players (aborted or unscored episodes have none).`
            : c.low === null || c.high === null || c.p === null
              ? `${metric} A − B = ${c.difference.toFixed(3)} over ${c.items} ${shared}: too few for an interval (5 needed).`
              : `${metric} A − B = ${c.difference.toFixed(3)} (95% CI ${c.low.toFixed(3)} to ${c.high.toFixed(3)}, p ${c.p < 0.001 ? '< 0.001' : `= ${c.p.toFixed(3)}`}) over ${c.items} ${shared}; paired bootstrap, ${c.resamples.toLocaleString('en-US')} resamples, seed ${c.seed}.`}
        </p>
      )}
    </div>
  );
}
