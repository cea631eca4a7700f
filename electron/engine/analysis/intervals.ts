/** 95% intervals for the views: Wilson for rates, a normal approximation for means. */
import { wilson, Z95 } from '../annotation/stats';

export interface Bounds {
  low: number | null;
  high: number | null;
}

/** The sample variance (n − 1) of n values from their sum and sum of squares; null below two values. */
export function sampleVariance(sum: number, sum2: number, n: number): number | null {
  if (n < 2) return null;
  const m = sum / n;
  return Math.max(0, (sum2 - n * m * m) / (n - 1));
}

/** Mean ± 1.96 standard errors over n values; none below two values (there is no spread to speak of). */
export function normalInterval(sum: number, sum2: number, n: number): Bounds {
  const variance = sampleVariance(sum, sum2, n);
  if (variance === null) return { low: null, high: null };
  const m = sum / n;
  const half = Z95 * Math.sqrt(variance / n);
  return { low: m - half, high: m + half };
}

/** A rate of 0/1 values gets Wilson's interval; anything else (a mean, or a rate of fractions) the normal one. */
export function intervalFor(kind: 'rate' | 'mean', sum: number, sum2: number, n: number): Bounds {
  if (kind === 'rate' && Number.isInteger(sum) && sum >= 0 && sum <= n) {
    const { low, high } = wilson(sum, n);
    return { low, high };
  }
  return normalInterval(sum, sum2, n);
}
