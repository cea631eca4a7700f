import { useState } from 'react';
import type { GameInfo, SignificancePairView } from '../../../../shared/api/contract';
import { useApi, useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { download } from '../../download';
import { counted } from '../../format';
import { fixedOr, pValueText } from '../../../../shared/text/number';
import { CoverageNote, FiltersBar, NoRunsYet, useFilters, type Filters } from './FiltersBar';

const ALPHAS = [0.05, 0.01, 0.001];

/** Small p-values in scientific notation (as the exports print them). */
function pText(p: number | null): string {
  return pValueText(p, '—');
}

const cellText = (x: number | null, digits: number) => fixedOr(x, digits, '—');

/** What a pair was paired over (its n counts those), or Welch: the same test the leaderboard's Pairwise panel runs. */
const TEST_NAMES: Record<SignificancePairView['test'], string> = { paired: 'paired (episodes)', 'paired-instances': 'paired (instances)', welch: 'Welch' };

/** Pairwise t-tests between players on a metric, Holm-adjusted (AGE: "all p-values below 0.01"). */
export function SignificancePage() {
  const { filters, setFilters, options, game } = useFilters();
  return (
    <section aria-labelledby="significance-title">
      <header className="page-header"><h1 id="significance-title">Significance</h1></header>
      {!options ? <p aria-busy="true">Loading…</p> : options.games.length === 0 ? <NoRunsYet /> : filters && game ? (
        <>
          <FiltersBar filters={filters} onChange={setFilters} options={options} />
          <Significance key={`${filters.game}/${filters.dataset}`} filters={filters} game={game} />
        </>
      ) : null}
    </section>
  );
}

function Verdict({ pair }: { pair: SignificancePairView }) {
  if (pair.pHolm === null) return <span className="badge" title="Too few values, or none vary: no test">– no test</span>;
  return pair.significant ? <strong className="badge">✓ significant</strong> : <span className="badge">✗ not significant</span>;
}

function Significance({ filters, game }: { filters: Filters; game: GameInfo }) {
  const api = useApi();
  const [metric, setMetric] = useState(game.view.sortBy);
  const [alpha, setAlpha] = useState(0.01);
  const [error, setError] = useState<string | null>(null);
  const view = useQuery('explore.significance', { filters, metric, alpha });
  const save = (format: 'csv' | 'latex') => api.call('explore.export', { view: 'significance', format, filters, metric, alpha }).then(download, (e: Error) => setError(e.message));
  const data = view.data;
  return (
    <>
      <div className="filters">
        <label>Metric <select value={metric} onChange={(e) => setMetric(e.target.value)}>{game.metrics.map((m) => <option key={m.key} value={m.key}>{m.label}</option>)}</select></label>
        <label>α <select value={alpha} onChange={(e) => setAlpha(Number(e.target.value))}>{ALPHAS.map((a) => <option key={a} value={a}>{a}</option>)}</select></label>
        <button type="button" onClick={() => save('csv')}>Export CSV</button>
        <button type="button" onClick={() => save('latex')}>Export LaTeX</button>
      </div>
      <ErrorNote error={view.error ?? error} />
      {data && <CoverageNote coverage={data.coverage} game={game} />}
      {data && <p className="meta" data-testid="significance-note">{data.note}</p>}
      {data && data.without.length > 0 && <p className="meta">No value of this metric for {data.without.join(', ')}: left out of the table.</p>}
      {data && data.pairs.length === 0 && <p className="notice">Fewer than two players have values of this metric: nothing to compare.</p>}
      {data && data.pairs.length > 0 && (
        <table className="data" data-testid="significance-table">
          <caption className="meta">Δ: the difference in {data.metricLabel}, A − B, over one value per player and episode (paired by {game.view.nouns.instance}: each player's mean on it); p is the test's own, Holm p adjusted over the {counted(data.pairs.filter((p) => p.p !== null).length, 'test')}.</caption>
          <thead>
            <tr>
              <th scope="col">A</th><th scope="col">B</th><th scope="col">Test</th><th scope="col" className="num">n</th>
              <th scope="col" className="num">Mean A</th><th scope="col" className="num">Mean B</th><th scope="col" className="num">Δ</th>
              <th scope="col" className="num">t</th><th scope="col" className="num">df</th><th scope="col" className="num">p</th><th scope="col" className="num">Holm p</th>
              <th scope="col">Holm p &lt; {data.alpha}</th>
            </tr>
          </thead>
          <tbody>
            {data.pairs.map((p) => (
              <tr key={`${p.a}\u0000${p.b}`} data-testid="significance-row" data-significant={p.significant ? 'yes' : 'no'}>
                <td>{p.a}</td>
                <td>{p.b}</td>
                <td>{TEST_NAMES[p.test]}</td>
                <td className="num">{p.test === 'welch' ? `${p.nA} / ${p.nB}` : p.n}</td>
                <td className="num">{cellText(p.meanA, data.digits)}</td>
                <td className="num">{cellText(p.meanB, data.digits)}</td>
                <td className="num">{cellText(p.difference, data.digits)}</td>
                <td className="num">{cellText(p.t, 2)}</td>
                <td className="num">{cellText(p.df, p.test === 'welch' ? 1 : 0)}</td>
                <td className="num">{pText(p.p)}</td>
                <td className="num">{pText(p.pHolm)}</td>
                <td><Verdict pair={p} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
