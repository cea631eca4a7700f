/** Issue 17: intervals that respect a metric's range and size, "too few", ties and cautions; numbers by hand. */
import { describe, expect, it } from 'vitest';
import { allEqualInterval, intervalFor, meanInterval } from '../../electron/engine/stats/intervals';
import { bestRows, errorShare, rowCautions, tooFew, unevenGames } from '../../shared/stats/caution';
import { csvChanges, latexChanges } from '../support/intended-diff';

const sums = (xs: number[]) => [xs.reduce((a, x) => a + x, 0), xs.reduce((a, x) => a + x * x, 0), xs.length] as const;

describe('intervals', () => {
  it('a non-negative mean never gets a negative lower bound: t interval clipped to the range', () => {
    // 0, 0, 0, 1: mean 0.25, s = 0.5, t(0.975, 3) = 3.18245, half = 3.18245 · 0.5 / 2 = 0.79561.
    const b = intervalFor({ kind: 'mean', range: [0, 200] }, ...sums([0, 0, 0, 1]));
    expect(b.low).toBe(0);
    expect(b.high).toBeCloseTo(0.25 + 0.79561, 4);
    // Without a range nothing clips: the raw t interval.
    expect(meanInterval(...sums([0, 0, 0, 1])).low).toBeCloseTo(0.25 - 0.79561, 4);
  });

  it('uses Student t, not z, at small n: wider than ±1.96 s/√n', () => {
    // 10, 20: mean 15, s = 7.0711, t(0.975, 1) = 12.7062, half = 12.7062 · 7.0711 / √2 = 63.531.
    const b = meanInterval(...sums([10, 20]));
    expect(b.high! - 15).toBeCloseTo(63.531, 2);
  });

  it('is never zero-width at n = 2 when both values are equal: Wilson on the share at that value, the rest at the range ends', () => {
    // Wilson 2/2 lower bound q = 0.34239; 20 − 0.65761 · 19 = 7.5054, 20 + 0.65761 · 180 = 138.37.
    const b = intervalFor({ kind: 'mean', range: [1, 200] }, ...sums([20, 20]));
    expect(b.low).toBeCloseTo(7.5054, 3);
    expect(b.high).toBeCloseTo(138.37, 1);
    expect(b.high! - b.low!).toBeGreaterThan(0);
    // 100 equal values: the share q = 0.96301 leaves a narrow but honest interval.
    const wide = allEqualInterval(20, 100, [1, 200]);
    expect(wide.low).toBeCloseTo(20 - 0.03699 * 19, 3);
    // An unbounded metric with no spread has no interval rather than a zero-width one.
    expect(intervalFor({ kind: 'mean' }, ...sums([3, 3, 3]))).toEqual({ low: null, high: null });
  });

  it('a rate of 0/1 values gets Wilson (0 of 2: 0 to 0.6576); a rate of fractions does not, and none below two values', () => {
    const w = intervalFor({ kind: 'rate', range: [0, 1] }, 0, 0, 2);
    expect(w.low).toBe(0);
    expect(w.high).toBeCloseTo(0.65762, 4);
    // 0.5 and 0.5 sum to 1 (an integer) but are not 0/1 values: no Wilson; equal values, so the all-equal interval in [0, 1].
    const f = intervalFor({ kind: 'rate', range: [0, 1] }, ...sums([0.5, 0.5]));
    expect(f.low).toBeCloseTo(0.5 - 0.65761 * 0.5, 4);
    expect(intervalFor({ kind: 'rate' }, 1, 1, 1)).toEqual({ low: null, high: null });
  });
});

describe('best rows and cautions', () => {
  const rows = [
    { player: 'a', value: 0.451, n: 30 },
    { player: 'b', value: 0.4549, n: 30 },
    { player: 'c', value: 0.44, n: 30 },
    { player: 'lucky', value: 1, n: 1 },
  ];
  it('bolds every row tied at the printed digits, and never one with too few episodes', () => {
    expect(bestRows(rows, 'higher', 2, 5)).toEqual(['a', 'b']);
    expect(bestRows(rows, 'higher', 3, 5)).toEqual(['b']);
    expect(bestRows(rows, 'higher', 2, 1)).toEqual(['lucky']);
    expect(bestRows(rows, 'lower', 2, 5)).toEqual(['c']);
    expect(bestRows(rows, 'none', 2, 5)).toEqual([]);
    expect(bestRows([{ player: 'x', value: 1, n: 2 }], 'higher', 2, 5)).toEqual([]);
  });

  it('warns of too few, a small sample and a high share of failures', () => {
    expect(tooFew(4, 5)).toBe(true);
    expect(rowCautions({ episodes: 3, errorsExcluded: 0, unfinishedExcluded: 0 }, 5).map((c) => c.kind)).toEqual(['too-few']);
    expect(rowCautions({ episodes: 12, errorsExcluded: 0, unfinishedExcluded: 0 }, 5).map((c) => c.kind)).toEqual(['small-sample']);
    expect(rowCautions({ episodes: 90, errorsExcluded: 6, unfinishedExcluded: 4 }, 5)).toEqual([{ kind: 'high-errors', text: '10% of episodes failed or unfinished (10 excluded): the rest may be the easier ones' }]);
    expect(errorShare({ episodes: 0, errorsExcluded: 0, unfinishedExcluded: 0 })).toBe(0);
    expect(rowCautions({ episodes: 95, errorsExcluded: 5, unfinishedExcluded: 0 }, 5)).toEqual([]);
  });
});

describe('the intended-change check the fixtures go through', () => {
  it('lets intervals and too-few blanks through, and catches any other change', () => {
    const then = 'player,score_mean,score_ci_low\r\na,0.5,-0.1\r\n';
    expect(csvChanges('player,score_mean,score_ci_low,notes\r\na,0.5,0,\r\n', then)).toEqual([]);
    expect(csvChanges('player,score_mean,score_ci_low,notes\r\na,,,too few episodes\r\n', then)).toEqual([]);
    expect(csvChanges('player,score_mean,score_ci_low,notes\r\na,0.6,0,\r\n', then)).toEqual(['csv row 1 score_mean: "0.6", was "0.5"']);
    expect(latexChanges('x & \\textbf{1.0} \\\\\n\\caption{new}', 'x & 1.0 \\\\\n\\caption{old}')).toEqual([]);
    expect(latexChanges('x & 2.0 \\\\', 'x & 1.0 \\\\')).toHaveLength(1);
  });
});

describe('a benchmark table over different instances', () => {
  it('names the games whose players ran different numbers of episodes, or did not play them', () => {
    const cell = (episodes: number) => ({ episodes, values: {} });
    const view: Parameters<typeof unevenGames>[0] = {
      games: [{ id: 'a', label: 'A', datasets: [] as string[] }, { id: 'b', label: 'B', datasets: [] as string[] }, { id: 'c', label: 'C', datasets: [] as string[] }],
      rows: [
        { player: 'x', kind: 'model', overall: {}, games: { a: cell(10), b: cell(10), c: cell(4) } },
        { player: 'y', kind: 'model', overall: {}, games: { a: cell(10), b: cell(7) } },
      ],
    };
    expect(unevenGames(view)).toEqual([{ label: 'B', low: 7, high: 10, missing: 0 }, { label: 'C', low: 4, high: 4, missing: 1 }]);
  });
});
