import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa, wilson } from '../../electron/engine/stats/proportions';

describe('Wilson score interval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0.0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i → (%f, %f)', (k, n, low, high) => {
    const ci = wilson(k, n);
    expect(ci.low).toBeCloseTo(low, 4);
    expect(ci.high).toBeCloseTo(high, 4);
    expect(ci.rate).toBeCloseTo(k / n, 12);
  });

  it('9 wrong answers in 300 (about the EDA paper’s 3%)', () => {
    const ci = wilson(9, 300);
    expect(ci.rate).toBe(0.03);
    expect(ci.low).toBeCloseTo(0.0159, 4);
    expect(ci.high).toBeCloseTo(0.0560, 4);
  });

  it('gives exactly 0 below none in n and exactly 1 above all (not a rounding residue a CSV would print)', () => {
    for (const n of [2, 7, 14, 100, 1000]) {
      expect(wilson(0, n).low).toBe(0);
      expect(wilson(n, n).high).toBe(1);
    }
  });

  it('has no interval without data and refuses impossible counts', () => {
    expect(wilson(0, 0)).toEqual({ k: 0, n: 0, rate: null, low: null, high: null });
    expect(() => wilson(3, 2)).toThrow(RangeError);
    expect(() => wilson(-1, 2)).toThrow(RangeError);
  });
});

describe("Cohen's kappa", () => {
  it('the textbook 2×2 example: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → κ = 0.4', () => {
    const pairs: [string, string][] = [
      ...Array(20).fill(['yes', 'yes']),
      ...Array(5).fill(['yes', 'no']),
      ...Array(10).fill(['no', 'yes']),
      ...Array(15).fill(['no', 'no']),
    ];
    const k = cohenKappa(pairs);
    expect(k.observed).toBeCloseTo(0.7, 12);
    expect(k.expected).toBeCloseTo(0.5, 12);
    expect(k.kappa).toBeCloseTo(0.4, 12);
  });

  it('perfect agreement is 1; constant identical raters leave kappa undefined', () => {
    expect(cohenKappa([['a', 'a'], ['b', 'b']]).kappa).toBe(1);
    expect(cohenKappa([['a', 'a'], ['a', 'a']]).kappa).toBeNull();
    expect(cohenKappa([]).kappa).toBeNull();
  });
});

describe("Fleiss' kappa", () => {
  // Fleiss (1971)-style worked example: 10 subjects, 14 raters, 5 categories (as on Wikipedia).
  const table = [
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
  ];
  it('P̄ = 0.378, P̄e = 0.213, κ = 0.210', () => {
    const k = fleissKappa(table);
    expect(k.observed).toBeCloseTo(0.378, 3);
    expect(k.expected).toBeCloseTo(0.213, 3);
    expect(k.kappa).toBeCloseTo(0.21, 3);
  });

  it('two raters who agree on every item give κ = 1; ragged tables are refused', () => {
    expect(fleissKappa([[2, 0], [0, 2]]).kappa).toBe(1);
    expect(() => fleissKappa([[2, 0], [1, 0]])).toThrow(RangeError);
  });
});
