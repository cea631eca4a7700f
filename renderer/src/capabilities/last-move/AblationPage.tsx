import { useState } from 'react';
import type { SwapMatrix, SwapMatrixView } from '../../../../shared/api/capabilities/last-move';
import { bracketed } from '../../../../shared/text/interval';
import { useApi, useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { RunLinks } from '../../components/RunLinks';
import { download } from '../../download';
import { href } from '../../links';

/** The planning/reasoning ablation: the X → Y matrix of the chosen runs (Table 6), and each swap's last turns beside the originals. */
export function AblationPage({ runIds }: { runIds: number[] }) {
  const api = useApi();
  const matrix = useQuery('ablation.matrix', { runIds });
  const [error, setError] = useState<string | null>(null);
  const save = (format: 'csv' | 'latex') => api.call('ablation.export', { runIds, format }).then(download, (e: Error) => setError(e.message));
  // Swap runs fill the cells off the diagonal (X → Y with Y ≠ X).
  const swaps = [...new Set(matrix.data?.datasets.flatMap((d) => d.cells.filter((c) => c.from !== c.to).flatMap((c) => c.runIds)) ?? [])];
  return (
    <section aria-labelledby="ablation-title">
      <header className="page-header"><h1 id="ablation-title">Planning vs reasoning: last-turn swaps</h1></header>
      <p className="meta">
        <RunLinks runIds={runIds} />. X → Y: X's games up to the last question, asked by Y; X → X are X's own games.
      </p>
      <ErrorNote error={matrix.error ?? error} />
      {matrix.data && (
        <>
          <div className="filters">
            <button type="button" onClick={() => void save('csv')}>Export CSV</button>
            <button type="button" onClick={() => void save('latex')}>Export LaTeX</button>
          </div>
          {matrix.data.datasets.map((d) => <Matrix key={d.dataset} matrix={d} view={matrix.data!} />)}
        </>
      )}
      {swaps.map((id) => <Pairs key={id} runId={id} />)}
    </section>
  );
}

function Matrix({ matrix, view }: { matrix: SwapMatrix; view: SwapMatrixView }) {
  const digits = view.metric.digits;
  return (
    <div className="table-scroll">
      <table className="data" data-testid="swap-matrix">
        <caption>{matrix.dataset}: {view.metric.label}, mean [95% CI] (episodes)</caption>
        <thead>
          <tr>
            <th scope="col">Trajectory X ↓ · last turn Y →</th>
            {matrix.to.map((y) => <th key={y} scope="col" className="num">{y}</th>)}
          </tr>
        </thead>
        <tbody>
          {matrix.from.map((x) => (
            <tr key={x}>
              <th scope="row">{x}</th>
              {matrix.to.map((y) => {
                const c = matrix.cells.find((cell) => cell.from === x && cell.to === y);
                return (
                  <td key={y} className="num" data-from={x} data-to={y}>
                    {c && c.n ? `${bracketed(c.mean, c.low, c.high, digits)} (${c.n})` : '—'}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pairs({ runId }: { runId: number }) {
  const pairs = useQuery('ablation.pairs', { runId });
  const p = pairs.data;
  const lines = (side: { lines: { from: string | null; text: string }[] } | null) =>
    side ? side.lines.map((l, i) => <div key={i}><strong>{l.from ?? 'rules'}:</strong> {l.text}</div>) : <span className="meta">not played yet</span>;
  return (
    <>
      <h2>Run #{runId}: the last turns side by side</h2>
      <ErrorNote error={pairs.error} />
      {p && (
        <div className="table-scroll">
          <table className="data" data-testid="swap-pairs">
            <thead>
              <tr>
                <th scope="col">Episode</th>
                <th scope="col" className="num">Turn</th>
                <th scope="col">As played ({p.from})</th>
                <th scope="col" className="num">{p.metric.label}</th>
                <th scope="col">Swapped ({p.to})</th>
                <th scope="col" className="num">{p.metric.label}</th>
              </tr>
            </thead>
            <tbody>
              {p.pairs.map((pair) => (
                <tr key={pair.originalEpisodeId}>
                  <th scope="row">{pair.instance} · rep {pair.repetition}</th>
                  <td className="num">{pair.round}</td>
                  <td><a href={href.episode(pair.originalEpisodeId)} aria-label={`Original transcript of ${pair.instance}, repetition ${pair.repetition}`}>↗</a> {lines(pair.original)}</td>
                  <td className="num">{pair.original.value ?? '—'}</td>
                  <td>{pair.swappedEpisodeId && <a href={href.episode(pair.swappedEpisodeId)} aria-label={`Swapped transcript of ${pair.instance}, repetition ${pair.repetition}`}>↗</a>} {lines(pair.swapped)}</td>
                  <td className="num">{pair.swapped?.value ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
