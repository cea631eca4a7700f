/**
 * Agreement statistics for labels on an ordered scale (ratings 1–10) and their intervals: quadratic-
 * weighted kappa, Spearman's rho, the mean difference between two raters, and a seeded percentile
 * bootstrap over items. Pure functions over plain numbers; each is checked in the tests against small
 * examples computed by hand.
 */
import jStat from 'jstat';
import { mean, quantileSorted, sampleRankCorrelation, sampleStandardDeviation } from 'simple-statistics';
import { seededRandom } from '../core/seeds';
import { cohenKappa } from './proportions';

/** A statistic with its two-sided 95% interval; null where it is undefined (too few items, no spread). */
export interface Estimate {
  value: number | null;
  low: number | null;
  high: number | null;
  /** The items (pairs) it was computed from. */
  n: number;
}

export type Pair = readonly [number, number];

/**
 * Cohen's (1968) weighted kappa with quadratic weights, on the raters' values as numbers. With weights
 * (i − j)² the observed disagreement is mean((a − b)²) and the chance disagreement the mean over every
 * (a_s, b_t) combination, which is the categorical formula whenever the values are the scale's points
 * (the (k − 1)² normalisation cancels) and stays defined for an off-scale value such as 7.5. Null when
 * chance disagreement is 0: both raters gave one and the same value throughout.
 */
export function quadraticKappa(pairs: readonly Pair[]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  let sa = 0, sb = 0, saa = 0, sbb = 0, observed = 0;
  for (const [a, b] of pairs) {
    sa += a;
    sb += b;
    saa += a * a;
    sbb += b * b;
    observed += (a - b) ** 2;
  }
  // Σ_s Σ_t (a_s − b_t)² = n Σa² + n Σb² − 2 Σa Σb, so the chance term costs O(n).
  const expected = (n * saa + n * sbb - 2 * sa * sb) / (n * n);
  if (expected <= 1e-12) return null;
  return 1 - observed / n / expected;
}

/** Spearman's rho (ties share their mean rank); null below two pairs or when either rater has no spread. */
export function spearman(pairs: readonly Pair[]): number | null {
  if (pairs.length < 2) return null;
  const rho = sampleRankCorrelation(pairs.map((p) => p[0]), pairs.map((p) => p[1]));
  return Number.isFinite(rho) ? rho : null;
}

/** Cohen's (1960) kappa of two raters' categories, null where undefined. */
export function nominalKappa(pairs: readonly (readonly [string, string])[]): number | null {
  return cohenKappa(pairs).kappa;
}

/** The q-quantile of Student's t with `df` degrees of freedom (jstat's inverse). */
export function tQuantile(q: number, df: number): number {
  if (!(q > 0 && q < 1) || !(df > 0)) throw new RangeError(`tQuantile: need 0 < q < 1 and df > 0, got q=${q}, df=${df}`);
  return jStat.studentt.inv(q, df);
}

/**
 * The mean of a − b with its t interval (mean ± t₀.₉₇₅,ₙ₋₁ · s/√n): a rater's bias against a
 * reference. One pair gives the mean without an interval.
 */
export function meanDifference(pairs: readonly Pair[]): Estimate {
  const n = pairs.length;
  if (n === 0) return { value: null, low: null, high: null, n };
  const d = pairs.map(([a, b]) => a - b);
  const value = mean(d);
  if (n < 2) return { value, low: null, high: null, n };
  const half = (tQuantile(0.975, n - 1) * sampleStandardDeviation(d)) / Math.sqrt(n);
  return { value, low: value - half, high: value + half, n };
}

export interface BootstrapOptions {
  resamples: number;
  seed: number;
}

export const BOOTSTRAP: Readonly<BootstrapOptions> = { resamples: 2000, seed: 1 };

/**
 * A statistic with a 95% percentile bootstrap interval: `resamples` samples of the items drawn with
 * replacement from a seeded generator (the same seed, the same interval). Resamples where the statistic
 * is undefined are left out; when more than half are, the interval is too (the items are too few or
 * too alike to say).
 */
export function bootstrap<T>(items: readonly T[], statistic: (sample: readonly T[]) => number | null, options: BootstrapOptions = BOOTSTRAP): Estimate {
  const n = items.length;
  const value = n ? statistic(items) : null;
  if (value === null) return { value, low: null, high: null, n };
  const random = seededRandom(options.seed);
  const values: number[] = [];
  const sample = new Array<T>(n);
  for (let r = 0; r < options.resamples; r++) {
    for (let i = 0; i < n; i++) sample[i] = items[Math.floor(random() * n)]!;
    const v = statistic(sample);
    if (v !== null && Number.isFinite(v)) values.push(v);
  }
  if (values.length * 2 < options.resamples) return { value, low: null, high: null, n };
  values.sort((a, b) => a - b);
  return { value, low: quantileSorted(values, 0.025), high: quantileSorted(values, 0.975), n };
}
