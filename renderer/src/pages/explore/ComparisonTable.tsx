import { useState } from 'react';
import type { ComparedValue, ComparisonView } from '../../../../shared/api/contract';
import { divergingLevel, signed } from '../../../../shared/charts/diverging';
import { useApi, useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { download } from '../../download';
import { fixed } from '../../../../shared/text/number';

const fmt = (v: number | null | undefined, digits: number) => (typeof v === 'number' ? fixed(v, digits) : '—');
type Row = ComparisonView['rows'][number];

/** A column of the table: one measure of one pair (or an overall column), with each side's value and Δ. */
interface Group {
  key: string;
  label: string;
  digits: number;
  value: (r: Row) => ComparedValue | undefined;
  cannot: (r: Row) => readonly [string | null, string | null];
}

/** Two suites side by side (clembench: text vs images): per pair and measure, each side and Δ = side one − side two, coloured as the paper's Figure 5. */
export function ComparisonSection({ comparison }: { comparison: string }) {
  const api = useApi();
  const table = useQuery('comparison.table', { comparison });
  const [error, setError] = useState<string | null>(null);
  const save = (format: 'csv' | 'latex') => api.call('comparison.export', { comparison, format }).then(download, (e: Error) => setError(e.message));
  const view = table.data;
  return (
    <>
      <ErrorNote error={table.error ?? error} />
      {view && <p className="meta">{view.comparison.description} Left: {view.sides[0].title}; right: {view.sides[1].title}.</p>}
      <div className="actions">
        <button type="button" onClick={() => save('csv')}>Export CSV</button>
        <button type="button" onClick={() => save('latex')}>Export LaTeX</button>
      </div>
      {view && view.rows.length === 0 && <p className="notice">No player has played a game of either side yet.</p>}
      {view && view.rows.length > 0 && <Table view={view} />}
    </>
  );
}

function Table({ view }: { view: ComparisonView }) {
  const [a, b] = view.sides;
  const none = [null, null] as const;
  // The overall clemscore first (the rest are in the exports), then every pair's measures.
  const overall: Group[] = view.overall.slice(0, 1).map((c) => ({ key: `overall:${c.key}`, label: c.label, digits: c.digits, value: (r) => r.overall[c.key], cannot: () => none }));
  const pairs = view.pairs.map((p) => ({
    pair: p,
    groups: view.measures.map((m): Group => ({ key: `${p.id}:${m.key}`, label: m.short ?? m.label, digits: m.digits, value: (r) => r.pairs[p.id]?.values[m.key], cannot: (r) => r.pairs[p.id]?.cannotPlay ?? none })),
  }));
  const groups = [...overall, ...pairs.flatMap((p) => p.groups)];
  const maxAbs = new Map(groups.map((g) => [g.key, Math.max(0, ...view.rows.map((r) => Math.abs(g.value(r)?.diff ?? 0)))]));
  const sideCell = (g: Group, r: Row, side: 0 | 1) => {
    const v = g.value(r)?.[side === 0 ? 'a' : 'b'];
    const why = g.cannot(r)[side];
    const bold = view.best[`${g.key}:${side === 0 ? 'a' : 'b'}`]?.includes(r.player) ?? false;
    const text = fmt(v, g.digits);
    return (
      <td key={`${g.key}-${side}`} className={side === 0 ? 'num first' : 'num'} title={why ?? undefined}>
        {bold ? <strong>{text}</strong> : text}
        {why && <><span className="cannot-play-mark" aria-hidden="true">†</span><span className="sr-only">{why}</span></>}
      </td>
    );
  };
  const deltaCell = (g: Group, r: Row) => {
    const diff = g.value(r)?.diff ?? null;
    const level = divergingLevel(diff, maxAbs.get(g.key) ?? 0);
    const better = level > 0 ? `${a.label} better` : level < 0 ? `${b.label} better` : diff === null ? 'a side is missing' : 'about equal';
    return (
      <td key={`${g.key}-d`} className={`num delta delta-${level < 0 ? 'n' : 'p'}${Math.abs(level)}`} title={`${a.label} − ${b.label}: ${better}`}>
        {signed(diff, g.digits)}
      </td>
    );
  };
  return (
    <div className="scroll-x" role="region" aria-label={`${view.comparison.title} (scrolls sideways)`} tabIndex={0}>
      <table className="data compare" data-testid="comparison-table">
        <caption className="sr-only">{view.comparison.title}: per player, {a.label}, {b.label} and Δ = {a.label} − {b.label}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={3}>Model</th>
            {overall.map((g) => <th key={g.key} scope="colgroup" colSpan={3} rowSpan={2} className="group">{g.label}</th>)}
            {pairs.map(({ pair, groups: gs }) => <th key={pair.id} scope="colgroup" colSpan={3 * gs.length} className="group">{pair.label}</th>)}
          </tr>
          <tr>
            {pairs.flatMap(({ groups: gs }) => gs.map((g) => <th key={g.key} scope="colgroup" colSpan={3} className="group">{g.label}</th>))}
          </tr>
          <tr>
            {groups.flatMap((g) => [a.label, b.label, 'Δ'].map((s, i) => <th key={`${g.key}-${s}`} scope="col" className={i === 0 ? 'num first' : 'num'}>{s}</th>))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((r) => (
            <tr key={r.player}>
              <th scope="row">{r.player}</th>
              {groups.flatMap((g) => [sideCell(g, r, 0), sideCell(g, r, 1), deltaCell(g, r)])}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        Δ = {a.label} − {b.label}: <span className="delta delta-p3">orange, +</span> {a.label} better; <span className="delta delta-n3">blue, −</span> {b.label} better; deeper colour, larger gap (per column). † cannot play (the model takes fewer images per message than the game shows; hover for why). Best of each side in bold.
      </p>
    </div>
  );
}
