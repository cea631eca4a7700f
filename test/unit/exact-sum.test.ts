/** The merge's exactly rounded sums: the same double in any order, and the correctly rounded one. */
import { describe, expect, it } from 'vitest';
import { ExactSum } from '../../electron/engine/merge/exact-sum';

const sum = (values: readonly number[]) => {
  const s = new ExactSum();
  for (const v of values) s.add(v);
  return s.value();
};

describe('exact sums', () => {
  it('rounds once: 0.1 + 0.2 + 0.3 is 0.6 (adding in order gives 0.6000000000000001), and cancellations lose nothing', () => {
    expect(0.1 + 0.2 + 0.3).not.toBe(0.6);
    expect(sum([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sum([1e100, 1, -1e100])).toBe(1);
    expect(sum([])).toBe(0);
    // Half-way between two doubles: rounded to even as the exact sum is (Python's fsum gives the same).
    expect(sum([1, 2 ** -53, 2 ** -106])).toBe(1 + 2 ** -52);
  });

  it('gives the same bits whatever the order of the values', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const values = Array.from({ length: 500 }, () => (next() - 0.3) * 10 ** Math.floor(next() * 8));
    const forward = sum(values);
    for (let k = 0; k < 20; k++) {
      const shuffled = [...values].sort(() => next() - 0.5);
      expect(sum(shuffled)).toBe(forward);
    }
  });
});
