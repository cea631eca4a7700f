/**
 * Agreement statistics for ordinal labels (ratings) and the calibration report, each against numbers
 * computed by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { calibration, calibrationRows, ordinalValue } from '../../electron/engine/annotation/calibration';
import { bootstrap, meanDifference, nominalKappa, quadraticKappa, spearman, tQuantile, type Pair } from '../../electron/engine/stats/ordinal';
import type { LabelledItem } from '../../electron/engine/annotation/results';

/** Pairs from a contingency table: counts[i][j] items rated i + 1 by the first rater and j + 1 by the second. */
const fromTable = (counts: number[][]): Pair[] => counts.flatMap((row, i) => row.flatMap((c, j) => Array.from({ length: c }, () => [i + 1, j + 1] as const)));

describe('quadratic-weighted kappa', () => {
  it('matches the categorical formula on a 3×3 table computed by hand', () => {
    //          B=1 B=2 B=3      n = 10; marginals A: 3 4 3, B: 3 4 3
    //   A=1     2   1   0       weights w = (i − j)² / (k − 1)²: 0 on the diagonal, 1/4 one apart, 1 two apart
    //   A=2     1   2   1       observed Σ w·p = 4 cells one apart × 1/4 / 10 = 0.1
    //   A=3     0   1   2       chance Σ w·rᵢcⱼ/n² = (4 × 12 × 1/4 + 2 × 9 × 1) / 100 = 0.3
    //   κw = 1 − 0.1 / 0.3 = 2/3 (unweighted: p_o = 0.6, p_e = 0.34, κ = 0.26 / 0.66 = 0.3939)
    const pairs = fromTable([
      [2, 1, 0],
      [1, 2, 1],
      [0, 1, 2],
    ]);
    expect(quadraticKappa(pairs)).toBeCloseTo(2 / 3, 12);
    expect(nominalKappa(pairs.map(([a, b]) => [String(a), String(b)] as const))).toBeCloseTo(0.26 / 0.66, 12);
  });

  it('is 1 for perfect agreement, shift-invariant in the scale, and undefined when both raters give one value', () => {
    expect(quadraticKappa([[1, 1], [5, 5], [10, 10]])).toBe(1);
    // Ratings 7 8 6 9 against 6 8 5 7: observed mean (a − b)² = 6/4 = 1.5; chance (4·230 + 4·174 − 2·30·26)/16 = 3.5; κw = 1 − 1.5/3.5 = 4/7.
    const pairs: Pair[] = [[7, 6], [8, 8], [6, 5], [9, 7]];
    expect(quadraticKappa(pairs)).toBeCloseTo(4 / 7, 12);
    expect(quadraticKappa(pairs.map(([a, b]) => [a - 5, b - 5] as const))).toBeCloseTo(4 / 7, 12);
    expect(quadraticKappa([[4, 4], [4, 4]])).toBeNull();
    expect(quadraticKappa([])).toBeNull();
  });
});

describe("Spearman's rho", () => {
  it('without ties is 1 − 6Σd² / (n(n² − 1))', () => {
    // d = −1 1 −1 1 0, Σd² = 4: 1 − 24/120 = 0.8
    expect(spearman([[1, 2], [2, 1], [3, 4], [4, 3], [5, 5]])).toBeCloseTo(0.8, 12);
    // 7 8 6 9 → ranks 2 3 1 4; 6 8 5 7 → 2 4 1 3; Σd² = 2: 1 − 12/60 = 0.8
    expect(spearman([[7, 6], [8, 8], [6, 5], [9, 7]])).toBeCloseTo(0.8, 12);
  });

  it('gives tied values their mean rank (Pearson on midranks)', () => {
    // x 1 2 2 3 → 1 2.5 2.5 4; y 1 3 2 4 → 1 3 2 4; Σdxdy = 4.5, Σdx² = 4.5, Σdy² = 5: 4.5/√22.5 = √0.9
    expect(spearman([[1, 1], [2, 3], [2, 2], [3, 4]])).toBeCloseTo(Math.sqrt(0.9), 12);
    // The same pairs in another order give the same rho.
    expect(spearman([[2, 2], [3, 4], [1, 1], [2, 3]])).toBeCloseTo(Math.sqrt(0.9), 12);
  });

  it('is undefined without spread or below two pairs', () => {
    expect(spearman([[3, 1], [3, 2], [3, 5]])).toBeNull();
    expect(spearman([[1, 1]])).toBeNull();
  });
});

