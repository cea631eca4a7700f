import { stringify } from 'csv-stringify/sync';
import { fixed } from '../../../shared/text/number';

/** Cells a spreadsheet would run as a formula are prefixed with an apostrophe (OWASP CSV injection). */
function defuse(value: unknown): unknown {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * RFC 4180 CSV with a header row and CRLF line ends; `digits`: every number printed with that many
 * decimals (rounded as written in decimal, as every number Parlor shows). csv-stringify quotes a cell
 * holding the record delimiter (CRLF) but not one holding a bare LF or CR, which every reader (Python's
 * csv, spreadsheets) takes for a new record: any cell with either is quoted here.
 */
export function toCsv(rows: readonly object[], options: { digits?: number } = {}): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  const safe = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, defuse(v)])));
  const number = (n: number) => (options.digits === undefined ? String(n) : fixed(n, options.digits));
  return stringify(safe, { header: true, columns, record_delimiter: '\r\n', quoted_match: /[\r\n]/, cast: { number } });
}

export function toJsonl(rows: readonly object[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length ? '\n' : '');
}
