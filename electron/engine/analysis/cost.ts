import type { PriceRow, TokenCounts, UsageRow } from '../store/models';

export interface Price {
  inputPerMTok: number;
  outputPerMTok: number;
  cachedInputPerMTok?: number | null;
  cacheWritePerMTok?: number | null;
  provider?: string;
}

/** Both providers' batch services bill half the live price. */
export const BATCH_SHARE = 0.5;

/**
 * The input price's share for a prompt token read from (written to) the provider's cache, where no price
 * says otherwise: OpenAI bills cached input at half on most models and writes nothing extra; Anthropic
 * bills a read at a tenth and a five-minute write at 1.25.
 */
export function cacheShares(provider: string | undefined): { read: number; write: number } {
  if (provider === 'openai') return { read: 0.5, write: 1 };
  if (provider === 'anthropic') return { read: 0.1, write: 1.25 };
  return { read: 1, write: 1 };
}

export function priceFor(prices: readonly PriceRow[], provider: string, model: string): PriceRow | null {
  return prices.find((p) => p.provider === provider && p.model === model) ?? null;
}

/** What some tokens cost at a price: uncached input, cache reads, cache writes and output each at their rate. */
export function tokensCost(price: Price, t: Partial<TokenCounts> & Pick<TokenCounts, 'inputTokens' | 'outputTokens'>): number {
  const shares = cacheShares(price.provider);
  const readPrice = price.cachedInputPerMTok ?? price.inputPerMTok * shares.read;
  const writePrice = price.cacheWritePerMTok ?? price.inputPerMTok * shares.write;
  const cached = t.cachedInputTokens ?? 0;
  const written = t.cacheWriteTokens ?? 0;
  const plain = Math.max(0, t.inputTokens - cached - written);
  return (plain * price.inputPerMTok + cached * readPrice + written * writePrice + t.outputTokens * price.outputPerMTok) / 1e6;
}

/** One call's cost; a call answered by a batch costs the batch share. */
export function callCost(price: Price, inputTokens: number, outputTokens: number, extra: { cachedInputTokens?: number | null; cacheWriteTokens?: number | null; batch?: boolean } = {}): number {
  const usd = tokensCost(price, { inputTokens, outputTokens, cachedInputTokens: extra.cachedInputTokens ?? 0, cacheWriteTokens: extra.cacheWriteTokens ?? 0 });
  return extra.batch ? usd * BATCH_SHARE : usd;
}

export interface CostSummary {
  usd: number;
  /** `provider:model` of models used without a price: their calls are not in `usd`. */
  unpriced: string[];
}

/** Actual spend of a run from stored usage: live calls at the price, batch calls at half; cached calls cost nothing. */
export function runCost(usage: readonly UsageRow[], prices: readonly PriceRow[]): CostSummary {
  let usd = 0;
  const unpriced: string[] = [];
  for (const u of usage) {
    const price = priceFor(prices, u.provider, u.model);
    if (!price) {
      if (u.inputTokens + u.outputTokens > 0) unpriced.push(`${u.provider}:${u.model}`);
      continue;
    }
    const live = {
      inputTokens: u.inputTokens - u.batch.inputTokens,
      outputTokens: u.outputTokens - u.batch.outputTokens,
      cachedInputTokens: u.cachedInputTokens - u.batch.cachedInputTokens,
      cacheWriteTokens: u.cacheWriteTokens - u.batch.cacheWriteTokens,
    };
    usd += tokensCost(price, live) + BATCH_SHARE * tokensCost(price, u.batch);
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
