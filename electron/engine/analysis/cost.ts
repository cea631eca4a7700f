import type { PriceRow, UsageRow } from '../store/store';

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

export interface RoleShape {
  /** Characters of the fixed prompt this role gets every call. */
  promptChars: number;
  maxTokens: number;
}

export interface TokenEstimate {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * Upper bound on an EDA run's tokens, at ~4 characters per token: every game lasts all its turns,
 * every question uses its whole completion budget, and the guesser re-reads the growing dialogue.
 */
export function estimateEdaTokens(episodes: number, maxTurns: number, guesser: RoleShape, judge: RoleShape): { guesser: TokenEstimate; judge: TokenEstimate } {
  const instruction = guesser.promptChars / 4;
  const perTurn = guesser.maxTokens + judge.maxTokens + 10; // a question, a reply, the cues
  let guesserInput = 0;
  for (let t = 1; t <= maxTurns; t++) guesserInput += instruction + (t - 1) * perTurn;
  const judgeInput = maxTurns * (judge.promptChars / 4 + guesser.maxTokens);
  return {
    guesser: { calls: episodes * maxTurns, inputTokens: episodes * guesserInput, outputTokens: episodes * maxTurns * guesser.maxTokens },
    judge: { calls: episodes * maxTurns, inputTokens: episodes * judgeInput, outputTokens: episodes * maxTurns * judge.maxTokens },
  };
}
