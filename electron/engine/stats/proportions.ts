/**
 * Statistics for judge-error annotation. Pure functions, each checked in the tests against published
 * worked examples.
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Proportion {
  k: number;
  n: number;
  /** k / n; null when n = 0. */
  rate: number | null;
  low: number | null;
  high: number | null;
}

/**
 * Wilson score interval (Wilson 1927; Newcombe 1998, method 3): unlike the normal approximation it
 * stays inside [0, 1] and behaves at k = 0, which is common for error rates of a few per cent.
 */
export function wilson(k: number, n: number, z = Z95): Proportion {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || n < 0 || k > n) throw new RangeError(`wilson: need 0 ≤ k ≤ n, got k=${k}, n=${n}`);
  if (n === 0) return { k, n, rate: null, low: null, high: null };
  return { k, n, rate: k / n, ...wilsonBounds(k / n, n, z) };
}

/**
 * Wilson's bounds for a proportion p estimated with the information of n independent draws; n need
 * not be whole (a survey estimate's effective sample size, Korn & Graubard 1998).
 */
export function wilsonBounds(p: number, n: number, z = Z95): { low: number; high: number } {
  if (!(n > 0) || !(p >= 0 && p <= 1)) throw new RangeError(`wilsonBounds: need 0 ≤ p ≤ 1 and n > 0, got p=${p}, n=${n}`);
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At p = 0 (or 1) the bound is exactly 0 (or 1); computed, it leaves a rounding residue such as
  // 1.4e-17 that a CSV would print.
  return { low: p === 0 ? 0 : Math.max(0, centre - half), high: p === 1 ? 1 : Math.min(1, centre + half) };
}

export interface Kappa {
  kappa: number | null;
  /** Observed agreement. */
  observed: number | null;
  /** Agreement expected by chance. */
  expected: number | null;
  items: number;
}

/**
 * Cohen's kappa for two raters over the same items (Cohen 1960). Null when chance agreement is
 * already perfect (both raters always gave the one same category): kappa is undefined there.
 */
export function cohenKappa(pairs: readonly (readonly [string, string])[]): Kappa {
  const n = pairs.length;
  if (n === 0) return { kappa: null, observed: null, expected: null, items: 0 };
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  let agree = 0;
  for (const [a, b] of pairs) {
    if (a === b) agree++;
    first.set(a, (first.get(a) ?? 0) + 1);
    second.set(b, (second.get(b) ?? 0) + 1);
  }
  const observed = agree / n;
  let expected = 0;
  for (const [category, count] of first) expected += (count / n) * ((second.get(category) ?? 0) / n);
  const kappa = expected === 1 ? null : (observed - expected) / (1 - expected);
  return { kappa, observed, expected, items: n };
}

/**
 * Fleiss' kappa (Fleiss 1971) for m ≥ 2 raters who each rated every item: `counts[i][j]` is how many
 * raters put item i in category j. Every row must sum to the same m.
 */
export function fleissKappa(counts: readonly (readonly number[])[]): Kappa {
  const items = counts.length;
  if (items === 0) return { kappa: null, observed: null, expected: null, items: 0 };
  const raters = counts[0]!.reduce((a, b) => a + b, 0);
  if (raters < 2) throw new RangeError('fleissKappa: each item needs at least two ratings');
  const categories = counts[0]!.length;
  const totals = new Array<number>(categories).fill(0);
  let sumP = 0;
  for (const row of counts) {
    if (row.length !== categories || row.reduce((a, b) => a + b, 0) !== raters) {
      throw new RangeError('fleissKappa: every item needs the same number of ratings and categories');
    }
    let squares = 0;
    row.forEach((c, j) => {
      totals[j]! += c;
      squares += c * c;
    });
    sumP += (squares - raters) / (raters * (raters - 1));
  }
  const observed = sumP / items;
  const expected = totals.reduce((acc, t) => acc + (t / (items * raters)) ** 2, 0);
  const kappa = expected === 1 ? null : (observed - expected) / (1 - expected);
  return { kappa, observed, expected, items };
}
