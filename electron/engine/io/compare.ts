/**
 * A suite comparison (clembench: text vs images) as CSV and LaTeX: both sides of every measure and
 * their difference, numbers with two decimals as clemeval prints them.
 */
import type { ComparedValue, ComparisonView } from '../../../shared/api/views';
import { signed } from '../../../shared/charts/diverging';
import { toCsv } from './csv';
import { toLatex } from './latex';
import { fixed } from '../../../shared/text/number';

const SIDES = ['a', 'b'] as const;
const NONE = [null, null] as const;
type Row = ComparisonView['rows'][number];
interface Group {
  key: string;
  digits: number;
  value: (r: Row) => ComparedValue | undefined;
  cannot: (r: Row) => readonly [string | null, string | null];
}

/** Every "<pair> (<side>): <why>" of a row, for the players whose model cannot play a game of a side. */
function cannotPlayNotes(view: ComparisonView, row: Row): string[] {
  return view.pairs.flatMap((p) => SIDES.flatMap((_, i) => {
    const why = row.pairs[p.id]?.cannotPlay[i];
    return why ? [`${p.label} (${view.sides[i]!.label}): ${why}`] : [];
  }));
}

/** One row per player: `<overall>_<side>` and `_diff`, then `<pair>_<measure>_<side>` and `_diff`; a `cannot_play` column where a model cannot play a game. */
export function comparisonCsvRows(view: ComparisonView): Record<string, string | number | null>[] {
  const [a, b] = view.sides.map((s) => s.key) as [string, string];
  const triple = (prefix: string, v: ComparedValue | undefined) => [[`${prefix}_${a}`, v?.a ?? null], [`${prefix}_${b}`, v?.b ?? null], [`${prefix}_diff`, v?.diff ?? null]];
  const noted = view.rows.some((r) => cannotPlayNotes(view, r).length > 0);
  return view.rows.map((r) => ({
    player: r.player,
    kind: r.kind,
    ...Object.fromEntries(view.overall.flatMap((c) => triple(c.key, r.overall[c.key]))),
    ...Object.fromEntries(view.pairs.flatMap((p) => view.measures.flatMap((m) => triple(`${p.id}_${m.key}`, r.pairs[p.id]?.values[m.key])))),
    ...(noted ? { cannot_play: cannotPlayNotes(view, r).join(' | ') } : {}),
  }));
}

export function comparisonCsv(view: ComparisonView): string {
  return toCsv(comparisonCsvRows(view), { digits: 2 });
}

/** Players as rows; per overall column and per pair and measure: side one, side two, Δ (signed). Best of each side in bold, never a Δ. */
export function comparisonLatex(view: ComparisonView): string {
  const [a, b] = view.sides;
  const number = (v: number | null, digits: number) => (v === null ? '--' : fixed(v, digits));
  const delta = (v: number | null, digits: number) => (v === null ? '--' : signed(v, digits));
  // Three columns each: the overall ones, then every pair's measures.
  const groups: Group[] = [
    ...view.overall.map((c) => ({ key: `overall:${c.key}`, digits: c.digits, value: (r: Row) => r.overall[c.key], cannot: () => NONE })),
    ...view.pairs.flatMap((p) => view.measures.map((m) => ({ key: `${p.id}:${m.key}`, digits: m.digits, value: (r: Row) => r.pairs[p.id]?.values[m.key], cannot: (r: Row) => r.pairs[p.id]?.cannotPlay ?? NONE }))),
  ];
  const anyCannot = view.rows.some((r) => cannotPlayNotes(view, r).length > 0);
  const dagger = anyCannot ? ' † the model cannot play the game (it takes fewer images per message than the game shows): 0 % played.' : '';
  return toLatex({
    caption: `${view.comparison.title}. ${view.comparison.description} Best of each side in bold (ties all bold).${dagger}`,
    label: `tab:${view.comparison.id}`,
    spans: [
      [{ text: '', span: 1 }, ...(view.overall.length ? [{ text: 'Overall', span: 3 * view.overall.length }] : []), ...view.pairs.map((p) => ({ text: p.label, span: 3 * view.measures.length }))],
      [{ text: '', span: 1 }, ...view.overall.map((c) => ({ text: c.label, span: 3 })), ...view.pairs.flatMap(() => view.measures.map((m) => ({ text: m.short ?? m.label, span: 3 })))],
    ],
    columns: [{ header: 'Model', align: 'l' }, ...groups.flatMap(() => [a.label, b.label, 'Δ'].map((header) => ({ header, align: 'r' as const })))],
    rows: view.rows.map((r) => [
      { text: r.player },
      ...groups.flatMap((g) => {
        const v = g.value(r) ?? { a: null, b: null, diff: null };
        const cannot = g.cannot(r);
        return [
          ...SIDES.map((side, i) => ({ text: number(v[side], g.digits), bold: view.best[`${g.key}:${side}`]?.includes(r.player) ?? false, dagger: cannot[i] !== null })),
          { text: delta(v.diff, g.digits) },
        ];
      }),
    ]),
  });
}
