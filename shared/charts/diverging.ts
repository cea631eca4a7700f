/**
 * Differences between two sides of a comparison, as text and as a diverging colour level (blue: side
 * two better, orange: side one better; the sign is always printed, so colour is never the only cue).
 */
import { fixed } from '../text/number';

/** "+1.23", "−0.50" (a true minus sign), "0.00"; "—" when there is no difference. */
export function signed(diff: number | null | undefined, digits: number): string {
  if (typeof diff !== 'number' || !Number.isFinite(diff)) return '—';
  const text = fixed(Math.abs(diff), digits);
  if (Number(text) === 0) return text;
  return `${diff > 0 ? '+' : '−'}${text}`;
}

/**
 * −3…3: how far a difference leans to one side, relative to the largest difference in view (thirds of
 * it); 0 when it is within `flat` of nothing or there is nothing to compare with.
 */
export function divergingLevel(diff: number | null | undefined, maxAbs: number, flat = 0.005): number {
  if (typeof diff !== 'number' || !Number.isFinite(diff) || Math.abs(diff) < flat || !(maxAbs > 0)) return 0;
  return Math.sign(diff) * Math.min(3, Math.ceil((3 * Math.abs(diff)) / maxAbs));
}