describe('bias: the mean difference with a t interval', () => {
  it('matches a hand computation', () => {
    // d = 1 0 1 2: mean 1, s = √(2/3) = 0.8165, s/√4 = 0.40825; t(0.975, 3) = 3.182446: 1 ± 1.299227
    expect(tQuantile(0.975, 3)).toBeCloseTo(3.182446305, 6);
    expect(tQuantile(0.975, 29)).toBeCloseTo(2.045229642, 6);
    const bias = meanDifference([[7, 6], [8, 8], [6, 5], [9, 7]]);
    expect(bias.value).toBe(1);
    expect(bias.low!).toBeCloseTo(1 - 1.299227, 5);
    expect(bias.high!).toBeCloseTo(1 + 1.299227, 5);
    expect(meanDifference([[3, 1]])).toEqual({ value: 2, low: null, high: null, n: 1 });
    expect(meanDifference([])).toEqual({ value: null, low: null, high: null, n: 0 });
  });
});

describe('percentile bootstrap', () => {
  const pairs = fromTable([
    [4, 2, 1],
    [1, 5, 2],
    [0, 2, 6],
  ]);

  it('is seeded: the same seed gives the same interval, around the point estimate', () => {
    const a = bootstrap(pairs, quadraticKappa, { resamples: 2000, seed: 7 });
    const b = bootstrap(pairs, quadraticKappa, { resamples: 2000, seed: 7 });
    expect(a).toEqual(b);
    expect(a.n).toBe(23);
    expect(a.low!).toBeLessThan(a.value!);
    expect(a.high!).toBeGreaterThan(a.value!);
    expect(a.high!).toBeLessThanOrEqual(1);
    expect(bootstrap(pairs, quadraticKappa, { resamples: 2000, seed: 8 })).not.toEqual(a);
  });

  it('collapses on perfect agreement and gives no interval when most resamples are undefined', () => {
    expect(bootstrap([[1, 1], [2, 2], [3, 3], [1, 1]] as Pair[], quadraticKappa)).toEqual({ value: 1, low: 1, high: 1, n: 4 });
    // Two items: half the resamples repeat one item, where rho is undefined.
    const two = bootstrap([[1, 2], [2, 1]] as Pair[], spearman, { resamples: 2000, seed: 3 });
    expect(two.value).toBeCloseTo(-1, 12);
    expect(two).toMatchObject({ low: null, high: null, n: 2 });
    expect(bootstrap([] as Pair[], spearman)).toEqual({ value: null, low: null, high: null, n: 0 });
  });
});

const RATINGS = Array.from({ length: 10 }, (_, i) => String(i + 1));
const item = (id: number, model: string, label: string, answers: [string, string][]): LabelledItem => ({
  itemId: id, episodeId: id, label, dataset: 'simulbench', model, tag: 'first_chan',
  labels: answers.map(([annotator, answer]) => ({ annotator, answer })),
});

