import { useState } from 'react';
import type { LeaderboardRowView } from '../../../../shared/api/contract';
import { useApi, useLiveCall, useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { download } from '../../download';
import { FiltersBar, NoRunsYet, useFilters, type Filters } from './FiltersBar';

const METRICS = [
  { key: 'turns', label: '#Turns', arrow: ' ↓', digits: 1 },
  { key: 'success', label: 'Success', arrow: ' ↑', digits: 2 },
  { key: 'yes', label: '#Yes', arrow: '', digits: 1 },
  { key: 'score', label: 'Score', arrow: ' ↑', digits: 2 },
] as const;

export function meanStd(mean: number, std: number | null, digits: number): string {
  return std === null ? mean.toFixed(digits) : `${mean.toFixed(digits)} ± ${std.toFixed(digits)}`;
}

/** Players across runs, the paper's Table 1 columns, best in bold; a paired comparison of two. */
export function LeaderboardPage() {
  const [filters, setFilters, options] = useFilters();
  if (options && options.datasets.length === 0) return <Shell><NoRunsYet /></Shell>;
  if (!filters || !options) return <Shell><p aria-busy="true">Loading…</p></Shell>;
  return (
    <Shell>
      <FiltersBar filters={filters} onChange={setFilters} options={options} />
      <Board filters={filters} />
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

function Board({ filters }: { filters: Filters }) {
  const api = useApi();
  const board = useQuery('explore.leaderboard', { filters });
  const [error, setError] = useState<string | null>(null);
  const rows = board.data?.rows ?? [];
  const best = board.data?.best ?? {};
  const save = (format: 'csv' | 'latex') => api.call('explore.export', { view: 'leaderboard', format, filters }).then(download, (e: Error) => setError(e.message));
  return (
    <>
      <ErrorNote error={board.error ?? error} />
      <div className="actions">
        <button type="button" onClick={() => save('csv')}>Export CSV</button>
        <button type="button" onClick={() => save('latex')}>Export LaTeX</button>
      </div>
      <table className="data" data-testid="leaderboard">
        <thead>
          <tr>
            <th scope="col">Guesser</th>
            {METRICS.map((m) => <th key={m.key} scope="col" className="num">{m.label}{m.arrow}</th>)}
            <th scope="col" className="num">n</th>
            <th scope="col" className="num">reps</th>
            <th scope="col" className="num">excluded</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.player} data-player={r.player}>
              <th scope="row">{r.player}{r.kind === 'human' ? ' (human)' : ''}</th>
              {METRICS.map((m) => {
                const c = r.metrics[m.key];
                const text = meanStd(c.mean, c.std, m.digits);
                return (
                  <td key={m.key} className="num" data-metric={m.key} title={`pooled over ${r.episodes} episodes: ${c.pooled.toFixed(m.digits + 1)}${c.low === null || c.high === null ? '' : ` (95% CI ${c.low.toFixed(m.digits + 1)}–${c.high.toFixed(m.digits + 1)})`}`}>
                    {best[m.key] === r.player ? <strong>{text}</strong> : text}
                  </td>
                );
              })}
              <td className="num">{r.episodes}</td>
              <td className="num">{r.repetitions}</td>
              <td className="num" title="errored and unfinished episodes are excluded from every metric">{r.errorsExcluded + r.unfinishedExcluded || ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="meta">Mean ± sample std over repetitions (each run × repetition is one), as the paper's Table 1; hover a value for the mean pooled over all episodes and its 95% interval (Wilson for Success).</p>
      {rows.length >= 2 && <Pairwise rows={rows} filters={filters} />}
    </>
  );
}

function Pairwise({ rows, filters }: { rows: LeaderboardRowView[]; filters: Filters }) {
  const [a, setA] = useState(rows[0]!.player);
  const [b, setB] = useState(rows[1]!.player);
  const result = useLiveCall('explore.compare', a !== b ? { filters, a, b } : null, 50);
  const c = result.value;
  return (
    <div className="pairwise">
      <h2>Compare two players on the same items</h2>
      <div className="filters">
        <label>A <select value={a} onChange={(e) => setA(e.target.value)}>{rows.map((r) => <option key={r.player}>{r.player}</option>)}</select></label>
        <label>B <select value={b} onChange={(e) => setB(e.target.value)}>{rows.map((r) => <option key={r.player}>{r.player}</option>)}</select></label>
      </div>
      <ErrorNote error={result.error} />
      {a === b && <p className="meta">Choose two different players.</p>}
      {c && (
        <p data-testid="pairwise">
          {c.difference === null
            ? 'These two players have no entity in common.'
            : c.low === null || c.high === null || c.p === null
              ? `Score A − B = ${c.difference.toFixed(3)} over ${c.items} shared entities: too few for an interval (5 needed).`
              : `Score A − B = ${c.difference.toFixed(3)} (95% CI ${c.low.toFixed(3)} to ${c.high.toFixed(3)}, p ${c.p < 0.001 ? '< 0.001' : `= ${c.p.toFixed(3)}`}) over ${c.items} shared entities; paired bootstrap, ${c.resamples.toLocaleString('en-US')} resamples, seed ${c.seed}.`}
        </p>
      )}
    </div>
  );
}
