/**
 * Copies the rows of one table the target lacks, in one INSERT … SELECT over the attached source:
 * columns are the schema's own (a column a later migration adds is copied without a change here), an
 * integer foreign key goes through its table's id map, and new rows take new ids in the source's order.
 */
import type { MergeContext } from './context';

export interface CopySpec {
  table: string;
  /** Integer foreign keys: column → the table whose id map translates it (joined as `m_<column>`). */
  refs?: Readonly<Record<string, string>>;
  /** Columns given as SQL over the source row `s` and the maps `m_<column>`, instead of copied. */
  set?: Readonly<Record<string, string>>;
  /** Which source rows are candidates: SQL over `s` and the maps. */
  where?: string;
  /** Extra joins (SQL) that `where` or `set` read. */
  joins?: string;
  /** When the target already has a source row: SQL over `s`, the maps and the target row `t`. */
  exists: string;
  /** Columns left to their defaults (the integer id: rows get the target's next ids). */
  omit?: readonly string[];
}

/** Inserts the missing rows; counts them and the candidates that were there already. */
export function copyRows(ctx: MergeContext, spec: CopySpec): { added: number; alreadyThere: number } {
  const omit = new Set(spec.omit ?? ['id']);
  const columns = ctx.columns(spec.table).filter((c) => !omit.has(c));
  const refs = spec.refs ?? {};
  const value = (c: string) => spec.set?.[c] ?? (refs[c] ? `m_${c}.dst` : `s.${c}`);
  const joins = Object.entries(refs).map(([c, table]) => `LEFT JOIN ${ctx.map(table)} m_${c} ON m_${c}.src = s.${c}`).join(' ');
  const from = `FROM ${ctx.src}.${spec.table} s ${joins} ${spec.joins ?? ''} WHERE (${spec.where ?? '1'})`;
  const order = ctx.columns(spec.table).includes('id') ? 'ORDER BY s.id' : '';
  const candidates = Number(ctx.db.prepare(`SELECT COUNT(*) ${from}`).pluck().get());
  const added = ctx.db
    .prepare(`INSERT INTO main.${spec.table} (${columns.join(', ')}) SELECT ${columns.map(value).join(', ')} ${from} AND NOT EXISTS (SELECT 1 FROM main.${spec.table} t WHERE ${spec.exists}) ${order}`)
    .run().changes;
  ctx.count(spec.table, added, candidates - added);
  return { added, alreadyThere: candidates - added };
}
