/** A dead or wrong base URL fails at once, through the real SDKs, with a message naming the cause. */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelConfigSchema, type ModelConfigInput } from '../../shared/contract/models';
import { ProviderError } from '../../electron/engine/players/errors';
import { createModel } from '../../electron/engine/players/factory';
import { networkCause } from '../../electron/engine/players/network-cause';
import type { CallAttempt, ChatRequest } from '../../electron/engine/players/types';
import { startMockProvider, type MockProvider } from '../mock-provider/server';

let mock: MockProvider;
let closedPort: number;
beforeAll(async () => {
  mock = await startMockProvider({ apiKey: 'sk-good' });
  // A port that was just free: nothing listens there, so connecting is refused.
  const probe: Server = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(() => mock.close());

const env = { MOCK_KEY: 'sk-good', WRONG_KEY: 'sk-bad' };
const request: ChatRequest = { messages: [{ role: 'user', content: 'Hello?' }], temperature: 0, maxTokens: 4 };

/** The default attempt count (6) and today's backoff: a retried failure would take seconds. */
function model(provider: 'openai' | 'anthropic', baseUrl: string, extra: Partial<ModelConfigInput> = {}) {
  return createModel(ModelConfigSchema.parse({ provider, model: 'mock-echo', apiKeyEnv: 'MOCK_KEY', baseUrl, ...extra }), {}, env);
}

async function failFast(provider: 'openai' | 'anthropic', baseUrl: string, extra: Partial<ModelConfigInput> = {}) {
  const attempts: CallAttempt[] = [];
  const t0 = Date.now();
  const error = await model(provider, baseUrl, extra).complete(request, { onAttempt: (a) => attempts.push(a) }).then(() => null, (e: unknown) => e);
  const elapsed = Date.now() - t0;
  expect(error).toBeInstanceOf(ProviderError);
  expect(elapsed).toBeLessThan(2000);
  expect(attempts).toHaveLength(1);
  return error as ProviderError;
}

describe.each(['openai', 'anthropic'] as const)('%s SDK: a dead or wrong endpoint', (provider) => {
  const tlsPath = () => (provider === 'anthropic' ? mock.anthropicBaseUrl : mock.openaiBaseUrl).replace('http://', 'https://');

  it('a closed port fails within 2 s as connection refused, not retried', async () => {
    const url = `http://127.0.0.1:${closedPort}/v1`;
    const error = await failFast(provider, url);
    expect(error.kind).toBe('connection');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain(`Connection refused at ${url}`);
    expect(error.message).toMatch(/is the server running\?/);
  });

  it('an unresolvable host fails within 2 s naming the host and DNS', async () => {
    const error = await failFast(provider, 'http://api.parlor-test.invalid/v1');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/Host api\.parlor-test\.invalid not found \(DNS\)/);
  });

  it('TLS to a plain-HTTP port fails within 2 s as a TLS handshake failure', async () => {
    const error = await failFast(provider, tlsPath());
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/TLS handshake with https:\/\/127\.0\.0\.1:\d+.* failed/);
    expect(error.message).toMatch(/try http:\/\//);
  });

  it('a refused key fails within 2 s as 401 Unauthorized naming the model and the key variable', async () => {
    const base = provider === 'anthropic' ? mock.anthropicBaseUrl : mock.openaiBaseUrl;
    const error = await failFast(provider, base, { apiKeyEnv: 'WRONG_KEY' });
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/^HTTP 401 Unauthorized: .* refused the key for .*mock-echo/);
    expect(error.message).toContain('$WRONG_KEY');
  });
});

describe('networkCause', () => {
  it('leaves a passing fault (connection reset) to the retries', () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect(networkCause(new TypeError('fetch failed', { cause: reset }), 'http://x/v1')).toBeNull();
  });

  it('reads the code through nested causes', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const wrapped = new Error('Connection error.', { cause: new TypeError('fetch failed', { cause: refused }) });
    expect(networkCause(wrapped, 'http://127.0.0.1:9/v1')).toEqual({ permanent: true, message: 'Connection refused at http://127.0.0.1:9/v1 — is the server running?' });
  });

  it('names a certificate problem as TLS', () => {
    const cert = Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(networkCause(cert, 'https://h/v1')?.message).toMatch(/TLS handshake with https:\/\/h\/v1 failed \(self-signed certificate\)/);
  });
});