describe('the calibration report', () => {
  it('reads ordinal values: numbers when the scale is numbers, else positions', () => {
    expect(ordinalValue('7', RATINGS)).toBe(7);
    expect(ordinalValue('7.5', RATINGS)).toBe(7.5);
    expect(ordinalValue('ambiguous', RATINGS)).toBeNull();
    expect(ordinalValue('', RATINGS)).toBeNull();
    expect(ordinalValue('high', ['low', 'mid', 'high'])).toBe(3);
    expect(ordinalValue('huge', ['low', 'mid', 'high'])).toBeNull();
  });

  it('compares the producer with the reference overall, per model and per annotator, and annotators with each other', () => {
    const items = [
      // model m1: producer 7 8 6 9 against ada 6 8 5 7 (the hand example: κw 4/7, ρ 0.8, bias 1)
      item(1, 'm1', '7', [['ada', '6'], ['bob', '6']]),
      item(2, 'm1', '8', [['ada', '8'], ['bob', '9']]),
      item(3, 'm1', '6', [['ada', '5']]),
      item(4, 'm1', '9', [['ada', '7']]),
      // model m2: agrees with ada; an ambiguous label and an off-format rating are left out
      item(5, 'm2', '3', [['ada', '3']]),
      item(6, 'm2', '10', [['ada', '10'], ['bob', '10']]),
      item(7, 'm2', '5', [['ada', 'ambiguous']]),
      item(8, 'm2', '4', [['ada', '4']]),
    ];
    const r = calibration(items, RATINGS, 'ordinal', 11);
    const m1 = r.byModel.find((m) => m.key === 'm1')!;
    // Item 2's reference is the median of 8 and 9 = 8.5, not ada's 8: only ada's own row is the hand example.
    const ada = calibration(items.filter((i) => i.model === 'm1'), RATINGS, 'ordinal', 11).byAnnotator.find((a) => a.key === 'ada')!;
    expect(ada.kappa.value).toBeCloseTo(4 / 7, 12);
    expect(ada.spearman!.value).toBeCloseTo(0.8, 12);
    expect(ada.bias!).toMatchObject({ value: 1, n: 4 });
    expect(m1.kappa.n).toBe(4);
    // m1 against references 6, 8.5, 5, 7: d = 1, −0.5, 1, 2 → mean 0.875
    expect(m1.bias!.value).toBeCloseTo(0.875, 12);
    expect(r.byModel.find((m) => m.key === 'm2')).toMatchObject({ kappa: { value: 1, n: 3 }, bias: { value: 0 } });
    expect(r.overall.kappa.n).toBe(7);
    expect(r.byAnnotator.map((a) => [a.key, a.kappa.n])).toEqual([['ada', 7], ['bob', 3]]);
    // ada · bob on items 1, 2, 6: 6/6, 8/9, 10/10 → bias (0 − 1 + 0)/3
    expect(r.annotators).toHaveLength(1);
    expect(r.annotators[0]).toMatchObject({ key: 'ada · bob', bias: { n: 3 } });
    expect(r.annotators[0]!.bias!.value).toBeCloseTo(-1 / 3, 12);
    const rows = calibrationRows({ ...r, producerMetrics: [], method: '' }, { model: 'judgeModel' });
    expect(rows.filter((x) => x.statistic === 'kappa_quadratic').map((x) => `${x.group}:${x.value}`)).toEqual(['overall:all', 'judgeModel:m1', 'judgeModel:m2', 'annotator:ada', 'annotator:bob', 'annotators:ada · bob']);
  });

  it("on a nominal scale gives Cohen's kappa against the annotators' majority", () => {
    const V = ['A', 'B', 'C'];
    // producer A A B B C C, person A B B B C A: p_o = 4/6; marginals producer 2 2 2, person 2 3 1 → p_e = (4 + 6 + 2)/36 = 1/3; κ = (2/3 − 1/3)/(2/3) = 0.5
    const items = ['A', 'A', 'B', 'B', 'C', 'C'].map((own, i) => item(i + 1, 'm', own, [['ada', 'ABBBCA'[i]!]]));
    const r = calibration(items, V, 'nominal', 1);
    expect(r.overall.kappa.value).toBeCloseTo(0.5, 12);
    expect(r.overall.spearman).toBeNull();
    expect(r.overall.bias).toBeNull();
  });
});
