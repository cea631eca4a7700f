/**
 * The pairwise significance tests: R's sleep data (paired and Welch, values as R's t.test and
 * scipy.stats print them), a three-pair case with a closed-form p (t with 2 df), a very small p that
 * must not round to 0, degenerate samples, and Holm's adjustment on hand-computed lists.
 * p-values are checked to ~1e-8: jstat's incomplete beta stops its continued fraction near 1e-9.
 */
import { describe, expect, it } from 'vitest';
import { differenceInterval, holm, pairedTTest, welchTTest } from '../../electron/engine/analysis/significance';

// R's `sleep`: extra hours of sleep, the same ten patients under drug 1 and drug 2.
const group1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const group2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

describe('pairedTTest', () => {
  it('matches R on the sleep data (t = -4.0621, df = 9, p = 0.002833)', () => {
    const r = pairedTTest(group1, group2);
    expect(r.test).toBe('paired');
    expect(r.n).toBe(10);
    expect(r.meanDifference).toBeCloseTo(-1.58, 12);
    expect(r.df).toBe(9);
    expect(r.t).toBeCloseTo(-4.062127683382037, 9);
    expect(r.p).toBeCloseTo(0.002832890197384273, 8);
  });

  it("gives R's 95% interval for the mean difference on the sleep data (-2.4598858 to -0.7001142)", () => {
    const r = differenceInterval(pairedTTest(group1, group2));
    expect(r.low).toBeCloseTo(-2.4598858, 6);
    expect(r.high).toBeCloseTo(-0.7001142, 6);
    expect(differenceInterval(pairedTTest([2, 3, 4], [1, 2, 3]))).toEqual({ low: null, high: null });
  });

  it('gives the closed-form p for 2 df: d = [1, 2, 3], t = 2√3, p = 1 − t/√(t² + 2)', () => {
    const r = pairedTTest([5, 7, 9], [4, 5, 6]);
    const t = 2 * Math.sqrt(3);
    expect(r.t).toBeCloseTo(t, 12);
    expect(r.df).toBe(2);
    expect(r.p).toBeCloseTo(1 - t / Math.sqrt(t * t + 2), 10); // 0.0741799...
  });

  it('is antisymmetric: swapping the samples flips t and keeps p', () => {
    const ab = pairedTTest(group1, group2);
    const ba = pairedTTest(group2, group1);
    expect(ba.t).toBeCloseTo(-(ab.t as number), 12);
    expect(ba.p).toBeCloseTo(ab.p as number, 14);
  });

  it('keeps a tiny p instead of rounding it to 0 (t ≈ 69.46, df = 29, p ≈ 8.40e-34)', () => {
    const a = Array.from({ length: 30 }, (_, i) => 10 + 0.1 * i);
    const b = Array.from({ length: 30 }, (_, i) => 0.05 * ((i * 7) % 11));
    const r = pairedTTest(a, b);
    expect(r.t).toBeCloseTo(69.46232598661939, 8);
    expect((r.p as number) / 8.404659211311806e-34).toBeCloseTo(1, 6);
  });

  it('throws on samples of different lengths', () => {
    expect(() => pairedTTest([1, 2, 3], [1, 2])).toThrow(/equal length \(got 3 and 2\)/);
  });

  it('has no t or p below two pairs', () => {
    expect(pairedTTest([], [])).toEqual({ test: 'paired', n: 0, meanDifference: null, standardError: null, t: null, df: null, p: null });
    expect(pairedTTest([3], [1])).toEqual({ test: 'paired', n: 1, meanDifference: 2, standardError: null, t: null, df: null, p: null });
  });

  it('has no t or p when every difference is the same nonzero value', () => {
    expect(pairedTTest([2, 3, 4], [1, 2, 3])).toEqual({ test: 'paired', n: 3, meanDifference: 1, standardError: null, t: null, df: 2, p: null });
  });

  it('reports p = 1 (and no t) when every difference is exactly 0', () => {
    expect(pairedTTest([0.5, 1, 0.25], [0.5, 1, 0.25])).toEqual({ test: 'paired', n: 3, meanDifference: 0, standardError: null, t: null, df: 2, p: 1 });
  });
});

