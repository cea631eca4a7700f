import { describe, expect, it } from 'vitest';

/** A usage row of an earlier version: no cache counts, no batch calls. */
const NO_CACHE = { cachedInputTokens: 0, cacheWriteTokens: 0, batch: { calls: 0, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, cacheWriteTokens: 0 } };
import { knownCost, runCost, runCostView } from '../../electron/engine/analysis/cost';
import { costText } from '../../renderer/src/cost-text';
import { draftConfig, draftProblems, EMPTY_DRAFT } from '../../renderer/src/pages/modelDraft';
import { EMPTY_PRICE, priceInput, priceProblems } from '../../renderer/src/pages/priceDraft';

const usage = [
  { provider: 'openai', model: 'a', calls: 3, cachedCalls: 0, inputTokens: 2_000_000, outputTokens: 100_000, ...NO_CACHE },
  { provider: 'openai', model: 'b', calls: 1, cachedCalls: 0, inputTokens: 10, outputTokens: 1, ...NO_CACHE },
];
const priceA = { provider: 'openai', model: 'a', inputPerMTok: 1, outputPerMTok: 4, cachedInputPerMTok: null, cacheWritePerMTok: null, updatedAt: '' };

describe('a run’s cost', () => {
  it('is unknown, never a partial sum, while a used model has no price', () => {
    expect(knownCost(runCost(usage, [priceA]))).toBeNull();
    expect(runCostView(usage, [priceA])).toEqual({ costUsd: null, costUnpriced: ['openai:b'] });
    expect(runCostView(usage, [priceA, { ...priceA, model: 'b' }]).costUsd).toBeCloseTo(2.4 + 14e-6, 9);
    // Nothing billed (cached or no tokens) needs no price.
    expect(runCostView([{ ...usage[1]!, inputTokens: 0, outputTokens: 0 }], []).costUsd).toBe(0);
  });

  it('says which models lack a price instead of $0.00', () => {
    expect(costText(null, ['openai:b', 'anthropic:c'])).toBe('unknown (no price for openai:b, anthropic:c)');
    expect(costText(null)).toBe('unknown');
    expect(costText(0.0123)).toBe('$0.01');
    expect(costText(0.004)).toBe('$0.0040');
  });
});

describe('the model form', () => {
  it('names each field’s problem and saves nothing until all are fixed', () => {
    const bad = { ...EMPTY_DRAFT, baseUrl: 'ftp://x', apiKeyEnv: 'MY-KEY', timeoutMs: 'soon', maxAttempts: '0', rpm: '-1' };
    expect(draftProblems(bad)).toEqual({
      name: 'Give the model a name, e.g. "GPT-4o" or "local vLLM".',
      model: 'Type the model id, e.g. gpt-4o.',
      baseUrl: 'Must be an http(s) URL, e.g. http://127.0.0.1:8000/v1.',
      apiKeyEnv: 'Must be an environment variable name such as OPENAI_API_KEY.',
      timeoutMs: 'Must be a whole number of milliseconds, at most 600000.',
      maxAttempts: 'Must be a whole number from 1 to 20.',
      rpm: 'Must be a number above 0, or empty for no limit.',
    });
    expect(draftConfig(bad)).toBeNull();
    const good = { ...EMPTY_DRAFT, name: 'GPT', model: 'gpt-4o', rpm: '60' };
    expect(draftProblems(good)).toEqual({});
    expect(draftConfig(good)).toMatchObject({ provider: 'openai', model: 'gpt-4o', rpm: 60, timeoutMs: 60000 });
  });
});

describe('the price form', () => {
  it('asks for both prices, as plain non-negative numbers of dollars per million tokens', () => {
    expect(priceProblems(EMPTY_PRICE)).toEqual({
      model: 'The model id is empty.',
      input: 'Type the input price in USD per million tokens, e.g. 2.50.',
      output: 'Type the output price in USD per million tokens, e.g. 2.50.',
    });
    expect(priceProblems({ ...EMPTY_PRICE, model: 'gpt-4o', input: '-1', output: '$3' })).toEqual({
      input: 'The input price cannot be negative.',
      output: 'Type the output price as a plain number of dollars, e.g. 2.50.',
    });
    expect(priceProblems({ ...EMPTY_PRICE, model: 'gpt-4o', input: '2.5', output: '20000' }).output).toMatch(/^The output price is over \$10,000 per million tokens/);
    const ok = { ...EMPTY_PRICE, model: ' gpt-4o ', input: '2.50', output: '.5' };
    expect(priceProblems(ok)).toEqual({});
    expect(priceInput(ok)).toEqual({ provider: 'openai', model: 'gpt-4o', inputPerMTok: 2.5, outputPerMTok: 0.5, cachedInputPerMTok: null, cacheWritePerMTok: null });
  });

  it('takes optional cached-input and cache-write prices, empty for the provider’s usual share', () => {
    const base = { ...EMPTY_PRICE, provider: 'anthropic', model: 'claude', input: '3', output: '15' };
    expect(priceInput({ ...base, cached: '0.30', cacheWrite: '3.75' })).toMatchObject({ cachedInputPerMTok: 0.3, cacheWritePerMTok: 3.75 });
    expect(priceProblems({ ...base, cached: 'cheap' }).cached).toBe("Type the cached input price as a plain number of dollars, or leave it empty for the provider's usual share.");
    expect(priceProblems({ ...base, cacheWrite: '-1' }).cacheWrite).toBe('The cache write price cannot be negative.');
  });
});
