/**
 * Issue 27, item 2: a stratified set's error rate is weighted back to its strata's sizes, with the
 * sample's own k/n beside it. Every expected number below is worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { annotationResults, type LabelledItem } from '../../electron/engine/annotation/results';
import { wilson, wilsonBounds, Z95 } from '../../electron/engine/stats/proportions';
import { weightedRate, type JudgedItem } from '../../electron/engine/annotation/weighting';
import { formatEstimate } from '../../shared/contract/annotation';

const judged = (stratum: string, m: number, wrong: number, inGroup = true): JudgedItem[] => Array.from({ length: m }, (_, i) => ({ stratum, inGroup, wrong: i < wrong }));

describe('the stratum-weighted error rate, by hand', () => {
  it("the issue's set: Maybe (116 of 1,416 answers) all wrong, Yes and No all right, 10 judged each: 8.2 %, not 10/30", () => {
    const population = new Map([['maybe', 116], ['yes', 600], ['no', 700]]);
    const r = weightedRate([...judged('maybe', 10, 10), ...judged('yes', 10, 0), ...judged('no', 10, 0)], population);
    // (116 × 10/10 + 600 × 0 + 700 × 0) / 1,416 = 116 / 1,416 = 0.08192…
    expect(r.rate).toBeCloseTo(116 / 1416, 15);
    expect(r.rate!).toBeCloseTo(0.0819, 4);
    expect([r.k, r.n]).toEqual([10, 30]);
    // Every stratum is all wrong or all right: the estimated variance is 0 by chance, so the interval
    // is Wilson's with the 30 judged items (n_eff capped at the judged items' sample size).
    expect(r.effectiveN).toBe(30);
    const plain = wilsonBounds(116 / 1416, 30);
    expect(r.low).toBeCloseTo(plain.low, 15);
    expect(r.high).toBeCloseTo(plain.high, 15);
    expect(r.low!).toBeCloseTo(0.0255, 4);
    expect(r.high!).toBeCloseTo(0.2333, 4);
  });

  it('variance with the finite-population correction, and the effective sample size', () => {
    // A: 100 events, 10 judged, 2 wrong; B: 50 events, 5 judged, 1 wrong; C: 10 events, all 10 judged, 5 wrong.
    // W = 100/160, 50/160, 10/160 = 0.625, 0.3125, 0.0625; p = 0.625·0.2 + 0.3125·0.2 + 0.0625·0.5 = 0.21875.
    // Var = 0.625²·(1 − 10/100)·0.2·0.8/9 + 0.3125²·(1 − 5/50)·0.2·0.8/4 + 0.0625²·(1 − 10/10)·… = 0.00625 + 0.003515625 + 0 = 5/512.
    // n_eff = p(1 − p)/Var = 0.21875 · 0.78125 · 512/5 = 17.5 (below the 25 judged items: kept).
    const population = new Map([['A', 100], ['B', 50], ['C', 10]]);
    const r = weightedRate([...judged('A', 10, 2), ...judged('B', 5, 1), ...judged('C', 10, 5)], population);
    expect(r.rate).toBe(0.21875);
    expect(r.effectiveN).toBeCloseTo(17.5, 12);
    // Wilson at p = 0.21875, n = 17.5: centre (p + z²/35)/(1 + z²/17.5), half-width z/(1 + z²/17.5)·√(p(1−p)/17.5 + z²/1225).
    const z2 = Z95 * Z95;
    const centre = (0.21875 + z2 / 35) / (1 + z2 / 17.5);
    const half = (Z95 / (1 + z2 / 17.5)) * Math.sqrt((0.21875 * 0.78125) / 17.5 + z2 / 1225);
    expect(r.low).toBeCloseTo(centre - half, 12);
    expect(r.high).toBeCloseTo(centre + half, 12);
    expect([r.low!, r.high!].map((x) => Math.round(x * 1e4) / 1e4)).toEqual([0.0868, 0.4519]);
  });

  it("a group's rate is a ratio of weighted counts, with the linearised variance", () => {
    // A: 100 events, 4 judged (2 in the group, 1 of them wrong); B: 20 events, 2 judged, both in the group, right.
    // Weights 100/4 = 25 and 20/2 = 10: R = 25·1 / (25·2 + 10·2) = 25/70 = 5/14.
    // e = y − R·x in A: 9/14, −5/14, 0, 0: Σe = 2/7, Σe² = 106/196, s² = (106/196 − (2/7)²/4)/3 = 17/98.
    // In B: −5/14, −5/14: s² = 0. Var = 100²·(1 − 4/100)·(17/98)/4 / 70² = 40800/480200.
    const population = new Map([['A', 100], ['B', 20]]);
    const items: JudgedItem[] = [
      { stratum: 'A', inGroup: true, wrong: true },
      { stratum: 'A', inGroup: true, wrong: false },
      { stratum: 'A', inGroup: false, wrong: true },
      { stratum: 'A', inGroup: false, wrong: false },
      { stratum: 'B', inGroup: true, wrong: false },
      { stratum: 'B', inGroup: true, wrong: false },
    ];
    const r = weightedRate(items, population);
    expect(r.rate).toBeCloseTo(5 / 14, 15);
    expect([r.k, r.n]).toEqual([1, 4]);
    expect(r.effectiveN).toBeCloseTo(((5 / 14) * (9 / 14)) / (40800 / 480200), 12);
  });

  it('equal weights give the plain rate; a one-item stratum gets the largest variance, not none', () => {
    const population = new Map([['A', 40], ['B', 40]]);
    const r = weightedRate([...judged('A', 4, 1), ...judged('B', 4, 1)], population);
    expect(r.rate).toBe(0.25);
    // B with one judged item of 40: s² = 1/4 (unknowable from one item), so Var = 0.5²·(39/40)·0.25 = 0.0609375 > 0.
    const lone = weightedRate([...judged('A', 4, 1), ...judged('B', 1, 0)], population);
    expect(lone.rate).toBe(0.125);
    // Var = 0.25·(36/40)·(0.25·0.75·4/3)/4 + 0.25·(39/40)·0.25 = 0.0140625 + 0.0609375 = 0.075; n_eff = 0.125·0.875/0.075.
    expect(lone.effectiveN).toBeCloseTo((0.125 * 0.875) / 0.075, 12);
  });

  it("a one-item stratum whose item is outside the group adds no variance to the group's rate", () => {
    // A: 40 events, 4 judged, all in the group, 1 wrong; B: 40 events, 1 judged, outside the group.
    // Weights 10 and 40: R = 10·1 / (10·4 + 40·0) = 0.25. In A, e = 0.75, −0.25, −0.25, −0.25: Σe = 0,
    // Σe² = 0.75, s² = 0.75/3 = 0.25; its term 40²·(1 − 4/40)·0.25/4 = 90. B's item has e = 0: s² = 0
    // (not 1/4, which would add 40²·(39/40)·0.25 = 390). Var = 90/40² = 0.05625; n_eff = 0.25·0.75/0.05625 = 10/3.
    const population = new Map([['A', 40], ['B', 40]]);
    const r = weightedRate([...judged('A', 4, 1), ...judged('B', 1, 1, false)], population);
    expect(r.rate).toBe(0.25);
    expect([r.k, r.n]).toEqual([1, 4]);
    expect(r.effectiveN).toBeCloseTo(10 / 3, 12);
    // In the group, the same lone item gets the bound 1/4: B in the group and right gives R = 10/80 = 0.125,
    // A's e = 0.875, −0.125 ×3: s² = (0.765625 + 0.046875 − 0.25/4)/3 = 0.25; terms 90 and 390; Var = 480/80².
    const inGroup = weightedRate([...judged('A', 4, 1), ...judged('B', 1, 0)], population);
    expect(inGroup.rate).toBe(0.125);
    expect(inGroup.effectiveN).toBeCloseTo((0.125 * 0.875) / (480 / 6400), 12);
  });

  it('refuses a stratum without a size, or with more judged items than events', () => {
    expect(() => weightedRate(judged('X', 1, 0), new Map())).toThrow(/no population size for stratum "X"/);
    expect(() => weightedRate(judged('X', 3, 0), new Map([['X', 2]]))).toThrow(/3 judged items but only 2 events/);
  });
});

const item = (id: number, stratum: string, label: string, gold: string | null, extra: Partial<LabelledItem> = {}): LabelledItem => ({
  itemId: id, episodeId: id, label, dataset: 'things', model: 'judge', tag: '(no category)', stratum, labels: gold === null ? [] : [{ annotator: 'ann', answer: gold }], ...extra,
});
const EDA = ['yes', 'no', 'maybe', 'dunno'];

describe('annotation results of a stratified set', () => {
  // 116 Maybe answers of 1,416, equal allocation: 10 drawn from each stratum; two Yes items still unlabelled.
  const plan = [{ key: 'judgeLabel=maybe', population: 116, drawn: 10 }, { key: 'judgeLabel=no', population: 700, drawn: 10 }, { key: 'judgeLabel=yes', population: 600, drawn: 10 }];
  const items = [
    ...Array.from({ length: 10 }, (_, i) => item(i + 1, 'judgeLabel=maybe', 'maybe', 'no')),
    ...Array.from({ length: 10 }, (_, i) => item(i + 11, 'judgeLabel=no', 'no', 'no', { dataset: i < 5 ? 'celebrities' : 'things' })),
    ...Array.from({ length: 10 }, (_, i) => item(i + 21, 'judgeLabel=yes', 'yes', i < 8 ? 'yes' : null)),
  ];
  const r = annotationResults(items, EDA, 'answer', { kind: 'stratified', plan, source: 'stored' });

  it('leads with the weighted rate and says so, the sample k/n beside it', () => {
    expect(r.overall).toMatchObject({ weighting: 'stratum-weighted', k: 10, n: 28 });
    expect(r.overall.rate).toBeCloseTo(116 / 1416, 15);
    expect(r.inSample).toEqual(wilson(10, 28));
    expect(r.weighting.method).toBe('stratum-weighted');
    expect(r.weighting.note).toContain('In the sample: 10/28 = 35.7% wrong, unweighted.');
    expect(formatEstimate(r.overall)).toMatch(/^8\.19% stratum-weighted \(95% CI [\d.]+–[\d.]+%\); in the sample 10\/28 = 35\.71%$/);
    expect(r.strata).toEqual([
      { key: 'judgeLabel=maybe', population: 116, drawn: 10, judged: 10, wrong: 10, rate: 1 },
      { key: 'judgeLabel=no', population: 700, drawn: 10, judged: 10, wrong: 0, rate: 0 },
      { key: 'judgeLabel=yes', population: 600, drawn: 10, judged: 8, wrong: 0, rate: 0 },
    ]);
  });

  it('weights the breakdowns the same way: by dataset, Maybe items (all in Things) count 11.6 each', () => {
    const things = r.by.dataset.find((g) => g.key === 'things')!;
    // Things: 10 Maybe (weight 11.6, all wrong), 5 No (weight 70), 8 Yes (weight 75): 116 / (116 + 350 + 600).
    expect(things.rate).toBeCloseTo(116 / 1066, 15);
    expect(things.weighting).toBe('stratum-weighted');
    expect(r.by.dataset.find((g) => g.key === 'celebrities')!.rate).toBe(0);
  });

  it('a stratum with no judged item is left out of the weights, and the note says so', () => {
    const partial = annotationResults(items.filter((i) => !i.stratum!.endsWith('maybe')), EDA, 'answer', { kind: 'stratified', plan, source: 'recounted' });
    expect(partial.overall.rate).toBe(0);
    expect(partial.weighting.note).toContain('No judged item yet in judge label: maybe');
    expect(partial.weighting.note).toContain('recounted from the runs today');
  });

  it('an unstratified set shows the plain rate and says why', () => {
    const plain = annotationResults(items, EDA, 'answer', { kind: 'plain', why: 'a simple random sample, in which every item weighs the same.' });
    expect(plain.overall).toMatchObject({ ...wilson(10, 28), weighting: 'plain', effectiveN: null });
    expect(plain.weighting).toEqual({ method: 'plain', note: 'Plain rate: a simple random sample, in which every item weighs the same.' });
    expect(formatEstimate(plain.overall)).toBe('35.71% (95% CI 20.71–54.17%, 10/28)');
  });
});

describe('breakdowns in their natural order', () => {
  it('ratings sort as numbers (1, 2, …, 10), not as text (1, 10, 2)', () => {
    const ratings = Array.from({ length: 10 }, (_, i) => String(i + 1));
    const items = ['10', '3', '4', '1', '2'].map((label, i) => item(i + 1, '', label, label, { stratum: null }));
    const r = annotationResults(items, ratings, 'rating');
    expect(r.by.label.map((g) => g.key)).toEqual(['1', '2', '3', '4', '10']);
  });

  it('other groups sort numbers numerically, then names', () => {
    const items = ['run 10', 'run 9', 'b', 'a'].map((tag, i) => item(i + 1, '', 'yes', 'yes', { stratum: null, tag }));
    expect(annotationResults(items, EDA, 'answer').by.tag.map((g) => g.key)).toEqual(['a', 'b', 'run 9', 'run 10']);
  });
});
