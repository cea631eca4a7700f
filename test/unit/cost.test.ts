import { describe, expect, it } from 'vitest';

/** A usage row of an earlier version: no cache counts, no batch calls. */
const NO_CACHE = { cachedInputTokens: 0, cacheWriteTokens: 0, batch: { calls: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0 } };
import { callCost, runCost } from '../../electron/engine/analysis/cost';
import { estimateEdaTokens } from '../../electron/engine/games/eda/estimate';

describe('cost', () => {
  it('prices tokens per million', () => {
    // 1,000 input at $2.50/M + 200 output at $10/M = 0.0025 + 0.002
    expect(callCost({ inputPerMTok: 2.5, outputPerMTok: 10 }, 1000, 200)).toBeCloseTo(0.0045, 12);
  });

  it('sums a run and names models without a price', () => {
    const usage = [
      { provider: 'openai', model: 'a', calls: 3, cachedCalls: 0, inputTokens: 2_000_000, outputTokens: 100_000, ...NO_CACHE },
      { provider: 'openai', model: 'b', calls: 1, cachedCalls: 0, inputTokens: 10, outputTokens: 1, ...NO_CACHE },
    ];
    const prices = [{ provider: 'openai', model: 'a', inputPerMTok: 1, outputPerMTok: 4, cachedInputPerMTok: null, cacheWritePerMTok: null, updatedAt: '' }];
    expect(runCost(usage, prices)).toEqual({ usd: 2.4, unpriced: ['openai:b'] });
  });

  it('prices cached and written prompt tokens at the provider’s share, or at a set price', () => {
    // OpenAI: 10,000 prompt tokens of which 8,000 cached, 500 output, at $2.50/$10:
    // 2,000 × 2.5 + 8,000 × 1.25 + 500 × 10 = 5,000 + 10,000 + 5,000 = 20,000 → $0.02
    const gpt = { provider: 'openai', inputPerMTok: 2.5, outputPerMTok: 10 };
    expect(callCost(gpt, 10_000, 500, { cachedInputTokens: 8000 })).toBeCloseTo(0.02, 12);
    // With a set cached price of $0.25: 2,000 × 2.5 + 8,000 × 0.25 + 5,000 = 12,000 → $0.012
    expect(callCost({ ...gpt, cachedInputPerMTok: 0.25 }, 10_000, 500, { cachedInputTokens: 8000 })).toBeCloseTo(0.012, 12);
    // Anthropic at $3/$15: 10,000 prompt tokens, 6,000 read (× 0.3), 3,000 written (× 3.75), 1,000 plain, 200 output:
    // 1,000 × 3 + 6,000 × 0.3 + 3,000 × 3.75 + 200 × 15 = 3,000 + 1,800 + 11,250 + 3,000 = 19,050 → $0.01905
    const claude = { provider: 'anthropic', inputPerMTok: 3, outputPerMTok: 15 };
    expect(callCost(claude, 10_000, 200, { cachedInputTokens: 6000, cacheWriteTokens: 3000 })).toBeCloseTo(0.01905, 12);
    // A batch call costs half: $0.009525.
    expect(callCost(claude, 10_000, 200, { cachedInputTokens: 6000, cacheWriteTokens: 3000, batch: true })).toBeCloseTo(0.009525, 12);
  });

  it('bills a run’s batch calls at half and its live calls in full', () => {
    // 3M input / 300k output in all, of which 2M / 200k came in batches; $1 / $4 per M:
    // live 1M × 1 + 100k × 4 = 1.4; batch (2M × 1 + 200k × 4) / 2 = 1.4 → 2.8
    const row = { provider: 'openai', model: 'a', calls: 4, cachedCalls: 0, inputTokens: 3_000_000, outputTokens: 300_000, cachedInputTokens: 0, cacheWriteTokens: 0,
      batch: { calls: 3, inputTokens: 2_000_000, outputTokens: 200_000, cachedInputTokens: 0, cacheWriteTokens: 0 } };
    const price = { provider: 'openai', model: 'a', inputPerMTok: 1, outputPerMTok: 4, cachedInputPerMTok: null, cacheWritePerMTok: null, updatedAt: '' };
    expect(runCost([row], [price]).usd).toBeCloseTo(2.8, 12);
  });

  it('estimates an upper bound from prompt sizes and turn limits', () => {
    // 1 episode, 2 turns; guesser prompt 400 chars (100 tokens), 10-token questions; judge prompt 80 chars, 2-token replies.
    const e = estimateEdaTokens(2, { promptChars: 400, maxTokens: 10 }, { promptChars: 80, maxTokens: 2 });
    // guesser input: turn 1 = 100, turn 2 = 100 + (10 + 2 + 10) = 122 → 222
    expect(e.guesser!).toEqual({ calls: 2, inputTokens: 222, outputTokens: 20 });
    // judge input: 2 × (20 + 10) = 60
    expect(e.judge!).toEqual({ calls: 2, inputTokens: 60, outputTokens: 4 });
  });
});
