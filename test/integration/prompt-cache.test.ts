/**
 * Prompt caching through the real SDKs: Anthropic requests carry `cache_control` on the shared prefixes
 * on the wire while the stored request (and the response-cache key) stays as it was; the cached tokens
 * both providers report are recorded with each call.
 */
import { describe, expect, it } from 'vitest';
import { createModel } from '../../electron/engine/players/factory';
import type { CallAttempt, ChatMessage } from '../../electron/engine/players/types';
import { startMockProvider } from '../mock-provider/server';

const RULES = `You are playing a game. ${'The rules are long and the same for every turn. '.repeat(120)}`; // ~1,500 tokens
const ENV = { OPENAI_API_KEY: 'k', ANTHROPIC_API_KEY: 'k' };

async function twoTurns(provider: 'openai' | 'anthropic', promptCache?: 'off') {
  const mock = await startMockProvider();
  try {
    const baseUrl = provider === 'openai' ? mock.openaiBaseUrl : mock.anthropicBaseUrl;
    const model = createModel({ provider, model: 'mock-echo', baseUrl, ...(promptCache ? { promptCache } : {}) } as never, {}, ENV);
    const attempts: CallAttempt[] = [];
    const ask = (messages: ChatMessage[]) => model.complete({ messages, temperature: 0, maxTokens: 10 }, { onAttempt: (a) => attempts.push(a) });
    const first: ChatMessage[] = [{ role: 'system', content: RULES }, { role: 'user', content: 'Turn 1' }];
    await ask(first);
    await ask([...first, { role: 'assistant', content: 'Turn 1' }, { role: 'user', content: 'Turn 2' }]);
    return { attempts, wire: mock.requests.map((r) => r.body) };
  } finally {
    await mock.close();
  }
}

describe('prompt caching', () => {
  it('anthropic: marks the system prompt, the first user message and the dialogue so far on the wire only', async () => {
    const { attempts, wire } = await twoTurns('anthropic');
    expect(wire[1]!.system).toEqual([{ type: 'text', text: RULES, cache_control: { type: 'ephemeral' } }]);
    const messages = wire[1]!.messages as { content: { cache_control?: unknown }[] }[];
    expect(messages.map((m) => Array.isArray(m.content) && m.content.some((b) => b.cache_control))).toEqual([true, false, true]);
    // What is stored (and keys the response cache) is the body without marks.
    expect(JSON.stringify(attempts.map((a) => a.request))).not.toContain('cache_control');
    expect((attempts[1]!.request as { system: unknown }).system).toBe(RULES);
    // The first call wrote the rules to the cache; the second read them and counts them in its input.
    expect(attempts[0]).toMatchObject({ cachedInputTokens: 0 });
    expect(attempts[0]!.cacheWriteTokens).toBeGreaterThan(1024);
    expect(attempts[1]!.cachedInputTokens).toBeGreaterThan(1024);
    expect(attempts[1]!.inputTokens).toBeGreaterThan(attempts[1]!.cachedInputTokens! + attempts[1]!.cacheWriteTokens!);
  });

  it('anthropic with promptCache off sends no marks and reads nothing from the cache', async () => {
    const { attempts, wire } = await twoTurns('anthropic', 'off');
    expect(JSON.stringify(wire)).not.toContain('cache_control');
    expect(attempts.map((a) => a.cachedInputTokens)).toEqual([0, 0]);
  });

  it('openai: records the cached tokens OpenAI reports for a repeated long prefix', async () => {
    const { attempts, wire } = await twoTurns('openai');
    expect(JSON.stringify(wire)).not.toContain('cache_control');
    expect(attempts[0]!.cachedInputTokens).toBe(0);
    expect(attempts[1]!.cachedInputTokens).toBeGreaterThanOrEqual(1024);
    expect(attempts[1]!.cachedInputTokens! % 128).toBe(0);
    expect(attempts[1]!.cacheWriteTokens).toBeNull();
  });
});
