import { useState } from 'react';
import type { SuiteView } from '../../../../shared/api/contract';
import { useApi, useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { download } from '../../download';
import { ComparisonSection } from './ComparisonTable';
import { unevenGames } from '../../../../shared/stats/caution';
import { counted } from '../../format';
import { fixed } from '../../../../shared/text/number';

const fmt = (v: number | null | undefined, digits: number) => (typeof v === 'number' ? fixed(v, digits) : '—');

/** The Benchmark page: the suite tables, and a tab per comparison of two suites (clembench: text vs images). */
export function SuitePage() {
  const comparisons = useQuery('comparison.list', {});
  const [tab, setTab] = useState('suites');
  const tabs = [{ id: 'suites', label: 'Tables' }, ...(comparisons.data ?? []).map((c) => ({ id: c.id, label: c.sides.length === 2 ? `${capitalise(c.sides[0]!.label)} vs ${c.sides[1]!.label}` : c.title }))];
  return (
    <section aria-labelledby="suite-title">
      <header className="page-header"><h1 id="suite-title">Benchmark</h1></header>
      <ErrorNote error={comparisons.error} />
      {tabs.length > 1 && <Tabs tabs={tabs} current={tab} onChange={setTab} />}
      <div role={tabs.length > 1 ? 'tabpanel' : undefined} id={`panel-${tab}`} aria-labelledby={tabs.length > 1 ? `tab-${tab}` : undefined}>
        {tab === 'suites' ? <Suites /> : <ComparisonSection comparison={tab} />}
      </div>
    </section>
  );
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** ARIA tabs: Tab reaches the chosen one, arrow keys, Home and End move between them. */
function Tabs({ tabs, current, onChange }: { tabs: { id: string; label: string }[]; current: string; onChange: (id: string) => void }) {
  const move = (e: React.KeyboardEvent, at: number) => {
    const to = e.key === 'ArrowRight' ? at + 1 : e.key === 'ArrowLeft' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length]!;
    onChange(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Benchmark views" className="actions tabs">
      {tabs.map((t, i) => (
        <button key={t.id} type="button" role="tab" id={`tab-${t.id}`} aria-selected={t.id === current} aria-controls={`panel-${t.id}`} tabIndex={t.id === current ? 0 : -1} className={t.id === current ? 'primary' : undefined} onClick={() => onChange(t.id)} onKeyDown={(e) => move(e, i)}>
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** A benchmark suite's table (clembench: clemscore, then % played and quality per game), best in bold, ties all bold. */
function Suites() {
  const suites = useQuery('suite.list', {});
  const [chosen, setChosen] = useState<string | null>(null);
  const [grouped, setGrouped] = useState(false);
  const suite = chosen ?? suites.data?.[0]?.id ?? null;
  const canGroup = (suites.data?.find((s) => s.id === suite)?.groups.length ?? 0) > 0;
  return (
    <>
      <ErrorNote error={suites.error} />
      {suites.data && suites.data.length === 0 && <p className="notice">No benchmark suite is registered.</p>}
      {suite && (
        <div className="filters">
          <label>Suite <select value={suite} onChange={(e) => setChosen(e.target.value)}>{suites.data?.map((s) => <option key={s.id} value={s.id}>{s.title}</option>)}</select></label>
          {canGroup && (
            <label><input type="checkbox" checked={grouped} onChange={(e) => setGrouped(e.target.checked)} /> map games as one column (the paper's Table 1)</label>
          )}
        </div>
      )}
      {suite && <SuiteTable suite={suite} grouped={grouped} />}
    </>
  );
}

function SuiteTable({ suite, grouped }: { suite: string; grouped: boolean }) {
  const api = useApi();
  const table = useQuery('suite.table', { suite, grouped });
  const [error, setError] = useState<string | null>(null);
  const save = (format: 'csv' | 'latex') => api.call('suite.export', { suite, grouped, format }).then(download, (e: Error) => setError(e.message));
  const view: SuiteView | null = table.data ?? null;
  return (
    <>
      <ErrorNote error={table.error ?? error} />
      {view && <p className="meta">{view.suite.description} Games read from: {view.games.map((g) => (g.datasets.length ? `${g.label} (${g.datasets.join(', ')})` : `${g.label} (no runs yet)`)).join(' · ')}.</p>}
      <div className="actions">
        <button type="button" onClick={() => save('csv')}>Export CSV</button>
        <button type="button" onClick={() => save('latex')}>Export LaTeX</button>
      </div>
      {view && view.rows.length === 0 && <p className="notice">No player has played any of these games yet: start a run (built-in players need no key) or import clembench results (`parlor import clembench &lt;folder&gt;`).</p>}
      {view && view.rows.length > 0 && <UnevenNote view={view} />}
      {view && view.rows.length > 0 && <Table view={view} />}
    </>
  );
}

function UnevenNote({ view }: { view: SuiteView }) {
  const uneven = unevenGames(view);
  if (!uneven.length) return null;
  const text = uneven.map((u) => `${u.label} (${u.low === u.high ? u.low : `${u.low}–${u.high}`} episodes${u.missing ? `, ${u.missing} not played` : ''})`).join(' · ');
  return <p className="notice" data-testid="suite-uneven">The players ran on different instances of some games, so those columns do not compare like with like: {text}.</p>;
}

/** Players as rows: the overall columns, then each game's shown columns under its name; hidden ones in the tooltip. */
function Table({ view }: { view: SuiteView }) {
  const shown = view.perGame.filter((c) => !c.hidden);
  const hidden = view.perGame.filter((c) => c.hidden);
  const cellOf = (text: string, bold: boolean) => (bold ? <strong>{text}</strong> : text);
  return (
    <div className="scroll-x">
      <table className="data" data-testid="suite-table">
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>Model</th>
            {view.overall.map((c) => <th key={c.key} scope="col" rowSpan={2} className="num">{c.label}</th>)}
            {view.games.map((g) => <th key={g.id} scope="colgroup" colSpan={shown.length} className="num">{g.label}</th>)}
          </tr>
          <tr>
            {view.games.flatMap((g) => shown.map((c) => <th key={`${g.id}-${c.key}`} scope="col" className="num" title={c.label}>{c.short ?? c.label}</th>))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((r) => (
            <tr key={r.player}>
              <th scope="row">{r.player}</th>
              {view.overall.map((c) => <td key={c.key} className="num">{cellOf(fmt(r.overall[c.key], c.digits), view.best[c.key]?.includes(r.player) ?? false)}</td>)}
              {view.games.flatMap((g) => {
                const cell = r.games[g.id];
                if (cell?.cannotPlay) {
                  return [
                    <td key={g.id} colSpan={shown.length} className="num cannot-play" title={cell.cannotPlay}>
                      cannot play<span className="sr-only"> ({cell.cannotPlay.replace(/^cannot play: /, '')})</span>
                    </td>,
                  ];
                }
                const title = cell ? [counted(cell.episodes, 'episode'), ...hidden.map((c) => `${c.label} ${fmt(cell.values[c.key], c.digits)}`)].join(' · ') : 'not played';
                return shown.map((c) => (
                  <td key={`${g.id}-${c.key}`} className="num" title={title}>{cellOf(fmt(cell?.values[c.key], c.digits), view.best[`${g.id}:${c.key}`]?.includes(r.player) ?? false)}</td>
                ));
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
