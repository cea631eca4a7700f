/** One number, one rounding (issue 27, item 8): every number is rounded as written in decimal. */
import { describe, expect, it } from 'vitest';
import { fixed, percentNumber } from '../../shared/text/number';

describe('fixed', () => {
  it('rounds the decimal a person reads, not the binary double (toFixed gives 0.21, 1.00, 1.4)', () => {
    expect(fixed(0.215, 2)).toBe('0.22');
    expect(fixed(1.005, 2)).toBe('1.01');
    expect(fixed(1.45, 1)).toBe('1.5');
    expect(fixed(0.225, 2)).toBe('0.23');
    expect(fixed(8.575, 2)).toBe('8.58');
  });
  it('rounds the same value the same way whatever arithmetic noise it carries past 15 digits', () => {
    expect(fixed(0.21499999999999997, 2)).toBe('0.22');
    expect(fixed(0.21500000000000002, 2)).toBe('0.22');
    expect(fixed((0.2 + 0.23) / 2, 2)).toBe('0.22');
    expect(fixed(0.2149999, 2)).toBe('0.21');
  });
  it('rounds half away from zero, symmetric for negatives', () => {
    expect(fixed(2.5, 0)).toBe('3');
    expect(fixed(-2.5, 0)).toBe('-3');
    expect(fixed(-0.215, 2)).toBe('-0.22');
    expect(fixed(0.5, 0)).toBe('1');
    expect(fixed(0.49999, 0)).toBe('0');
  });
  it('never prints a negative zero', () => {
    expect(fixed(-0.001, 2)).toBe('0.00');
    expect(fixed(-0, 2)).toBe('0.00');
    expect(fixed(-0.004999, 2)).toBe('0.00');
    expect(fixed(-0.005, 2)).toBe('-0.01');
  });
  it('carries across digits and pads', () => {
    expect(fixed(0.9996, 3)).toBe('1.000');
    expect(fixed(99.95, 1)).toBe('100.0');
    expect(fixed(0, 2)).toBe('0.00');
    expect(fixed(7, 0)).toBe('7');
    expect(fixed(7, 3)).toBe('7.000');
    expect(fixed(123.456, 1)).toBe('123.5');
  });
  it('handles values written with an exponent', () => {
    expect(fixed(1e21, 2)).toBe('1000000000000000000000.00');
    expect(fixed(1.5e-7, 3)).toBe('0.000');
    expect(fixed(5e-7, 6)).toBe('0.000001');
    expect(fixed(5e-324, 2)).toBe('0.00');
    expect(fixed(123456789.125, 2)).toBe('123456789.13');
  });
  it('leaves non-finite values as they are and refuses nonsense places', () => {
    expect(fixed(Number.NaN, 2)).toBe('NaN');
    expect(fixed(Infinity, 2)).toBe('Infinity');
    expect(() => fixed(1, -1)).toThrow(RangeError);
    expect(() => fixed(1, 1.5)).toThrow(RangeError);
  });
  it('agrees with toFixed wherever the binary value is not near a half', () => {
    for (let i = 0; i < 2000; i++) {
      const x = (i * 7919) / 1013 - 500;
      for (const places of [0, 1, 2, 3]) {
        const scaled = Math.abs(x) * 10 ** places;
        if (Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) continue;
        expect(fixed(x, places)).toBe(x.toFixed(places).replace(/^-(0\.?0*)$/, '$1'));
      }
    }
  });
});

describe('percentNumber', () => {
  it('shifts the decimal point instead of multiplying (100 × 0.215 rounds either way)', () => {
    expect(percentNumber(0.215, 0)).toBe('22');
    expect(percentNumber(0.082, 1)).toBe('8.2');
    expect(percentNumber(1, 2)).toBe('100.00');
    expect(percentNumber(0.0005, 1)).toBe('0.1');
    expect(percentNumber(0, 0)).toBe('0');
  });
});

describe('every door prints a value the same way', () => {
  it('0.215 is 0.22 in the CLI report, the run page, the leaderboard (which re-exports the shared text), the exports and intervals', async () => {
    const { metricMeanStdOf } = await import('../../electron/cli/format');
    const { meanStd: pageMeanStd } = await import('../../renderer/src/format');
    const { meanStdText } = await import('../../electron/engine/io/views');
    const { bracketed } = await import('../../shared/text/interval');
    const value = { mean: 0.215, std: 0.105 };
    expect(metricMeanStdOf({ digits: 2 }, value)).toBe('0.22 ± 0.11');
    // A share shown as a percentage (clembench's % Played) is × 100 in the CLI as on every page.
    expect(metricMeanStdOf({ digits: 2, percent: true }, { mean: 1, std: 0 })).toBe('100.00 ± 0.00');
    expect(pageMeanStd(value, 2)).toBe('0.22 ± 0.11');
    expect(meanStdText(value.mean, value.std, 2)).toBe('0.22 ± 0.11');
    expect(bracketed(0.215, 0.105, 0.325, 2)).toBe('0.22 [0.11, 0.33]');
  });
});
