import { usd } from './format';

/** A run's cost in words: the amount when every model has a price, never $0.00 for an unknown one. */
export function costText(costUsd: number | null, unpriced: readonly string[] = []): string {
  if (costUsd !== null) return usd(costUsd);
  return unpriced.length ? `unknown (no price for ${unpriced.join(', ')})` : 'unknown';
}
