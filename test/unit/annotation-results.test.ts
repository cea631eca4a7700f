import { describe, expect, it } from 'vitest';
import { annotationResults, goldAnswer, type LabelledItem } from '../../electron/engine/annotation/results';
import { wilson } from '../../electron/engine/stats/proportions';

const item = (id: number, label: string, answers: [string, string][], extra: Partial<LabelledItem> = {}): LabelledItem => ({
  itemId: id,
  episodeId: extra.episodeId ?? id,
  label,
  dataset: extra.dataset ?? 'things',
  model: 'gpt-3.5-turbo',
  tag: '(no category)',
  labels: answers.map(([annotator, answer]) => ({ annotator, answer })),
});
const EDA = ['yes', 'no', 'maybe', 'dunno'];
const results = (items: LabelledItem[]) => annotationResults(items, EDA, 'answer');

describe('gold answers', () => {
  it('majority wins; an even split is a tie; no labels is none', () => {
    expect(goldAnswer([{ annotator: 'a', answer: 'yes' }])).toBe('yes');
    expect(goldAnswer([{ annotator: 'a', answer: 'yes' }, { annotator: 'b', answer: 'no' }, { annotator: 'c', answer: 'no' }])).toBe('no');
    expect(goldAnswer([{ annotator: 'a', answer: 'yes' }, { annotator: 'b', answer: 'no' }])).toBe('tie');
    expect(goldAnswer([])).toBeNull();
  });
});

describe('annotation results, counted by hand', () => {
  // 10 items: 8 judged by one annotator (2 wrong), 1 ambiguous, 1 unlabelled.
  const items = [
    item(1, 'yes', [['ann', 'yes']], { episodeId: 100 }),
    item(2, 'yes', [['ann', 'no']], { episodeId: 100 }), // judge said yes, truth no
    item(3, 'no', [['ann', 'no']], { episodeId: 101 }),
    item(4, 'no', [['ann', 'yes']], { episodeId: 101 }), // judge said no, truth yes
    item(5, 'no', [['ann', 'no']], { dataset: 'celebrities' }),
    item(6, 'maybe', [['ann', 'maybe']]),
    item(7, 'no', [['ann', 'no']]),
    item(8, 'yes', [['ann', 'yes']]),
    item(9, 'no', [['ann', 'ambiguous']]),
    item(10, 'no', []),
  ];
  const r = results(items);

  it('error rate 2/8 with its Wilson interval; ambiguous and unlabelled items counted apart', () => {
    expect(r.overall).toEqual({ ...wilson(2, 8), weighting: 'plain', effectiveN: null });
    expect(r.inSample).toEqual(wilson(2, 8));
    expect(r.overall.rate).toBe(0.25);
    expect(r.overall.low).toBeCloseTo(0.0715, 4);
    expect(r.overall.high).toBeCloseTo(0.5907, 4);
    expect([r.items, r.judged, r.ambiguous, r.ties, r.unlabelled]).toEqual([10, 8, 1, 0, 1]);
  });

  it('by judge label and dataset', () => {
    expect(r.by.label.map((g) => [g.key, g.k, g.n])).toEqual([['maybe', 0, 1], ['no', 1, 4], ['yes', 1, 3]]);
    expect(r.by.dataset.map((g) => [g.key, g.k, g.n])).toEqual([['celebrities', 0, 1], ['things', 2, 7]]);
  });

  it('confusion matrix: judge said (rows) × correct answer (columns)', () => {
    expect(r.confusion.gold).toEqual(['yes', 'no', 'maybe', 'dunno', 'ambiguous']);
    expect(r.confusion.produced).toEqual(['yes', 'no', 'maybe']);
    expect(r.confusion.counts).toEqual([
      [2, 1, 0, 0, 0],
      [1, 3, 0, 0, 1],
      [0, 0, 1, 0, 0],
    ]);
  });

  it("a label outside the game's vocabulary is the confusion matrix's `other` row", () => {
    const odd = results([item(1, 'other', [['ann', 'no']]), item(2, 'yes', [['ann', 'yes']])]);
    expect(odd.confusion.produced).toEqual(['yes', 'other']);
    expect(odd.overall).toMatchObject({ k: 1, n: 2 });
  });

  it('no agreement with one annotator', () => {
    expect(r.agreement).toMatchObject({ method: null, annotators: ['ann'] });
  });
});

describe('agreement between annotators', () => {
  it("two annotators: Cohen's kappa over their shared items", () => {
    const r = results([
      item(1, 'yes', [['a', 'yes'], ['b', 'yes']]),
      item(2, 'no', [['a', 'no'], ['b', 'no']]),
      item(3, 'no', [['a', 'no'], ['b', 'yes']]),
      item(4, 'yes', [['a', 'yes']]),
    ]);
    // shared: (yes,yes) (no,no) (no,yes): po = 2/3, pe = (1/3)(2/3) + (2/3)(1/3) = 4/9 → κ = (2/3 − 4/9)/(5/9) = 0.4
    expect(r.agreement.method).toBe('cohen');
    expect(r.agreement.sharedItems).toBe(3);
    expect(r.agreement.kappa!.kappa).toBeCloseTo(0.4, 12);
    // item 3 is a tie and has no gold answer
    expect(r.ties).toBe(1);
    expect(r.overall).toMatchObject({ k: 0, n: 3 });
  });

  it("three annotators: Fleiss' kappa", () => {
    const r = results([
      item(1, 'yes', [['a', 'yes'], ['b', 'yes'], ['c', 'yes']]),
      item(2, 'no', [['a', 'no'], ['b', 'no'], ['c', 'yes']]),
    ]);
    expect(r.agreement.method).toBe('fleiss');
    expect(r.agreement.sharedItems).toBe(2);
    // P1 = 1, P2 = 1/3 → P̄ = 2/3; p_yes = 4/6, p_no = 2/6 → P̄e = 5/9; κ = (2/3 − 5/9)/(4/9) = 0.25
    expect(r.agreement.kappa!.kappa).toBeCloseTo(0.25, 12);
    expect(r.overall).toMatchObject({ k: 0, n: 2 });
  });
});
