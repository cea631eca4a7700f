/**
 * Answers that are not a completion, through the real SDKs: a web page or plain text with HTTP 200 is
 * named for what it is and not retried (a wrong base URL answers the same every time); a body cut
 * short mid-answer says so and is retried; a web server's error page is named, not quoted whole.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelConfigSchema } from '../../shared/contract/models';
import { ProviderError } from '../../electron/engine/players/errors';
import { createModel } from '../../electron/engine/players/factory';
import type { CallAttempt, ChatRequest } from '../../electron/engine/players/types';
import { startMockProvider, type MockProvider } from '../mock-provider/server';

let mock: MockProvider;
let nginx: Server;
let nginxUrl = '';
beforeAll(async () => {
  mock = await startMockProvider({ apiKey: 'sk-good' });
  // A web server where the API was expected: every path is its HTML 404 page.
  nginx = createServer((_req, res) => void res.writeHead(404, { 'content-type': 'text/html' }).end('<html>\r\n<head><title>404 Not Found</title></head>\r\n<body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body>\r\n</html>\r\n'));
  await new Promise<void>((done) => nginx.listen(0, '127.0.0.1', done));
  nginxUrl = `http://127.0.0.1:${(nginx.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await mock.close();
  await new Promise((done) => nginx.close(done));
});

const request: ChatRequest = { messages: [{ role: 'user', content: 'Hello?' }], temperature: 0, maxTokens: 4 };

/** The default attempt count (6): a failure wrongly retried shows as six attempts. */
async function call(provider: 'openai' | 'anthropic', model: string, baseUrl?: string) {
  const base = baseUrl ?? (provider === 'anthropic' ? mock.anthropicBaseUrl : mock.openaiBaseUrl);
  const chat = createModel(ModelConfigSchema.parse({ provider, model, apiKeyEnv: 'MOCK_KEY', baseUrl: base }), { retry: { baseDelayMs: 1, maxDelayMs: 5 } }, { MOCK_KEY: 'sk-good' });
  const attempts: CallAttempt[] = [];
  const error = await chat.complete(request, { onAttempt: (a) => attempts.push(a) }).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return { error: error as ProviderError, attempts, base };
}

describe.each(['openai', 'anthropic'] as const)('%s SDK: an answer that is not a completion', (provider) => {
  const what = provider === 'openai' ? 'a chat completion' : 'a Messages API reply';

  it('an HTML page with HTTP 200 is named as a page, with the base URL in question, and not retried', async () => {
    const { error, attempts, base } = await call(provider, 'mock-html');
    expect(error.message.startsWith(`${provider}:mock-html at ${base} answered with an HTML page titled "Welcome to nginx!" (HTTP 200, text/html), not the JSON of ${what} — is the base URL right? `)).toBe(true);
    expect(error.message).toContain(provider === 'openai' ? 'An OpenAI-compatible base URL usually ends in /v1' : 'An Anthropic base URL is the server alone, without /v1');
    expect(error.message).not.toMatch(/content is missing/);
    expect([error.kind, error.retryable, error.status]).toEqual(['malformed', false, 200]);
    expect(attempts.map((a) => [a.httpStatus, a.errorKind, a.error])).toEqual([[200, 'malformed', error.message]]);
    expect(attempts[0]!.response).toContain('<title>Welcome to nginx!</title>');
  });

  it('plain text with HTTP 200 is named as plain text and not retried', async () => {
    const { error, attempts } = await call(provider, 'mock-plaintext');
    expect(error.message).toContain('answered with plain text "It works! This is a plain web server, not a model." (HTTP 200, text/plain), not the JSON of');
    expect(error.message).toContain('is the base URL right?');
    expect(error.retryable).toBe(false);
    expect(attempts).toHaveLength(1);
  });

  it('a whole completion labelled text/plain (as some local servers send it) is read as the completion it is', async () => {
    const base = provider === 'anthropic' ? mock.anthropicBaseUrl : mock.openaiBaseUrl;
    const chat = createModel(ModelConfigSchema.parse({ provider, model: 'mock-textjson', apiKeyEnv: 'MOCK_KEY', baseUrl: base }), {}, { MOCK_KEY: 'sk-good' });
    const attempts: CallAttempt[] = [];
    const result = await chat.complete(request, { onAttempt: (a) => attempts.push(a) });
    expect(result.text).toBe('Hello?');
    expect(attempts.map((a) => [a.ok, a.httpStatus])).toEqual([[true, 200]]);
    expect(typeof attempts[0]!.response).toBe('object');
  });

  it('a body cut short mid-answer says so (not "Could not reach") and is retried', async () => {
    const { error, attempts, base } = await call(provider, 'mock-cut');
    expect(error.message).toMatch(new RegExp(`^${provider}:mock-cut at ${base.replace(/[.]/g, '\\.')} answered HTTP 200, but the response was cut short: the connection closed after \\d+ of \\d+ bytes of the body\\.$`));
    expect(error.message).not.toMatch(/Could not reach/);
    expect([error.kind, error.retryable]).toEqual(['connection', true]);
    expect(attempts).toHaveLength(6);
    expect(attempts.every((a) => a.httpStatus === 200 && a.errorKind === 'connection')).toBe(true);
  });

  it("a web server's HTML error page is named by its title, not quoted whole", async () => {
    const { error, attempts } = await call(provider, 'mock-echo', provider === 'openai' ? `${nginxUrl}/v1` : nginxUrl);
    expect(error.message).toContain('answered HTTP 404: an HTML page titled "404 Not Found" — is the base URL right?');
    expect(error.message).not.toContain('<center>');
    expect(error.retryable).toBe(false);
    expect(attempts).toHaveLength(1);
  });
});
