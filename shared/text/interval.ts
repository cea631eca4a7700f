import { fixed } from './number';

/** A value with its 95% interval in brackets, "0.23 [0.00, 0.61]"; the value alone when it has none. */
export function bracketed(value: number, low: number | null, high: number | null, digits: number): string {
  return `${fixed(value, digits)}${low !== null && high !== null ? ` [${fixed(low, digits)}, ${fixed(high, digits)}]` : ''}`;
}
