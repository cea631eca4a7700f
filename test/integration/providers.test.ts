/** The real openai and @anthropic-ai/sdk clients against the loopback mock provider. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelConfigSchema, type ModelConfigInput } from '../../shared/contract/models';
import { ProviderError } from '../../electron/engine/players/errors';
import { createModel } from '../../electron/engine/players/factory';
import type { CallAttempt, ChatRequest } from '../../electron/engine/players/types';
import { startMockProvider, type MockProvider } from '../mock-provider/server';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ apiKey: 'sk-good' });
});
afterAll(() => mock.close());

const env = { MOCK_KEY: 'sk-good', WRONG_KEY: 'sk-bad' };
const request: ChatRequest = {
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Is it a printer?' },
  ],
  temperature: 0.2,
  maxTokens: 6,
  seed: 1234,
};

function model(input: Omit<ModelConfigInput, 'baseUrl'> & { baseUrl?: string }) {
  const provider = input.provider ?? 'openai';
  const baseUrl = input.baseUrl ?? (provider === 'anthropic' ? mock.anthropicBaseUrl : mock.openaiBaseUrl);
  return createModel(ModelConfigSchema.parse({ apiKeyEnv: 'MOCK_KEY', maxAttempts: 3, ...input, baseUrl }), { retry: { baseDelayMs: 20 } }, env);
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe.each(['openai', 'anthropic'] as const)('%s SDK against the mock provider', (provider) => {
  it('sends the request in the wire format and reads text and usage', async () => {
    const before = mock.requests.length;
    const attempts: CallAttempt[] = [];
    const result = await model({ provider, model: 'mock-echo' }).complete(request, { onAttempt: (a) => attempts.push(a) });
    expect(result.text).toBe('Is it a printer?');
    expect(result.inputTokens).toBeGreaterThan(0);
    expect(result.outputTokens).toBeGreaterThan(0);
    const sent = mock.requests.slice(before);
    expect(sent).toHaveLength(1);
    if (provider === 'openai') {
      expect(sent[0]!.body).toMatchObject({ model: 'mock-echo', temperature: 0.2, max_tokens: 6, seed: 1234, messages: request.messages });
    } else {
      // The shared prefix carries Anthropic's cache mark on the wire (promptCache: 'off' sends plain strings).
      const marked = (text: string) => [{ type: 'text', text, cache_control: { type: 'ephemeral' } }];
      expect(sent[0]!.body).toMatchObject({ model: 'mock-echo', temperature: 0.2, max_tokens: 6, system: marked('Be brief.'), messages: [{ role: 'user', content: marked('Is it a printer?') }] });
    }
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ ok: true, httpStatus: 200, attempt: 1 });
    expect(attempts[0]!.response).toBeTruthy();
  });

  it('reports a wrong key as an auth error naming the variable, without retrying', async () => {
    const attempts: CallAttempt[] = [];
    const error = await failure(model({ provider, model: 'mock-echo', apiKeyEnv: 'WRONG_KEY' }).complete(request, { onAttempt: (a) => attempts.push(a) }));
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/HTTP 401.*\$WRONG_KEY/);
    expect(attempts).toHaveLength(1);
  });

  it('reports an unknown model as model_not_found', async () => {
    const error = await failure(model({ provider, model: 'gpt-7-imaginary' }).complete(request));
    expect(error.kind).toBe('model_not_found');
    expect(error.message).toContain('gpt-7-imaginary');
  });

  it('retries a 500 up to maxAttempts and records every attempt', async () => {
    const attempts: CallAttempt[] = [];
    const error = await failure(model({ provider, model: 'mock-server-error', maxAttempts: 2 }).complete(request, { onAttempt: (a) => attempts.push(a) }));
    expect(error.kind).toBe('server');
    expect(attempts.map((a) => [a.attempt, a.httpStatus, a.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
    ]);
  });

  it('reports a 200 with a broken body as malformed', async () => {
    const error = await failure(model({ provider, model: 'mock-malformed', maxAttempts: 1 }).complete(request));
    expect(error.kind).toBe('malformed');
  });

  it('reports an unreachable server as a connection error', async () => {
    const error = await failure(model({ provider, model: 'mock-echo', baseUrl: 'http://127.0.0.1:9', maxAttempts: 1 }).complete(request));
    expect(error.kind).toBe('connection');
    expect(error.message).toMatch(/Could not reach/);
  });
});

describe('keys', () => {
  it('a missing key for the official API is an error naming the variable', () => {
    const config = ModelConfigSchema.parse({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(() => createModel(config, {}, {})).toThrow(/ANTHROPIC_API_KEY is not set/);
  });

  it('a local OpenAI-compatible server may go without a key', () => {
    const config = ModelConfigSchema.parse({ provider: 'openai', model: 'llama3', baseUrl: 'http://127.0.0.1:11434/v1' });
    expect(() => createModel(config, {}, {})).not.toThrow();
  });

  it('a config never carries a key', () => {
    expect(ModelConfigSchema.safeParse({ provider: 'openai', model: 'gpt-4o', apiKey: 'sk-123' }).success).toBe(false);
  });
});
