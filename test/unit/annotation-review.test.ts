import { describe, expect, it } from 'vitest';
import { disagreements, readableColumn, withReadableColumns } from '../../electron/engine/annotation/review';
import type { LabelledItem } from '../../electron/engine/annotation/results';

const item = (itemId: number, labels: [string, string][]): LabelledItem => ({
  itemId, episodeId: 100 + itemId, label: 'yes', dataset: 'd', model: 'm', tag: 't', labels: labels.map(([annotator, answer]) => ({ annotator, answer })),
});
const places = [1, 2, 3, 4].map((i) => ({ itemId: i, position: 5 - i, round: i, instance: `e${i}` }));

describe('the disagreement list', () => {
  it('lists only items whose annotators differ, in set order, with each verdict and the majority', () => {
    const list = disagreements(
      [item(1, [['bob', 'no'], ['ada', 'yes'], ['cy', 'no']]), item(2, [['ada', 'yes'], ['bob', 'yes']]), item(3, [['ada', 'no']]), item(4, [['ada', 'yes'], ['bob', 'ambiguous']])],
      places,
    );
    expect(list.map((d) => d.itemId)).toEqual([4, 1]);
    expect(list[1]).toEqual({
      itemId: 1, position: 4, episodeId: 101, round: 1, instance: 'e1', label: 'yes', majority: 'no',
      verdicts: [{ annotator: 'ada', answer: 'yes' }, { annotator: 'bob', answer: 'no' }, { annotator: 'cy', answer: 'no' }],
    });
    // An even split has no majority.
    expect(list[0]!.majority).toBeNull();
  });

  it('is empty when everyone agrees or labelled alone', () => {
    expect(disagreements([item(2, [['ada', 'yes'], ['bob', 'yes']]), item(3, [['ada', 'no']])], places)).toEqual([]);
  });
});

describe('readable columns of the labels export', () => {
  it('names core and game columns in words', () => {
    expect(['set_id', 'item_id', 'episode_id', 'run_id', 'turn', 'correct_answer', 'judge_model', 'labelled_at', 'guess_check', 'playerModel'].map(readableColumn)).toEqual([
      'Set', 'Item', 'Episode', 'Run', 'Turn', 'Correct answer', 'Judge model', 'Labelled at (UTC)', 'Guess check', 'Player model',
    ]);
  });

  it('keeps the order and every column, even when two keys read alike', () => {
    const rows = withReadableColumns([{ episode_id: 3, verdict: 'wrong', playerModel: 'a', player_model: 'b' }]);
    expect(Object.keys(rows[0]!)).toEqual(['Episode', 'Verdict', 'Player model', 'player_model']);
    expect(Object.values(rows[0]!)).toEqual([3, 'wrong', 'a', 'b']);
    expect(withReadableColumns([])).toEqual([]);
  });
});
