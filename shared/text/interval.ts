/** A value with its 95% interval in brackets, "0.23 [0.00, 0.61]"; the value alone when it has none. */
export function bracketed(value: number, low: number | null, high: number | null, digits: number): string {
  return `${value.toFixed(digits)}${low !== null && high !== null ? ` [${low.toFixed(digits)}, ${high.toFixed(digits)}]` : ''}`;
}
