import { useState } from 'react';
import type { GameInfo } from '../../../../shared/api/contract';
import { tooFew, tooFewText } from '../../../../shared/stats/caution';
import { useApi, useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { download } from '../../download';
import type { Filters } from './FiltersBar';
import { fixed } from '../../../../shared/text/number';

/** The game's score table by slices of its instances (SimulBench's Table 4), best per column in bold, with its exports. */
export function SlicesTable({ filters, game }: { filters: Filters; game: GameInfo }) {
  const api = useApi();
  const table = useQuery('explore.slices', { filters });
  const [error, setError] = useState<string | null>(null);
  const save = (format: 'csv' | 'latex') => api.call('explore.export', { view: 'slices', format, filters }).then(download, (e: Error) => setError(e.message));
  const data = table.data;
  return (
    <section aria-labelledby="slices-title">
      <h2 id="slices-title">{game.view.slices?.title ?? 'Scores by slice'}</h2>
      <ErrorNote error={table.error ?? error} />
      <div className="actions">
        <button type="button" onClick={() => save('csv')}>Export score table (CSV)</button>
        <button type="button" onClick={() => save('latex')}>Export score table (LaTeX)</button>
      </div>
      {data && (
        <div className="table-scroll">
          <table className="data" data-testid="slices">
            <caption className="meta">{data.note} Mean {data.metricLabel.replace(/^mean /, '')}; hover a cell for n and its 95% interval.</caption>
            <thead>
              <tr>
                <th scope="col">{data.subjectLabel}</th>
                {data.columns.map((c) => <th key={c} scope="col" className="num">{c}</th>)}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.player}>
                  <th scope="row">{r.player}</th>
                  {r.cells.map((c, k) => (
                    <td key={data.columns[k]} className="num" data-column={data.columns[k]} title={c ? `n = ${c.n}${c.low !== null && c.high !== null ? `, 95% CI ${fixed(c.low, data.digits)}–${fixed(c.high, data.digits)}` : ''}` : 'no scripts of this slice'}>
                      {!c ? '—' : tooFew(c.n, data.minEpisodes) ? <span className="too-few">{tooFewText(c.n)}</span> : data.best[k]?.includes(r.player) ? <strong>{fixed(c.mean, data.digits)}</strong> : fixed(c.mean, data.digits)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
