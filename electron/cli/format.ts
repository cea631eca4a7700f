import type { MeanStd } from '../../shared/contract/records';
import { metricMeanStd, type MetricSpec } from '../../shared/contract/game';

/** A plain aligned text table; numbers right-aligned. */
export function table(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = rows.map((row) => row.map(String));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || /^[\d.±\s-]+$/.test(String(r[i]))));
  const line = (values: readonly string[]) =>
    values.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

/** A metric's mean ± std as every table prints it (a percentage × 100), or "—". */
export function metricMeanStdOf(metric: Pick<MetricSpec, 'percent' | 'digits'>, value: MeanStd | null | undefined): string {
  return value ? metricMeanStd(metric, value.mean, value.std, metric.digits) : '—';
}

export function shortTime(iso: string | null): string {
  return iso ? iso.replace('T', ' ').slice(0, 16) : '';
}
