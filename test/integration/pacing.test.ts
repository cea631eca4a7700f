/**
 * Pacing through the real SDKs: the loopback mock advertises a small requests-per-minute limit in each
 * provider's headers; calls fired all at once are spaced by the budget read from those headers, and the
 * server answers none of them 429.
 */
import { describe, expect, it } from 'vitest';
import { createModel } from '../../electron/engine/players/factory';
import { MemoryLedger } from '../../electron/engine/players/pacer';
import { startMockProvider } from '../mock-provider/server';

describe.each(['openai', 'anthropic'] as const)('%s: pacing from rate-limit headers', (provider) => {
  it('spaces calls past the advertised limit, with no 429', async () => {
    const mock = await startMockProvider({ limits: { rpm: 30 } }); // a bucket of 30, refilling 0.5 per second
    try {
      const baseUrl = provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl;
      const model = createModel({ provider, model: 'mock-echo', baseUrl, maxAttempts: 1 } as never, { budgets: new MemoryLedger() }, { OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k' });
      const ask = (i: number) => model.complete({ messages: [{ role: 'user', content: `call ${i}` }], temperature: 0, maxTokens: 5 });
      await ask(0); // learns the limit: 29 left, 28 after the cushion of one
      const t0 = Date.now();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => ask(i + 1)));
      const seconds = (Date.now() - t0) / 1000;
      expect(answers).toHaveLength(30);
      expect(mock.stats()['mock-echo']).toMatchObject({ admitted: 31, rejected: 0 });
      // 28 go at once; the last 2 wait for the bucket: ~2 s each at 0.49 per second.
      expect(seconds).toBeGreaterThan(3.5);
      expect(seconds).toBeLessThan(8);
    } finally {
      await mock.close();
    }
  }, 20_000);
});
