/**
 * Two benchmark suites side by side (clembench's text games against their multimodal versions, the
 * multimodal paper's Figure 5): per pair of columns of their grouped tables, the same measures on both
 * sides and their difference (side one − side two); the suites' overall columns likewise.
 */
import type { Direction } from '../../../shared/contract/game';
import { fixed } from '../../../shared/text/number';

export interface ComparisonSide {
  /** A registered suite's id. */
  suite: string;
  /** How the side is named in headers and file columns ("text", "images"). */
  label: string;
}

export interface ComparisonPair {
  /** For file columns and keys; the label as a slug when absent. */
  id?: string;
  label: string;
  /** The column of each side's grouped suite table: a game id or a group id. */
  ids: readonly [string, string];
}

export interface ComparisonMeasure {
  key: string;
  label: string;
  /** A short header under a pair's name (clembench: %p, ql, clem). */
  short?: string;
  direction: Direction;
  digits: number;
  /** From one column's per-game values of the suite (clembench: played, quality); null where it gives none. */
  value(values: Readonly<Record<string, number | null>>): number | null;
}

export interface SuiteComparison {
  id: string;
  title: string;
  description: string;
  sides: readonly [ComparisonSide, ComparisonSide];
  pairs: readonly ComparisonPair[];
  measures: readonly ComparisonMeasure[];
  /** The suites' overall columns compared, by key (default: every key both suites have, in side one's order). */
  overall?: readonly string[];
}

/** A value on both sides and side one − side two, rounded to the printed digits; null where a side is missing. */
export interface Compared {
  a: number | null;
  b: number | null;
  diff: number | null;
}

export function compared(a: number | null | undefined, b: number | null | undefined, digits: number): Compared {
  const left = typeof a === 'number' && Number.isFinite(a) ? a : null;
  const right = typeof b === 'number' && Number.isFinite(b) ? b : null;
  // Rounded (as clemcore does), so 80.77 − 69.56 is 11.21 and not 11.209999…; `|| 0` turns −0 into 0.
  const diff = left === null || right === null ? null : Number(fixed(left - right, digits)) || 0;
  return { a: left, b: right, diff };
}

export const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'pair';

export const pairId = (pair: ComparisonPair) => pair.id ?? slug(pair.label);

/**
 * What is wrong with a comparison given the columns each side's grouped table can have (its games
 * outside groups, and its group ids); empty when nothing is.
 */
export function comparisonProblems(comparison: SuiteComparison, columnsOf: (suite: string) => readonly string[] | null): string[] {
  const problems: string[] = [];
  comparison.sides.forEach((side, i) => {
    const columns = columnsOf(side.suite);
    if (!columns) return void problems.push(`side ${i + 1} names the suite "${side.suite}", which is not registered`);
    for (const pair of comparison.pairs) if (!columns.includes(pair.ids[i]!)) problems.push(`pair "${pair.label}": "${pair.ids[i]}" is no column of the grouped ${side.suite} table (it has ${columns.join(', ')})`);
  });
  const ids = comparison.pairs.map(pairId);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) problems.push(`pair ids are taken twice: ${[...new Set(twice)].join(', ')}`);
  if (slug(comparison.sides[0].label) === slug(comparison.sides[1].label)) problems.push('the two sides need different labels');
  return problems;
}
