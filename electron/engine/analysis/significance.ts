/**
 * Two-sided t-tests and Holm's correction for the pairwise significance table (the AGE paper reports
 * t-tests between models' scores). Pure functions over plain numbers.
 *
 * Degenerate samples: below two values, or with no spread, t is undefined and so are t and p (null).
 * The one exception is two samples that are identical constants (every paired difference exactly 0,
 * or both Welch samples the same single value repeated): there the data show no difference at all,
 * so p is 1 rather than unknown, and such a pair reads "not significant" instead of "no result".
 */
import jStat from 'jstat';
import { mean, sampleVariance } from 'simple-statistics';

export interface PairedTTest {
  test: 'paired';
  n: number;
  meanDifference: number | null;
  /** The mean difference's standard error; null where t is. */
  standardError: number | null;
  t: number | null;
  df: number | null;
  p: number | null;
}

export interface WelchTTest {
  test: 'welch';
  nA: number;
  nB: number;
  /** meanA − meanB. */
  meanDifference: number | null;
  /** The difference's standard error; null where t is. */
  standardError: number | null;
  t: number | null;
  df: number | null;
  p: number | null;
}

/** Exact equality on purpose: a computed variance of constant floats can be a tiny nonzero rounding residue. */
function isConstant(xs: readonly number[]): boolean {
  return xs.every((x) => x === xs[0]);
}

/** Two-sided p from the lower tail of the smaller side, which keeps precision for large |t| (1 − cdf would round to 0). */
function twoSidedP(t: number, df: number): number {
  return Math.min(1, 2 * jStat.studentt.cdf(-Math.abs(t), df));
}

/** Paired two-sided t-test on the differences a[i] − b[i]. */
export function pairedTTest(a: readonly number[], b: readonly number[]): PairedTTest {
  if (a.length !== b.length) {
    throw new Error(`pairedTTest needs samples of equal length (got ${a.length} and ${b.length})`);
  }
  const n = a.length;
  const d = a.map((x, i) => x - (b[i] as number));
  const meanDifference = n > 0 ? mean(d) : null;
  const none = { test: 'paired' as const, n, meanDifference, standardError: null, t: null, df: n >= 2 ? n - 1 : null };
  if (n < 2) return { ...none, p: null };
  if (isConstant(d)) return { ...none, p: d[0] === 0 ? 1 : null };
  const df = n - 1;
  const standardError = Math.sqrt(sampleVariance(d) / n);
  const t = (meanDifference as number) / standardError;
  return { test: 'paired', n, meanDifference, standardError, t, df, p: twoSidedP(t, df) };
}

/** Welch's unequal-variance two-sided t-test with Welch–Satterthwaite degrees of freedom. */
export function welchTTest(a: readonly number[], b: readonly number[]): WelchTTest {
  const nA = a.length;
  const nB = b.length;
  const meanDifference = nA > 0 && nB > 0 ? mean(a) - mean(b) : null;
  const none = { test: 'welch' as const, nA, nB, meanDifference, standardError: null, t: null, df: null };
  if (nA < 2 || nB < 2) return { ...none, p: null };
  if (isConstant(a) && isConstant(b)) return { ...none, p: a[0] === b[0] ? 1 : null };
  const seA = sampleVariance(a) / nA;
  const seB = sampleVariance(b) / nB;
  const se2 = seA + seB;
  const standardError = Math.sqrt(se2);
  const t = (meanDifference as number) / standardError;
  const df = (se2 * se2) / ((seA * seA) / (nA - 1) + (seB * seB) / (nB - 1));
  return { test: 'welch', nA, nB, meanDifference, standardError, t, df, p: twoSidedP(t, df) };
}

/** The test's two-sided 95% interval for the difference (Student's t with the test's df), or nulls where it has no t. */
export function differenceInterval(r: { meanDifference: number | null; standardError: number | null; df: number | null; t: number | null }): { low: number | null; high: number | null } {
  if (r.t === null || r.meanDifference === null || r.standardError === null || r.df === null) return { low: null, high: null };
  const half = jStat.studentt.inv(0.975, r.df) * r.standardError;
  return { low: r.meanDifference - half, high: r.meanDifference + half };
}

/**
 * Holm–Bonferroni adjusted p-values, in the input order. Nulls (tests that could not be run) stay null and
 * do not count towards the number of comparisons. Adjusted values are monotone in the raw ones and capped at 1.
 */
export function holm(pValues: readonly (number | null)[]): (number | null)[] {
  const ranked = pValues
    .map((p, index) => ({ p, index }))
    .filter((e): e is { p: number; index: number } => e.p !== null)
    .sort((x, y) => x.p - y.p);
  const m = ranked.length;
  const adjusted: (number | null)[] = pValues.map(() => null);
  let running = 0;
  ranked.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}
