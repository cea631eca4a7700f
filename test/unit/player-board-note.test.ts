/** The Play page's board says over how many instances it compares, in the singular for one (issue 27: "Over the 1 entities"). */
import { describe, expect, it } from 'vitest';
import { commonNote } from '../../renderer/src/pages/board-note';
import { wordingProblems } from '../support/wording';

const nouns = { instance: 'entity', instances: 'entities' };

describe('the board note', () => {
  it('counts the common instances in words that read right', () => {
    expect(commonNote(1, 1, nouns)).toBe('Over the one entity every player finished.');
    expect(commonNote(1, 4, nouns)).toBe('Over the one entity every player finished (3 left out).');
    expect(commonNote(12, 15, nouns)).toBe('Over the 12 entities every player finished (3 left out).');
    for (const common of [1, 2, 10]) expect(wordingProblems(commonNote(common, 10, nouns))).toEqual([]);
  });
});
