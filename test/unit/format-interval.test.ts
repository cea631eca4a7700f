/** A player's value with its interval on the Play page's board (issue 17, item 8): never "(—–—)", "too few" below the minimum of games. */
import { describe, expect, it } from 'vitest';
import { withInterval } from '../../renderer/src/format';

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;

describe('withInterval', () => {
  it('prints the value and its interval', () => {
    expect(withInterval({ pooled: 0.45, low: 0.3, high: 0.6 }, 20, 5, pct)).toBe('45% (30%–60%)');
  });
  it('prints the value alone when there is no interval, not empty brackets', () => {
    expect(withInterval({ pooled: 2.5, low: null, high: null }, 8, 5, (x) => x.toFixed(2))).toBe('2.50');
  });
  it('says too few below the minimum of games', () => {
    expect(withInterval({ pooled: 0, low: null, high: null }, 1, 5, pct)).toBe('too few (n = 1)');
  });
  it('prints a dash for an unscored metric', () => {
    expect(withInterval(undefined, 9, 5, pct)).toBe('—');
  });
});
