import { useMemo, useState } from 'react';
import { heatmapSvg, type HeatmapOrder } from '../../../../shared/charts/heatmap';
import { useApi, useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { download } from '../../download';
import { href } from '../../router';
import { OutcomeBadge } from '../RunPage';
import { ChartFrame } from './ChartFrame';
import { FiltersBar, NoRunsYet, useFilters, type Filters } from './FiltersBar';

/** Players × topics, coloured by mean score or success; a cell opens its episodes. */
export function HeatmapPage() {
  const [filters, setFilters, options] = useFilters();
  const body = !options ? <p aria-busy="true">Loading…</p> : options.datasets.length === 0 ? <NoRunsYet /> : filters ? (
    <>
      <FiltersBar filters={filters} onChange={setFilters} options={options} />
      <Heatmap key={filters.dataset} filters={filters} topics={options.datasets.find((d) => d.name === filters.dataset)?.topics ?? []} />
    </>
  ) : null;
  return (
    <section aria-labelledby="heatmap-title">
      <header className="page-header"><h1 id="heatmap-title">Heatmap by topic</h1></header>
      {body}
    </section>
  );
}

function Heatmap({ filters, topics }: { filters: Filters; topics: string[] }) {
  const api = useApi();
  const [topic, setTopic] = useState(topics[0] ?? 'category');
  const [metric, setMetric] = useState<'score' | 'success'>('score');
  const [rows, setRows] = useState<HeatmapOrder>('mean');
  const [columns, setColumns] = useState<HeatmapOrder>('name');
  const [cell, setCell] = useState<{ player: string; topic: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const map = useQuery('explore.heatmap', { filters, topic, metric });
  const svg = useMemo(() => (map.data ? heatmapSvg(map.data, { rows, columns }) : ''), [map.data, rows, columns]);
  const save = (format: 'csv' | 'latex') => api.call('explore.export', { view: 'heatmap', format, filters, topic, metric }).then(download, (e: Error) => setError(e.message));
  return (
    <>
      <div className="filters">
        <label>Topic <select value={topic} onChange={(e) => setTopic(e.target.value)}>{topics.map((t) => <option key={t}>{t}</option>)}</select></label>
        <label>Colour <select value={metric} onChange={(e) => setMetric(e.target.value as 'score' | 'success')}><option value="score">mean score</option><option value="success">success rate</option></select></label>
        <label>Rows <select value={rows} onChange={(e) => setRows(e.target.value as HeatmapOrder)}><option value="mean">best first</option><option value="name">by name</option></select></label>
        <label>Columns <select value={columns} onChange={(e) => setColumns(e.target.value as HeatmapOrder)}><option value="name">by name</option><option value="mean">best first</option></select></label>
        <button type="button" onClick={() => save('csv')}>Export CSV</button>
        <button type="button" onClick={() => save('latex')}>Export LaTeX</button>
      </div>
      {topic === 'era' && <p className="meta">Eras are Parlor's own reading (main period of fame); see datasets/eda/README.md.</p>}
      <ErrorNote error={map.error ?? error} />
      {svg && (
        <ChartFrame svg={svg} name={`heatmap-${filters.dataset}-${topic}`} label={`${metric} by ${topic}: press Enter on a cell for its episodes`} onPick={(d) => setCell({ player: d.player!, topic: d.topic! })} />
      )}
      <p className="meta">Each cell: mean over the player's finished episodes on entities of that topic, with n; hover (or focus) for the 95% interval. Colours: cividis, readable with colour-vision deficiency.</p>
      {cell && <CellEpisodes filters={filters} topic={topic} cell={cell} />}
    </>
  );
}

function CellEpisodes({ filters, topic, cell }: { filters: Filters; topic: string; cell: { player: string; topic: string } }) {
  const list = useQuery('explore.cell', { filters, topic, value: cell.topic, player: cell.player });
  return (
    <div data-testid="cell-episodes">
      <h2>{cell.player} · {cell.topic}</h2>
      <ErrorNote error={list.error} />
      {list.data && (
        <>
          <p className="meta">{list.data.total > 500 ? 'First 500 episodes' : `${list.data.episodes.length} episodes`}</p>
          <table className="data">
            <thead><tr><th scope="col">Entity</th><th scope="col">Run</th><th scope="col" className="num">Rep.</th><th scope="col">Outcome</th><th scope="col" className="num">#Turns</th><th scope="col" className="num">Score</th></tr></thead>
            <tbody>
              {list.data.episodes.map((e) => (
                <tr key={e.id}>
                  <td><a href={href.episode(e.id)}>{e.entity}</a></td>
                  <td><a href={href.run(e.runId)}>#{e.runId}</a></td>
                  <td className="num">{e.repetition}</td>
                  <td><OutcomeBadge episode={{ status: e.status, outcome: e.outcome, errorKind: null }} /></td>
                  <td className="num">{e.turns ?? '—'}</td>
                  <td className="num">{e.score?.toFixed(2) ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
