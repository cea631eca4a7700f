import type { PriceRow, UsageRow } from '../store/models';

export interface Price {
  inputPerMTok: number;
  outputPerMTok: number;
}

export function priceFor(prices: readonly PriceRow[], provider: string, model: string): Price | null {
  return prices.find((p) => p.provider === provider && p.model === model) ?? null;
}

export function callCost(price: Price, inputTokens: number, outputTokens: number): number {
  return (inputTokens * price.inputPerMTok + outputTokens * price.outputPerMTok) / 1e6;
}

export interface CostSummary {
  usd: number;
  /** `provider:model` of models used without a price: their calls are not in `usd`. */
  unpriced: string[];
}

/** Actual spend of a run from stored usage; cached calls cost nothing. */
export function runCost(usage: readonly UsageRow[], prices: readonly PriceRow[]): CostSummary {
  let usd = 0;
  const unpriced: string[] = [];
  for (const u of usage) {
    const price = priceFor(prices, u.provider, u.model);
    if (!price) {
      if (u.inputTokens + u.outputTokens > 0) unpriced.push(`${u.provider}:${u.model}`);
      continue;
    }
    usd += callCost(price, u.inputTokens, u.outputTokens);
  }
  return { usd, unpriced };
}

/** What a run cost, or null when a model it used has no price: a partial sum would read as the whole. */
export function knownCost(cost: CostSummary): number | null {
  return cost.unpriced.length ? null : cost.usd;
}

/** The cost fields of a run's detail view. */
export function runCostView(usage: readonly UsageRow[], prices: readonly PriceRow[]): { costUsd: number | null; costUnpriced: string[] } {
  const cost = runCost(usage, prices);
  return { costUsd: knownCost(cost), costUnpriced: cost.unpriced };
}