describe('welchTTest', () => {
  it('matches R on the sleep groups (t = -1.8608, df = 17.776, p = 0.07939)', () => {
    const r = welchTTest(group1, group2);
    expect(r.test).toBe('welch');
    expect(r.nA).toBe(10);
    expect(r.nB).toBe(10);
    expect(r.meanDifference).toBeCloseTo(0.75 - 2.33, 12);
    expect(r.t).toBeCloseTo(-1.8608134674868526, 9);
    expect(r.df).toBeCloseTo(17.776473516178488, 9);
    expect(r.p).toBeCloseTo(0.0793941401873583, 8);
    // R: 95 percent confidence interval -3.3654832 0.2054832.
    expect(differenceInterval(r).low).toBeCloseTo(-3.3654832, 6);
    expect(differenceInterval(r).high).toBeCloseTo(0.2054832, 6);
  });

  it('handles one constant sample: df falls to nA − 1 (a = 1..4, b = 2,2,2: t = 0.5/√(5/12))', () => {
    const r = welchTTest([1, 2, 3, 4], [2, 2, 2]);
    expect(r.meanDifference).toBeCloseTo(0.5, 12);
    expect(r.t).toBeCloseTo(0.5 / Math.sqrt(5 / 12), 12);
    expect(r.df).toBeCloseTo(3, 12);
    expect(r.p).toBeCloseTo(0.4950253460597111, 8);
  });

  it('keeps a tiny p on unequal samples (t ≈ 68.51, df ≈ 30.96, p ≈ 2.26e-35)', () => {
    const a = Array.from({ length: 30 }, (_, i) => 10 + 0.1 * i);
    const b = Array.from({ length: 30 }, (_, i) => 0.05 * ((i * 7) % 11));
    const r = welchTTest(a, b);
    expect(r.t).toBeCloseTo(68.51413077296118, 8);
    expect(r.df).toBeCloseTo(30.95819292089117, 8);
    expect((r.p as number) / 2.2574608628523525e-35).toBeCloseTo(1, 6);
  });

  it('has no t or p when either sample has fewer than two values', () => {
    expect(welchTTest([1], [1, 2, 3])).toEqual({ test: 'welch', nA: 1, nB: 3, meanDifference: -1, standardError: null, t: null, df: null, p: null });
    expect(welchTTest([1, 2], [])).toEqual({ test: 'welch', nA: 2, nB: 0, meanDifference: null, standardError: null, t: null, df: null, p: null });
  });

  it('has no t or p when both samples are different constants, and p = 1 when they are the same constant', () => {
    expect(welchTTest([1, 1], [2, 2, 2])).toEqual({ test: 'welch', nA: 2, nB: 3, meanDifference: -1, standardError: null, t: null, df: null, p: null });
    expect(welchTTest([2, 2], [2, 2, 2])).toEqual({ test: 'welch', nA: 2, nB: 3, meanDifference: 0, standardError: null, t: null, df: null, p: 1 });
  });
});

describe('holm', () => {
  it('multiplies the k-th smallest by (m − k + 1) and keeps the result monotone, in input order', () => {
    // sorted: 0.005·4 = 0.02, 0.01·3 = 0.03, 0.03·2 = 0.06, 0.04·1 = 0.04 → raised to 0.06
    const adjusted = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((want, i) => expect(adjusted[i]).toBeCloseTo(want, 14));
  });

  it('leaves nulls in place and does not count them as comparisons', () => {
    const adjusted = holm([null, 0.01, 0.04, null, 0.03, 0.005]);
    expect(adjusted[0]).toBeNull();
    expect(adjusted[3]).toBeNull();
    [0.03, 0.06, 0.06, 0.02].forEach((want, i) => expect(adjusted[[1, 2, 4, 5][i] as number]).toBeCloseTo(want, 14));
  });

  it('caps at 1 and keeps ties equal', () => {
    // sorted: 0.02·4 = 0.08, 0.02·3 = 0.06 → 0.08, 0.4·2 = 0.8, 0.6·1 = 0.6 → 0.8; 0.5·… ≥ 1 → 1
    expect(holm([0.6, 0.02, 0.4, 0.02])).toEqual([0.8, 0.08, 0.8, 0.08]);
    expect(holm([0.5, 0.9])).toEqual([1, 1]);
  });

  it('returns an empty list for no tests and all nulls for no runnable tests', () => {
    expect(holm([])).toEqual([]);
    expect(holm([null, null])).toEqual([null, null]);
  });
});
