/**
 * Rulings in the results (issue 28, item 7): a ruling is an item's gold label whatever its votes say
 * (a tie with a ruling is judged, a majority can be overruled), never a vote (agreement is the same
 * with or without it), and a set without rulings reads exactly as before.
 */
import { describe, expect, it } from 'vitest';
import { calibration } from '../../electron/engine/annotation/calibration';
import { annotationResults, corrections, goldOf, type LabelledItem } from '../../electron/engine/annotation/results';
import { disagreements } from '../../electron/engine/annotation/review';
import { wilson } from '../../electron/engine/stats/proportions';

const EDA = ['yes', 'no', 'maybe', 'dunno'];
const item = (id: number, label: string, answers: [string, string][], ruling?: string): LabelledItem => ({
  itemId: id,
  episodeId: id,
  label,
  dataset: 'things',
  model: 'm',
  tag: '(no category)',
  labels: answers.map(([annotator, answer]) => ({ annotator, answer })),
  ...(ruling ? { ruling: { answer: ruling, adjudicator: 'cy' } } : {}),
});

// Judge said yes on every item. 1: both agree it is right. 2: a tie (yes/no). 3: a majority for no
// that cy overrules to yes. 4: both say no. 5: a tie cy rules ambiguous.
const votes: [number, [string, string][]][] = [
  [1, [['ada', 'yes'], ['bo', 'yes']]],
  [2, [['ada', 'yes'], ['bo', 'no']]],
  [3, [['ada', 'no'], ['bo', 'no'], ['di', 'yes']]],
  [4, [['ada', 'no'], ['bo', 'no']]],
  [5, [['ada', 'maybe'], ['bo', 'no']]],
];
const without = votes.map(([id, v]) => item(id, 'yes', v));
const rulings: Record<number, string> = { 2: 'no', 3: 'yes', 5: 'ambiguous' };
const withRulings = votes.map(([id, v]) => item(id, 'yes', v, rulings[id]));

describe('rulings in the results', () => {
  it('without rulings: the majority decides, ties are left out, and nothing says adjudicated', () => {
    const r = annotationResults(without, EDA, 'answer');
    expect({ judged: r.judged, ties: r.ties, ambiguous: r.ambiguous }).toEqual({ judged: 3, ties: 2, ambiguous: 0 });
    // Wrong: 3 (majority no) and 4.
    expect(r.overall).toMatchObject({ k: 2, n: 3 });
    expect(r).not.toHaveProperty('adjudication');
    expect(disagreements(without, []).every((d) => !('ruling' in d))).toBe(true);
  });

  it('a ruling decides its item: a tie becomes judged, a majority is overruled, an ambiguous ruling is ambiguous', () => {
    expect(withRulings.map(goldOf)).toEqual(['yes', 'no', 'yes', 'no', 'ambiguous']);
    const r = annotationResults(withRulings, EDA, 'answer');
    expect({ judged: r.judged, ties: r.ties, ambiguous: r.ambiguous, unlabelled: r.unlabelled }).toEqual({ judged: 4, ties: 0, ambiguous: 1, unlabelled: 0 });
    // Wrong now: 2 (ruled no) and 4; item 3 was overruled to right.
    expect(r.overall).toMatchObject({ k: 2, n: 4, rate: 0.5 });
    // Three items adjudicated; of the two judged (2 and 3), one was wrong.
    expect(r.adjudication).toEqual({ items: 3, rate: wilson(1, 2) });
    expect([...corrections(withRulings)]).toEqual([[1, 'yes'], [2, 'no'], [3, 'yes'], [4, 'no']]);
  });

  it('a ruling is not a vote: agreement over the annotators is the same with or without rulings', () => {
    expect(annotationResults(withRulings, EDA, 'answer').agreement).toEqual(annotationResults(without, EDA, 'answer').agreement);
  });

  it('lists each disputed item with its majority and its ruling', () => {
    const listed = disagreements(withRulings, votes.map(([id]) => ({ itemId: id, position: id, round: 1, instance: `i${id}` })));
    expect(listed.map((d) => [d.position, d.majority, d.ruling?.answer ?? null])).toEqual([
      [2, null, 'no'],
      [3, 'no', 'yes'],
      [5, null, 'ambiguous'],
    ]);
  });

  it('a ruling is the reference of the calibration report too (nominal and ordinal)', () => {
    const scale = ['1', '2', '3'];
    const rated = (ruling?: string) => [item(1, '3', [['ada', '1'], ['bo', '2']], ruling), item(2, '2', [['ada', '2'], ['bo', '2']])];
    const byRuling = calibration(rated('3'), scale, 'ordinal', 1);
    const byMedian = calibration(rated(), scale, 'ordinal', 1);
    // Item 1's reference: the ruling 3 (the judge's own) instead of the median 1.5.
    expect(byRuling.overall.bias?.value).toBe(0);
    expect(byMedian.overall.bias?.value).toBe(0.75);
    // Annotators against the judge: their own labels, the ruling aside.
    expect(byRuling.byAnnotator).toEqual(byMedian.byAnnotator);
  });
});
