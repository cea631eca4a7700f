import { describe, expect, it } from 'vitest';
import { etaText, paceText, rateText } from '../../renderer/src/run-rate';

describe('run pace text', () => {
  it('rounds the ETA to what a person reads', () => {
    expect(etaText(null)).toBe('ETA unknown');
    expect(etaText(12)).toBe('ETA under 1 min');
    expect(etaText(185)).toBe('ETA 3 min');
    expect(etaText(2 * 3600 + 900)).toBe('ETA 2.3 h');
    expect(etaText(3 * 3600)).toBe('ETA 3 h');
  });

  it('rounds calls per second, without a raw float or "1 calls"', () => {
    expect(rateText(12.3456)).toBe('12 calls/s');
    expect(rateText(3.14159)).toBe('3.1 calls/s');
    expect(rateText(1)).toBe('1 call/s');
    expect(paceText({ callsPerSecond: 0.04, etaSeconds: 200 })).toBe('0 calls/s · ETA 3 min');
  });
});
