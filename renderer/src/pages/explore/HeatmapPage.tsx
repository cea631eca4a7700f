import { useMemo, useState } from 'react';
import type { GameInfo } from '../../../../shared/api/contract';
import { heatmapSvg, type HeatmapOrder } from '../../../../shared/charts/heatmap';
import { useApi, useQuery } from '../../api/hooks';
import { useChartTheme } from '../../charts';
import { ErrorNote } from '../../components/ErrorNote';
import { download } from '../../download';
import { ChartFrame } from './ChartFrame';
import { EpisodeList } from './EpisodeList';
import { CoverageNote, FiltersBar, NoRunsYet, useFilters, type Filters } from './FiltersBar';

/** Players × a tag's values (EDA: topics), coloured by a metric; a cell opens its episodes. */
export function HeatmapPage() {
  const { filters, setFilters, options, game, dataset } = useFilters();
  const body = !options ? <p aria-busy="true">Loading…</p> : options.games.length === 0 ? <NoRunsYet /> : filters && game && dataset ? (
    <>
      <FiltersBar filters={filters} onChange={setFilters} options={options} />
      <Heatmap key={`${filters.game}/${filters.dataset}`} filters={filters} topics={dataset.tags} players={dataset.players} game={game} />
    </>
  ) : null;
  return (
    <section aria-labelledby="heatmap-title">
      <header className="page-header"><h1 id="heatmap-title">Heatmap by topic</h1></header>
      {body}
    </section>
  );
}

function Heatmap({ filters, topics, players, game }: { filters: Filters; topics: string[]; players: string[]; game: GameInfo }) {
  const api = useApi();
  const metrics = game.view.heatmapMetrics.flatMap((key) => game.metrics.filter((m) => m.key === key));
  const [topic, setTopic] = useState(topics[0] ?? '');
  const [metric, setMetric] = useState(metrics[0]?.key ?? game.view.sortBy);
  const [rows, setRows] = useState<HeatmapOrder>('mean');
  const [columns, setColumns] = useState<HeatmapOrder>('name');
  const [cell, setCell] = useState<{ player: string; topic: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const map = useQuery('explore.heatmap', topic ? { filters, topic, metric } : null);
  const theme = useChartTheme();
  const svg = useMemo(() => (map.data ? heatmapSvg(map.data, { rows, columns }, { theme, universe: players }) : ''), [map.data, rows, columns, theme, players]);
  const file = useMemo(() => (map.data ? heatmapSvg(map.data, { rows, columns }, { universe: players }) : ''), [map.data, rows, columns, players]);
  const save = (format: 'csv' | 'latex', view: 'heatmap' | 'breakdown' = 'heatmap') => api.call('explore.export', { view, format, filters, topic, metric }).then(download, (e: Error) => setError(e.message));
  if (!topics.length) return <p className="notice">The {game.view.nouns.instances} of this dataset carry no tags to group by.</p>;
  return (
    <>
      <div className="filters">
        <label>Topic <select value={topic} onChange={(e) => setTopic(e.target.value)}>{topics.map((t) => <option key={t}>{t}</option>)}</select></label>
        <label>Colour <select value={metric} onChange={(e) => setMetric(e.target.value)}>{metrics.map((m) => <option key={m.key} value={m.key}>{m.kind === 'rate' ? `${m.label.toLowerCase()} rate` : `mean ${m.label.toLowerCase()}`}</option>)}</select></label>
        <label>Rows <select value={rows} onChange={(e) => setRows(e.target.value as HeatmapOrder)}><option value="mean">best first</option><option value="name">by name</option></select></label>
        <label>Columns <select value={columns} onChange={(e) => setColumns(e.target.value as HeatmapOrder)}><option value="name">by name</option><option value="mean">best first</option></select></label>
        <button type="button" onClick={() => save('csv')}>Export CSV</button>
        <button type="button" onClick={() => save('latex')}>Export LaTeX</button>
        <button type="button" onClick={() => save('latex', 'breakdown')} title={`Rows: ${topic || 'topic'} values; columns: players (the clembench papers' per-experiment tables)`}>Export breakdown (LaTeX)</button>
        <button type="button" onClick={() => save('csv', 'breakdown')}>Export breakdown (CSV)</button>
      </div>
      {game.view.tagNotes?.[topic] && <p className="meta">{game.view.tagNotes[topic]}</p>}
      <ErrorNote error={map.error ?? error} />
      {map.data && <CoverageNote coverage={map.data.coverage} game={game} />}
      {svg && (
        <ChartFrame svg={svg} file={file} name={`heatmap-${filters.dataset}-${topic}`} label={`${metric} by ${topic}: press Enter on a cell for its episodes`} onPick={(d) => setCell({ player: d.player!, topic: d.topic! })} />
      )}
      <p className="meta">Each cell: mean over the player's finished episodes on {game.view.nouns.instances} of that {topic}, with n; hover (or focus) for the 95% interval. Colours: cividis, readable with colour-vision deficiency.</p>
      {cell && <EpisodeList key={`${cell.player}/${cell.topic}`} filters={filters} player={cell.player} topic={{ key: topic, value: cell.topic }} game={game} />}
    </>
  );
}
