/**
 * One number, one rounding. `Number.prototype.toFixed` rounds the binary value, so 0.215 (stored as
 * 0.21499999999999999…) prints as 0.21 while 0.225 prints as 0.23, and a page that rounds another way
 * shows 0.22 for the same value. Every number Parlor shows (app, CLI, CSV, LaTeX, SVG) goes through
 * `fixed`, which rounds the number as it is written in decimal, half away from zero, as taught and as
 * the papers' tables round. "Written in decimal" is the value to 15 significant digits, the precision
 * every double holds exactly: a mean that came out as 0.21499999999999997 on one path and
 * 0.21500000000000002 on another (sums in another order) is 0.215 on both and prints 0.22 on both.
 * It never prints "-0.00": a value that rounds to zero has no sign.
 */

/** The 15 significant decimal digits of |value| and the exponent of the first. */
function decimalDigits(value: number): { digits: string; exponent: number } {
  const [mantissa, exponent] = Math.abs(value).toExponential(14).split('e') as [string, string];
  return { digits: mantissa.replace('.', ''), exponent: Number(exponent) };
}

/** |value| × 10^shift rounded half away from zero to `places` decimals, as an integer count of 10^-places. */
function roundedUnits(value: number, places: number, shift: number): bigint {
  if (value === 0) return 0n;
  const { digits, exponent } = decimalDigits(value);
  // How many of the digits stand before the decimal point once scaled by 10^(shift + places).
  const whole = exponent + 1 + shift + places;
  if (whole < 0) return 0n;
  const head = whole === 0 ? 0n : BigInt(digits.slice(0, whole).padEnd(whole, '0'));
  const next = digits[whole] ?? '0';
  return head + (next >= '5' ? 1n : 0n);
}

function format(value: number, places: number, shift: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (!Number.isInteger(places) || places < 0 || places > 100) throw new RangeError(`fixed: places must be an integer 0–100, got ${places}`);
  const units = roundedUnits(value, places, shift);
  const text = units.toString().padStart(places + 1, '0');
  const body = places === 0 ? text : `${text.slice(0, text.length - places)}.${text.slice(text.length - places)}`;
  return value < 0 && units !== 0n ? `-${body}` : body;
}

/** `value` with exactly `places` decimals, rounded as written in decimal: fixed(0.215, 2) = "0.22". */
export function fixed(value: number, places: number): string {
  return format(value, places, 0);
}

/** A share as a percentage number with `places` decimals, shifted in decimal (no ×100 rounding error): percentNumber(0.215, 0) = "22". */
export function percentNumber(share: number, places: number): string {
  return format(share, places, 2);
}

/** `fixed`, or `fallback` for a missing value: the "—" or "--" of a table cell. */
export function fixedOr(value: number | null | undefined, places: number, fallback: string): string {
  return value === null || value === undefined ? fallback : fixed(value, places);
}

/** A p-value: three decimals, or scientific notation below 0.001 so that 3e-7 does not print as 0.000. */
export function pValueText(p: number | null, fallback: string): string {
  if (p === null) return fallback;
  return p >= 0.001 ? fixed(p, 3) : p.toExponential(1);
}

/** "0.42 ± 0.05": a mean and its standard deviation at the same places, or the mean alone without one. */
export function meanStdText(mean: number, std: number | null, places: number): string {
  return std === null ? fixed(mean, places) : `${fixed(mean, places)} ± ${fixed(std, places)}`;
}
