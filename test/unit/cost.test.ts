import { describe, expect, it } from 'vitest';
import { callCost, runCost } from '../../electron/engine/analysis/cost';
import { estimateEdaTokens } from '../../electron/engine/games/eda/estimate';

describe('cost', () => {
  it('prices tokens per million', () => {
    // 1,000 input at $2.50/M + 200 output at $10/M = 0.0025 + 0.002
    expect(callCost({ inputPerMTok: 2.5, outputPerMTok: 10 }, 1000, 200)).toBeCloseTo(0.0045, 12);
  });

  it('sums a run and names models without a price', () => {
    const usage = [
      { provider: 'openai', model: 'a', calls: 3, cachedCalls: 0, inputTokens: 2_000_000, outputTokens: 100_000 },
      { provider: 'openai', model: 'b', calls: 1, cachedCalls: 0, inputTokens: 10, outputTokens: 1 },
    ];
    const prices = [{ provider: 'openai', model: 'a', inputPerMTok: 1, outputPerMTok: 4, updatedAt: '' }];
    expect(runCost(usage, prices)).toEqual({ usd: 2.4, unpriced: ['openai:b'] });
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
