/**
 * Settles rows that both files hold (the same uid or natural key) with different contents, by a rule
 * that looks only at the two rows, never at which file is the target: so A←B and B←A keep the same row.
 * The newer (or, where the first one counts, the older) by the row's time; on a tie, or for rows
 * without a time, the one whose contents sort first. Every such difference is reported; one in
 * bookkeeping columns only (a run's pid, host, heartbeat) is settled the same way, silently.
 */
import type { MergeContext } from './context';

export type SettleRule = 'newer' | 'older' | 'smaller';

export interface SettleSpec {
  table: string;
  /** FROM … pairing each source row `s` with the same row `t` of the target. */
  pairs: string;
  /** How the report names the row: SQL over `t` (and `s`). */
  label: string;
  /** Compared; the standing row's are copied over the target's. */
  columns: readonly string[];
  /** Compared and copied too, but a difference there alone is not reported. */
  quiet?: readonly string[];
  rule: SettleRule;
  /** The row's time (SQL over an alias, `s` or `t`) for `newer` and `older`. */
  time?: (alias: 's' | 't') => string;
  /** What the rule's time is called in the report. */
  timeName?: string;
  /** Time columns copied with the standing row; equal contents at different times keep the earlier. */
  timeColumns?: readonly string[];
  /** How a row is found again for the update: by rowid, or by these key columns (WITHOUT ROWID tables). */
  ident: 'rowid' | readonly string[];
}

const RULES: Record<SettleRule, (timeName: string) => string> = {
  newer: (t) => `the newer (${t}) stands; at the same time, the one whose contents sort first`,
  older: (t) => `the first (${t}) stands; at the same time, the one whose contents sort first`,
  smaller: () => 'the one whose contents sort first stands',
};

export function settle(ctx: MergeContext, spec: SettleSpec): void {
  const quiet = spec.quiet ?? [];
  const times = spec.timeColumns ?? [];
  const compared = [...spec.columns, ...quiet];
  const differs = [...compared, ...times].map((c) => `t.${c} IS NOT s.${c}`).join(' OR ');
  const keys = spec.ident === 'rowid' ? ['rowid'] : spec.ident;
  const ident = keys.map((k, i) => `t.${k} AS t${i}, s.${k} AS s${i}`).join(', ');
  const time = (alias: 's' | 't') => (spec.time ? spec.time(alias) : 'NULL');
  const arrays = (cols: readonly string[], alias: string) => (cols.length ? `json_array(${cols.map((c) => `${alias}.${c}`).join(', ')})` : `'[]'`);
  const rows = ctx.db
    .prepare(
      `SELECT ${ident}, ${spec.label} AS label, ${time('t')} AS tt, ${time('s')} AS st,
              ${arrays(spec.columns, 't')} AS tc, ${arrays(spec.columns, 's')} AS sc, ${arrays(quiet, 't')} AS tq, ${arrays(quiet, 's')} AS sq,
              ${arrays(times, 't')} AS ttimes, ${arrays(times, 's')} AS stimes
       FROM ${spec.pairs} WHERE ${differs}`,
    )
    .all() as Record<string, unknown>[];
  if (rows.length === 0) return;
  const where = keys.map((k) => `${k} = ?`).join(' AND ');
  const copied = [...compared, ...times];
  const takeSource = ctx.db.prepare(
    `UPDATE main.${spec.table} SET (${copied.join(', ')}) = (SELECT ${copied.join(', ')} FROM ${ctx.src}.${spec.table} WHERE ${where}) WHERE ${where}`,
  );
  const takeTimes = times.length
    ? ctx.db.prepare(`UPDATE main.${spec.table} SET (${times.join(', ')}) = (SELECT ${times.join(', ')} FROM ${ctx.src}.${spec.table} WHERE ${where}) WHERE ${where}`)
    : null;
  for (const row of rows) {
    const sourceKey = keys.map((_, i) => row[`s${i}`]);
    const targetKey = keys.map((_, i) => row[`t${i}`]);
    const [tc, sc, tq, sq] = [row.tc, row.sc, row.tq, row.sq].map(String) as [string, string, string, string];
    if (tc === sc && tq === sq) {
      // The same contents, recorded at different times: both files keep the earlier.
      if (takeTimes && String(row.stimes) < String(row.ttimes)) takeTimes.run(...sourceKey, ...targetKey);
      continue;
    }
    const source = sourceStands(spec.rule, row.st, row.tt, sc + sq, tc + tq);
    if (source) takeSource.run(...sourceKey, ...targetKey);
    if (tc !== sc) {
      ctx.conflict({ table: spec.table, key: String(row.label), what: `${differing(spec.columns, tc, sc).join(', ')} differ`, rule: RULES[spec.rule](spec.timeName ?? 'time'), kept: source ? 'source' : 'target' });
    }
  }
}

/** Whether the source's row stands, by the rule; contents are compared as JSON text (code-unit order). */
export function sourceStands(rule: SettleRule, sourceTime: unknown, targetTime: unknown, sourceContent: string, targetContent: string): boolean {
  if (rule !== 'smaller') {
    const [s, t] = [String(sourceTime ?? ''), String(targetTime ?? '')];
    if (s !== t) return rule === 'newer' ? s > t : s < t;
  }
  return sourceContent < targetContent;
}

/** The columns whose values differ between two JSON arrays of them. */
function differing(columns: readonly string[], a: string, b: string): string[] {
  const [x, y] = [JSON.parse(a) as unknown[], JSON.parse(b) as unknown[]];
  return columns.filter((_, i) => JSON.stringify(x[i]) !== JSON.stringify(y[i]));
}
