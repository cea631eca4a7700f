import type { MeanStd } from '../../shared/contract/records';
import { tooFew, tooFewText } from '../../shared/stats/caution';
import { fixed, meanStdText } from '../../shared/text/number';

export function meanStd(value: MeanStd | null, digits: number): string {
  if (!value) return '—';
  return meanStdText(value.mean, value.std, digits);
}

export function percent(part: number, whole: number): string {
  return whole ? `${Math.floor((100 * part) / whole)}%` : '—';
}

export function usd(value: number | null): string {
  if (value === null) return 'no price set';
  return value < 0.01 && value > 0 ? `$${fixed(value, 4)}` : `$${fixed(value, 2)}`;
}

export function when(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** "1 episode", "3 episodes": a count with its noun agreeing (the plural given where adding s is wrong). */
export function counted(n: number, singular: string, plural = `${singular}s`): string {
  return `${count(n)} ${n === 1 ? singular : plural}`;
}

/** "45% (30%–60%)"; the value alone when it has no interval; "too few (n = 2)" below the minimum of games; "—" when unscored. */
export function withInterval(value: { pooled: number; low: number | null; high: number | null } | undefined, n: number, minEpisodes: number, show: (x: number) => string): string {
  if (tooFew(n, minEpisodes)) return tooFewText(n);
  if (!value || !Number.isFinite(value.pooled)) return '—';
  return value.low === null || value.high === null ? show(value.pooled) : `${show(value.pooled)} (${show(value.low)}–${show(value.high)})`;
}


export { duration } from '../../shared/text/duration';
