/**
 * Two suites side by side (clembench: text vs images) from their grouped tables: for every player of
 * either, each pair's measures on both sides and side one − side two, and the suites' overall columns.
 */
import type { ComparedValue, ComparisonView, SuiteView } from '../../../shared/api/views';
import { compared, pairId, slug, type SuiteComparison } from '../core/comparison';
import { comparisonById } from '../games/registry';
import type { Store } from '../store/store';
import { suiteTable } from './suite';
import { fixed } from '../../../shared/text/number';

export interface ComparisonOptions {
  /** The dataset read per game, on either side (default: every dataset the game's runs used). */
  datasets?: Readonly<Record<string, string>>;
}

export function comparisonTable(store: Store, comparisonId: string, options: ComparisonOptions = {}): ComparisonView {
  const comparison = comparisonById(comparisonId);
  const tables = comparison.sides.map((side) => suiteTable(store, side.suite, { grouped: true, datasets: options.datasets })) as [SuiteView, SuiteView];
  return compareTables(comparison, tables);
}

/** Side one's overall columns that side two has too (or the ones the comparison names, where both have them). */
function overallColumns(comparison: SuiteComparison, [a, b]: readonly [SuiteView, SuiteView]): SuiteView['overall'] {
  const keys = comparison.overall ?? a.overall.map((c) => c.key);
  return keys.flatMap((key) => {
    const column = a.overall.find((c) => c.key === key);
    return column && b.overall.some((c) => c.key === key) ? [column] : [];
  });
}

/** Pure: the comparison of two grouped suite tables. */
export function compareTables(comparison: SuiteComparison, tables: readonly [SuiteView, SuiteView]): ComparisonView {
  const [a, b] = tables;
  const overall = overallColumns(comparison, tables);
  const measures = comparison.measures.map(({ value: _value, ...m }) => m);
  const pairs = comparison.pairs.map((p) => ({ id: pairId(p), label: p.label, ids: [p.ids[0], p.ids[1]] as [string, string] }));
  const players = [...new Set([...b.rows.map((r) => r.player), ...a.rows.map((r) => r.player)])];
  const rowOf = (t: SuiteView, player: string) => t.rows.find((r) => r.player === player);
  const rows: ComparisonView['rows'] = players.map((player) => {
    const sides = [rowOf(a, player), rowOf(b, player)] as const;
    const cell = (side: 0 | 1, column: string) => sides[side]?.games[column];
    return {
      player,
      kind: (sides[0] ?? sides[1])!.kind,
      pairs: Object.fromEntries(
        comparison.pairs.map((p, i) => {
          const [left, right] = [cell(0, p.ids[0]), cell(1, p.ids[1])];
          const values = Object.fromEntries(comparison.measures.map((m) => [m.key, compared(left ? m.value(left.values) : null, right ? m.value(right.values) : null, m.digits)]));
          return [pairs[i]!.id, { values, cannotPlay: [left?.cannotPlay ?? null, right?.cannotPlay ?? null] as [string | null, string | null] }];
        }),
      ),
      overall: Object.fromEntries(overall.map((c) => [c.key, compared(sides[0]?.overall[c.key], sides[1]?.overall[c.key], c.digits)])),
    };
  });
  // As the paper's Table 1: by side two's (multimodal) first overall column, best first; no value last.
  const first = overall[0]?.key;
  const key = (r: ComparisonView['rows'][number]) => (first === undefined ? null : r.overall[first]!.b);
  rows.sort((x, y) => (key(y) ?? -Infinity) - (key(x) ?? -Infinity) || x.player.localeCompare(y.player));
  const [sideA, sideB] = comparison.sides.map((s, i) => ({ suite: s.suite, title: tables[i]!.suite.title, label: s.label, key: slug(s.label) }));
  const view: ComparisonView = {
    comparison: { id: comparison.id, title: comparison.title, description: comparison.description },
    sides: [sideA!, sideB!],
    pairs,
    measures,
    overall: overall.map((c) => ({ key: c.key, label: c.label, direction: c.direction, digits: c.digits })),
    rows,
    best: {},
  };
  view.best = bestOfSides(view);
  return view;
}

/** Every player holding the best value of a side's column at its printed precision (ties all best); differences have no best. */
function bestOfSides(view: ComparisonView): Record<string, string[]> {
  const best: Record<string, string[]> = {};
  const pick = (key: string, direction: string, digits: number, valueOf: (r: ComparisonView['rows'][number]) => ComparedValue | undefined) => {
    if (direction === 'none') return;
    for (const side of ['a', 'b'] as const) {
      const shown = view.rows.flatMap((r) => {
        const v = valueOf(r)?.[side];
        return typeof v === 'number' ? [{ player: r.player, v: Number(fixed(v, digits)) }] : [];
      });
      if (shown.length === 0) continue;
      const top = direction === 'higher' ? Math.max(...shown.map((s) => s.v)) : Math.min(...shown.map((s) => s.v));
      best[`${key}:${side}`] = shown.filter((s) => s.v === top).map((s) => s.player);
    }
  };
  for (const c of view.overall) pick(`overall:${c.key}`, c.direction, c.digits, (r) => r.overall[c.key]);
  for (const p of view.pairs) for (const m of view.measures) pick(`${p.id}:${m.key}`, m.direction, m.digits, (r) => r.pairs[p.id]?.values[m.key]);
  return best;
}
