import { useMemo, useState } from 'react';
import type { GameInfo } from '../../../../shared/api/contract';
import { difficultySvg } from '../../../../shared/charts/difficulty';
import { useApi, useQuery } from '../../api/hooks';
import { useChartTheme } from '../../charts';
import { ErrorNote } from '../../components/ErrorNote';
import { VirtualTable, type Column } from '../../components/VirtualTable';
import { download } from '../../download';
import { ChartFrame } from './ChartFrame';
import { CoverageNote, FiltersBar, NoRunsYet, useFilters, type Filters } from './FiltersBar';
import { fixed, fixedOr } from '../../../../shared/text/number';

type Row = { level: string; mean: number; unsolved: boolean; players: Record<string, { mean: number; n: number; solved: boolean }> };

/** Items (or topics) from easy to hard, one line per player: the paper's Figure 2. */
export function DifficultyPage() {
  const { filters, setFilters, options, game, dataset } = useFilters();
  return (
    <section aria-labelledby="difficulty-title">
      <header className="page-header"><h1 id="difficulty-title">Difficulty</h1></header>
      {!options ? <p aria-busy="true">Loading…</p> : options.games.length === 0 ? <NoRunsYet /> : filters && dataset && game ? (
        <>
          <FiltersBar filters={filters} onChange={setFilters} options={options} />
          <Breakdown key={`${filters.game}/${filters.dataset}`} filters={filters} axes={dataset.axes} players={dataset.players} game={game} />
        </>
      ) : null}
    </section>
  );
}

function Breakdown({ filters, axes, players, game }: { filters: Filters; axes: { id: string; label: string }[]; players: string[]; game: GameInfo }) {
  const api = useApi();
  const [axis, setAxis] = useState('item');
  const [error, setError] = useState<string | null>(null);
  // Which players: the filters' picker (shared by every explore view, and what the export uses).
  const d = useQuery('explore.difficulty', { filters, axis });
  const theme = useChartTheme();
  const svg = useMemo(() => (d.data ? difficultySvg(d.data, { theme, universe: players }) : ''), [d.data, theme, players]);
  const file = useMemo(() => (d.data ? difficultySvg(d.data, { universe: players }) : ''), [d.data, players]);
  const columns: Column<Row>[] = [
    { key: 'rank', header: '#', width: '4rem', align: 'right', render: (r) => (d.data?.rows.indexOf(r) ?? 0) + 1 },
    { key: 'level', header: axes.find((a) => a.id === axis)?.label ?? axis, width: 'minmax(10rem, 2fr)', render: (r) => (r.unsolved ? <strong className="unsolved">{r.level} · unsolved</strong> : r.level), sortValue: (r) => r.level },
    { key: 'mean', header: d.data ? d.data.metricLabel.charAt(0).toUpperCase() + d.data.metricLabel.slice(1) : 'Mean', width: '7rem', align: 'right', render: (r) => fixed(r.mean, 2), sortValue: (r) => r.mean },
    ...(d.data?.players ?? []).map((p) => ({ key: p, header: p, width: 'minmax(6rem, 1fr)', align: 'right' as const, render: (r: Row) => fixedOr(r.players[p]?.mean, 2, '—'), sortValue: (r: Row) => r.players[p]?.mean ?? null })),
  ];
  const save = () => api.call('explore.export', { view: 'difficulty', format: 'csv', filters, axis }).then(download, (e: Error) => setError(e.message));
  return (
    <>
      <div className="filters">
        <label>By <select value={axis} onChange={(e) => setAxis(e.target.value)}>{axes.map((a) => <option key={a.id} value={a.id}>{a.label}</option>)}</select></label>
        <button type="button" onClick={save}>Export CSV</button>
      </div>
      <ErrorNote error={d.error ?? error} />
      {d.data && <CoverageNote coverage={d.data.coverage} game={game} />}
      {svg && <ChartFrame svg={svg} file={file} name={`difficulty-${filters.dataset}-${axis.replace(':', '-')}`} label={`${d.data?.metricLabel ?? 'Mean'} per level, easy to hard`} />}
      {d.data && (
        <>
          <p className="meta" data-testid="unsolved">{d.data.rows.filter((r) => r.unsolved).length} of {d.data.rows.length} {axis === 'item' ? game.view.nouns.instances : 'levels'} solved by no selected player.</p>
          <VirtualTable rows={d.data.rows} columns={columns} rowKey={(r) => r.level} label="levels" />
        </>
      )}
    </>
  );
}
