import { describe, expect, it } from 'vitest';
import { methodText } from '../../electron/engine/analysis/explore/pairs';
import { wordingProblems } from '../support/wording';

const nouns = { instance: 'entity', instances: 'entities' };

describe('the method of a pair in words', () => {
  it('names the paired-instance counts as English whatever they are', () => {
    expect(methodText({ test: 'paired-instances', n: 1, nA: 1, nB: 1 }, nouns)).toBe("paired t-test over the 1 entity both played (1 episode each), each player's repetitions on one averaged first");
    expect(methodText({ test: 'paired-instances', n: 1, nA: 3, nB: 1 }, nouns)).toContain('(3 and 1 episode)');
    expect(methodText({ test: 'paired-instances', n: 5, nA: 20, nB: 10 }, nouns)).toContain('the 5 entities both played (20 and 10 episodes)');
  });

  it('passes the wording rules for every small count', () => {
    for (const test of ['paired', 'paired-instances', 'welch'] as const) {
      for (const n of [1, 2]) for (const nA of [1, 2]) for (const nB of [1, 2]) {
        expect(wordingProblems(methodText({ test, n, nA, nB }, nouns))).toEqual([]);
      }
    }
  });
});
