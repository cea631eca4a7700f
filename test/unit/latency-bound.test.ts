import { describe, expect, it } from 'vitest';
import { latencyBound } from '../../scripts/latency-bound';

describe('the latency bound bench:engine measures against', () => {
  it('is calls × latency ÷ slots when episodes fill the slots evenly', () => {
    expect(latencyBound([10, 10, 10, 10], 2, 0.05)).toBeCloseTo(1.0, 12); // two chains of 20 calls
  });

  it('counts the tail: a long episode started last runs alone', () => {
    // Slots: [2, 2] → the third (6 calls) takes slot 0 at t = 2 → ends at 8 (× 0.1 s).
    expect(latencyBound([2, 2, 6], 2, 0.1)).toBeCloseTo(0.8, 12);
    expect(latencyBound([], 4, 0.1)).toBe(0);
  });
});
