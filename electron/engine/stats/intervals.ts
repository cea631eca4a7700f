/**
 * 95% intervals for the views, honest at any size: Wilson for rates of 0/1 values; Student's t for
 * means (the normal approximation is too narrow below ~30 values); never outside the metric's range;
 * never zero-width when every value was the same (see `allEqualInterval`); none below two values.
 */
import type { MetricSpec } from '../../../shared/contract/game';
import { tQuantile } from './ordinal';
import { wilson } from './proportions';

export interface Bounds {
  low: number | null;
  high: number | null;
}

const NONE: Bounds = { low: null, high: null };

/** The sample variance (n − 1) of n values from their sum and sum of squares; null below two values. */
export function sampleVariance(sum: number, sum2: number, n: number): number | null {
  if (n < 2) return null;
  const m = sum / n;
  return Math.max(0, (sum2 - n * m * m) / (n - 1));
}

/**
 * Sums of squares lose digits to rounding: a spread this small next to the mean is no spread at all
 * (n values all equal to 0.1 give a "variance" of 1e-18).
 */
function isZeroSpread(variance: number, mean: number): boolean {
  return variance <= 1e-12 * Math.max(1, mean * mean);
}

const clip = (x: number, range: readonly [number, number] | undefined) => (range ? Math.min(range[1], Math.max(range[0], x)) : x);

/**
 * Every one of n values equalled the mean. The data cannot say how far the others could lie, so the
 * interval is the rate interval's: with 95% confidence at least Wilson's lower bound q of n/n of the
 * population sits at this value, and the rest (1 − q) at most at an end of the range. Unknown range:
 * no interval (a zero-width one would claim certainty the sample does not have).
 */
export function allEqualInterval(value: number, n: number, range: readonly [number, number] | undefined): Bounds {
  if (!range || n < 2) return NONE;
  const q = wilson(n, n).low!;
  return { low: value - (1 - q) * (value - range[0]), high: value + (1 - q) * (range[1] - value) };
}

/** Mean ± t(0.975, n − 1) standard errors, clipped to the range; none below two values. */
export function meanInterval(sum: number, sum2: number, n: number, range?: readonly [number, number]): Bounds {
  const variance = sampleVariance(sum, sum2, n);
  if (variance === null) return NONE;
  const m = sum / n;
  if (isZeroSpread(variance, m)) return allEqualInterval(m, n, range);
  const half = tQuantile(0.975, n - 1) * Math.sqrt(variance / n);
  return { low: clip(m - half, range), high: clip(m + half, range) };
}

/**
 * A rate of 0/1 values gets Wilson's interval; anything else (a mean, or a rate of fractions) the t one,
 * within the metric's range (a game's mean always has one; a mean without gives no interval when all values are equal).
 */
export function intervalFor(metric: { kind: MetricSpec['kind']; range?: [number, number] }, sum: number, sum2: number, n: number): Bounds {
  if (n < 2) return NONE;
  if (metric.kind === 'rate' && Number.isInteger(sum) && sum >= 0 && sum <= n && Math.abs(sum2 - sum) < 1e-9) {
    const { low, high } = wilson(sum, n);
    return { low, high };
  }
  return meanInterval(sum, sum2, n, metric.range ?? (metric.kind === 'rate' ? [0, 1] : undefined));
}
