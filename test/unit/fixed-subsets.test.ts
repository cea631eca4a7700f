import { describe, expect, it } from 'vitest';
import { drawFixed, keepFixed } from '../../electron/engine/core/fixed-subsets';

const keys = Array.from({ length: 50 }, (_, i) => `item ${String(i).padStart(2, '0')}`);

describe('fixed subsets: the draw', () => {
  it('takes `size` distinct keys of the split, kept in the split order', () => {
    const drawn = drawFixed(keys, 10, 7);
    expect(drawn).toHaveLength(10);
    expect(new Set(drawn).size).toBe(10);
    expect(drawn.every((k) => keys.includes(k))).toBe(true);
    expect(drawn).toEqual([...drawn].sort((a, b) => keys.indexOf(a) - keys.indexOf(b)));
  });

  it('depends on the seed and the set of keys only, not on the order of the file', () => {
    const shuffled = [...keys].reverse();
    expect(drawFixed(shuffled, 10, 7).sort()).toEqual(drawFixed(keys, 10, 7).sort());
    expect(drawFixed(keys, 10, 7)).toEqual(drawFixed(keys, 10, 7));
    expect(drawFixed(keys, 10, 8)).not.toEqual(drawFixed(keys, 10, 7));
  });

  it('a sample as large as the split is the split; a larger one is refused', () => {
    expect(drawFixed(keys, 50, 1)).toEqual(keys);
    expect(() => drawFixed(keys, 51, 1)).toThrow(/subset of 51 cannot be drawn from a split of 50/);
    expect(() => drawFixed(keys, 0, 1)).toThrow(/size of at least 1/);
  });

  it('keeps the instances a subset names and refuses one the data no longer covers', () => {
    const instances = keys.map((key) => ({ key }));
    expect(keepFixed(instances, { name: 's', keys: ['item 03', 'item 01'] }).map((i) => i.key)).toEqual(['item 01', 'item 03']);
    expect(() => keepFixed(instances, { name: 's', keys: ['item 03', 'gone'] })).toThrow(/s names 1 instance\(s\) no longer in the data \(e.g. "gone"\)/);
  });
});
