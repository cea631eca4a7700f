/**
 * A loopback server that speaks the OpenAI chat-completions and Anthropic messages wire formats,
 * so tests exercise the real SDKs end to end. Models:
 *   mock-guesser, mock-judge   scripted 20-questions players (see behaviours.ts)
 *   mock-tagger                a failure-mode tagger: every question asked before is redundancy (behaviours.ts)
 *   mock-echo                  replies with the last user message
 *   mock-vision[-sloppy|-broken] reads images in requests (see vision.ts)
 *   mock-server-error          always HTTP 500
 *   mock-malformed             HTTP 200 with a body that breaks the format
 *   mock-leaky                 HTTP 400 whose message quotes the API key it was sent
 *   mock-html, mock-plaintext, mock-cut, mock-textjson, *-keyecho  answers of odd shape, a key quoted back (wire-faults.ts)
 *   mock-play:<game>:<role>[:<variant>]  a game's built-in player for that role (and variant), over the wire
 * Any other model id is answered with the provider's own 404 "model not found".
 * Also: per-model rate limits advertised in headers (`limits`, limits.ts, stats at GET /mock/stats),
 * both providers' batch services (`batches`, batches.ts) and prompt-cache usage (prompt-cache.ts).
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { countTokens, mockGuesser, mockJudge, mockTagger, type WireMessage } from './behaviours';
import { imagesOf, visionReply } from './vision';
import type { ContentPart } from '../../shared/contract/content';
import { gameById } from '../../electron/engine/games/registry';
import { capabilityOf } from '../../electron/engine/core/capability';
import { seededRandom } from '../../electron/engine/core/seeds';
import { BadRequest, MockBatches, NotFound, type MockBatchOptions } from './batches';
import { RateLimits, type MockLimits, type ModelLimitStats } from './limits';
import { PromptCache } from './prompt-cache';
import { answerHeaders, FAULT_MODELS, keyOf, sendWireFault, withKeyEcho } from './wire-faults';

/** Fault injection: each request independently draws at most one fault at these rates (0–1). */
export interface MockFaults {
  rate429?: number;
  rate500?: number;
  rateTimeout?: number;
  rateMalformed?: number;
  /** Sent as `retry-after-ms` (and rounded up as `Retry-After`) with a 429; default 50. */
  retryAfterMs?: number;
  /** How long a "timeout" hangs before answering; longer than the client's timeout. Default 2000. */
  hangMs?: number;
  /** Seeds the draws, so a fault pattern can be repeated. */
  seed?: number;
}

export interface MockProviderOptions {
  port?: number;
  faults?: MockFaults;
  /** Delay before every answer. */
  latencyMs?: number;
  /** When set, requests must carry this key (Bearer for OpenAI, x-api-key for Anthropic). */
  apiKey?: string;
  /** Per-model requests- and tokens-per-minute limits, enforced and advertised in headers. */
  limits?: MockLimits;
  /** Timing and faults of the batch services. */
  batches?: MockBatchOptions;
}

export interface ReceivedRequest {
  format: 'openai' | 'anthropic';
  path: string;
  body: Record<string, unknown>;
}

export interface MockProvider {
  url: string;
  /** For the OpenAI SDK (`baseURL` includes /v1). */
  openaiBaseUrl: string;
  /** For the Anthropic SDK (it appends /v1/messages itself). */
  anthropicBaseUrl: string;
  requests: ReceivedRequest[];
  /** Faults injected so far, by kind. */
  injected: Record<'429' | '500' | 'timeout' | 'malformed', number>;
  /** What the rate limits admitted, per model (also GET /mock/stats). */
  stats(): Record<string, ModelLimitStats>;
  /** Batches created and how they ended. */
  batchStats(): { created: number; ended: number; expired: number; cancelled: number };
  close(): Promise<void>;
}

export const MOCK_MODELS = ['mock-guesser', 'mock-judge', 'mock-tagger', 'mock-echo', 'mock-vision', 'mock-server-error', 'mock-malformed', 'mock-leaky', ...FAULT_MODELS];

type Format = 'openai' | 'anthropic';

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

function errorBody(format: Format, status: number, message: string) {
  if (format === 'anthropic') {
    const type = { 401: 'authentication_error', 404: 'not_found_error', 429: 'rate_limit_error', 500: 'api_error', 400: 'invalid_request_error' }[status] ?? 'api_error';
    return { type: 'error', error: { type, message } };
  }
  const code = status === 404 ? 'model_not_found' : status === 401 ? 'invalid_api_key' : null;
  const type = status === 401 ? 'invalid_request_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  return { error: { message, type, param: null, code } };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((b) => (b && typeof b === 'object' && 'text' in b ? String(b.text) : '')).join('');
  return '';
}

/** `mock-play:<game>:<role>`: the game's built-in player, or null when there is none. */
function builtinPolicy(model: string) {
  const [, gameId, role] = model.split(':');
  try {
    return capabilityOf(gameById(gameId ?? ''), 'builtins')?.[role ?? ''] ?? null;
  } catch {
    return null;
  }
}

/** Wire content as a game's built-in player reads it: text parts, and images as parts without names (the wire carries bytes only). */
function wireContent(content: unknown): string | ContentPart[] {
  if (!Array.isArray(content)) return String(content ?? '');
  const bytes = imagesOf(content);
  let image = 0;
  return (content as { type?: string; text?: string }[]).flatMap((p): ContentPart[] => {
    if (p.type === 'text') return [{ type: 'text', text: p.text ?? '' }];
    const data = bytes[image++];
    return data ? [{ type: 'image', ref: `media:${createHash('sha256').update(data).digest('hex')}`, mime: 'image/png' }] : [];
  });
}

function reply(model: string, messages: WireMessage[], seed: number): string {
  if (model.startsWith('mock-play:')) {
    // The runner's preflight is not a game prompt.
    if (messages.at(-1)?.content === 'Reply with the single word OK.') return 'OK';
    return builtinPolicy(model)!(messages.map((m) => ({ role: m.role as 'user' | 'assistant' | 'system', content: wireContent(m.content) })), model.split(':')[3] ?? '');
  }
  if (model.startsWith('mock-guesser')) return mockGuesser(messages, seed);
  if (model.startsWith('mock-judge')) return mockJudge(messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n'));
  if (model.startsWith('mock-tagger')) return mockTagger(messages.at(-1)?.content ?? '');
  return messages.at(-1)?.content ?? '';
}

function success(format: Format, model: string, text: string, promptText: string, cache: PromptCache, body: Record<string, unknown>, messages: WireMessage[]) {
  const input = countTokens(promptText);
  const output = countTokens(text);
  if (format === 'anthropic') {
    return {
      id: `msg_mock_${Date.now()}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { ...cache.anthropicUsage(model, body, input), output_tokens: output },
    };
  }
  return {
    id: `chatcmpl-mock-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output, prompt_tokens_details: { cached_tokens: cache.openaiCached(model, messages, input) } },
  };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startMockProvider(options: MockProviderOptions = {}): Promise<MockProvider> {
  const requests: ReceivedRequest[] = [];
  const faults = options.faults ?? {};
  const draw = seededRandom(faults.seed ?? 1);
  const injected = { '429': 0, '500': 0, timeout: 0, malformed: 0 };
  const pickFault = (): keyof typeof injected | null => {
    let r = draw();
    for (const [kind, rate] of [['429', faults.rate429], ['500', faults.rate500], ['timeout', faults.rateTimeout], ['malformed', faults.rateMalformed]] as const) {
      if (r < (rate ?? 0)) return kind;
      r -= rate ?? 0;
    }
    return null;
  };
  const limits = new RateLimits(options.limits ?? {});
  const promptCache = new PromptCache();
  let baseUrl = '';
  // A batch's items quote the key the mock was started with (the batch routes do not check keys).
  const batches = new MockBatches(options.batches ?? {}, (format, body) => answer(format, body, options.apiKey ?? ''), () => baseUrl);
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => send(res, 500, { error: { message: String(error) } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Latency is measured from the request's arrival, so the mock's own work does not add to it.
    const arrived = performance.now();
    const respond = async (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const wait = (options.latencyMs ?? 0) - (performance.now() - arrived);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      send(res, status, body, headers);
    };
    const path = (req.url ?? '').split('?')[0]!;
    const format: Format | null = path === '/v1/chat/completions' ? 'openai' : path === '/v1/messages' ? 'anthropic' : null;
    if (req.method === 'GET' && path === '/v1/models') {
      return send(res, 200, { object: 'list', data: MOCK_MODELS.map((id) => ({ id, object: 'model', owned_by: 'parlor-mock' })) });
    }
    if (path === '/mock/stats') return send(res, 200, { models: limits.stats() });
    if (path === '/mock/stats/reset' && req.method === 'POST') {
      limits.reset();
      return send(res, 200, { ok: true });
    }
    if (path === '/v1/files' || path.startsWith('/v1/files/') || path.startsWith('/v1/batches') || path.startsWith('/v1/messages/batches')) {
      return batchRoute(req, res, path);
    }
    if (req.method !== 'POST' || !format) return send(res, 404, { error: { message: `no route ${req.method} ${path}` } });

    const body = await readJson(req);
    if (!body) return send(res, 400, errorBody(format, 400, 'request body is not JSON'));
    requests.push({ format, path, body });

    if (options.apiKey) {
      // Anthropic SDKs send x-api-key (older) or a Bearer token (newer); OpenAI always a Bearer token.
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const given = format === 'anthropic' ? (req.headers['x-api-key'] ?? bearer) : bearer;
      if (given !== options.apiKey) return respond(401, errorBody(format, 401, 'Incorrect API key provided.'));
    }
    const model = String(body.model ?? '');
    if (!MOCK_MODELS.some((m) => model === m || model.startsWith(`${m}-`)) && !(model.startsWith('mock-play:') && builtinPolicy(model))) {
      return respond(404, errorBody(format, 404, `The model \`${model}\` does not exist or you do not have access to it.`));
    }
    const now = Date.now();
    const admitted = limits.active ? limits.admit(model, body, now) : null;
    const limitHeaders = limits.active ? limits.headers(format, model, now) : {};
    if (admitted && !admitted.ok) {
      return respond(429, errorBody(format, 429, `Rate limit reached for ${admitted.what}.`), {
        ...limitHeaders,
        'retry-after': String(Math.ceil(admitted.retryAfterMs / 1000)),
        'retry-after-ms': String(admitted.retryAfterMs),
      });
    }
    const fault = model.startsWith('mock-guesser') || model.startsWith('mock-judge') ? pickFault() : null;
    if (fault) injected[fault]++;
    if (fault === '429') {
      const ms = faults.retryAfterMs ?? 50;
      return respond(429, errorBody(format, 429, 'Rate limit reached for requests.'), {
        'retry-after': String(Math.ceil(ms / 1000)),
        'retry-after-ms': String(ms),
      });
    }
    if (fault === '500') return respond(500, errorBody(format, 500, 'The server had an error while processing your request.'));
    if (fault === 'timeout') await new Promise((r) => setTimeout(r, faults.hangMs ?? 2000));

    if (fault === 'malformed') {
      return injected.malformed % 2 ? respond(200, '{"id": "chatcmpl-broken", "choices": [') : respond(200, { id: 'x', object: 'chat.completion' });
    }
    // Like servers that quote the credential they refused: the key must not reach the database.
    if (model.startsWith('mock-leaky')) return respond(400, errorBody(format, 400, `Key ${keyOf(req)} may not use ${model}.`));
    if (sendWireFault(model, res)) return;
    const answered = answer(format, body, keyOf(req));
    return respond(answered.status, answered.body, answered.status === 200 ? answerHeaders(model, limitHeaders) : {});
  }

  /** The live answer to a valid request for a known model, without latency, limits or random faults. */
  function answer(format: Format, body: Record<string, unknown>, key: string): { status: number; body: unknown } {
    const model = String(body.model ?? '');
    if (!MOCK_MODELS.some((m) => model === m || model.startsWith(`${m}-`)) && !(model.startsWith('mock-play:') && builtinPolicy(model))) {
      return { status: 404, body: errorBody(format, 404, `The model \`${model}\` does not exist or you do not have access to it.`) };
    }
    if (model.startsWith('mock-server-error')) return { status: 500, body: errorBody(format, 500, 'The server had an error while processing your request.') };
    if (model.startsWith('mock-malformed')) return { status: 200, body: format === 'openai' ? { id: 'x', object: 'chat.completion', choices: [] } : { type: 'message' } };
    const raw = Array.isArray(body.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : [];
    const messages: WireMessage[] = raw.map((m) => ({ role: String(m.role), content: textOf(m.content) }));
    if (format === 'anthropic' && body.system !== undefined) messages.unshift({ role: 'system', content: textOf(body.system) });
    const seed = typeof body.seed === 'number' ? body.seed : 0;
    const text = withKeyEcho(model, model.startsWith('mock-vision') ? visionReply(model, raw) : reply(model, messages, seed), key);
    return { status: 200, body: success(format, model, text, messages.map((m) => m.content).join('\n'), promptCache, body, messages) };
  }

  /** The batch services' routes (see batches.ts). */
  async function batchRoute(req: IncomingMessage, res: ServerResponse, path: string) {
    const anthropic = path.startsWith('/v1/messages/batches');
    const format: Format = anthropic ? 'anthropic' : 'openai';
    const parts = path.split('/').filter(Boolean); // v1, batches|files|messages, …
    try {
      if (!anthropic && path === '/v1/files' && req.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const form = await new Request('http://mock/upload', { method: 'POST', headers: { 'content-type': String(req.headers['content-type'] ?? '') }, body: Buffer.concat(chunks) }).formData();
        const file = form.get('file');
        if (!file || typeof file === 'string') throw new BadRequest('file: a file part is required');
        return send(res, 200, batches.putFile(file.name, String(form.get('purpose') ?? ''), await file.text()));
      }
      if (!anthropic && parts[1] === 'files' && req.method === 'GET') {
        const id = parts[2] ?? '';
        if (parts[3] === 'content') {
          const text = batches.fileText(id);
          if (text === null) throw new NotFound(`No such File object: ${id}`);
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          return res.end(text);
        }
        const file = batches.fileObject(id);
        if (!file) throw new NotFound(`No such File object: ${id}`);
        return send(res, 200, file);
      }
      const id = anthropic ? parts[3] : parts[2];
      const action = anthropic ? parts[4] : parts[3];
      if (req.method === 'POST' && !id) {
        const body = await readJson(req);
        if (!body) throw new BadRequest('request body is not JSON');
        return send(res, 200, anthropic ? batches.createAnthropic(body) : batches.createOpenAI(body));
      }
      if (id && action === 'cancel' && req.method === 'POST') {
        const b = batches.cancel(id, format);
        if (!b) throw new NotFound(`No such batch: ${id}`);
        return send(res, 200, b);
      }
      if (id && anthropic && action === 'results' && req.method === 'GET') {
        const text = batches.anthropicResults(id);
        if (text === null) throw new NotFound(`No results for batch ${id} (unknown, or not ended yet)`);
        res.writeHead(200, { 'content-type': 'application/x-jsonl' });
        return res.end(text);
      }
      if (id && !action && req.method === 'GET') {
        const b = batches.get(id, format);
        if (!b) throw new NotFound(`No such batch: ${id}`);
        return send(res, 200, b);
      }
      return send(res, 404, errorBody(format, 404, `no route ${req.method} ${path}`));
    } catch (error) {
      if (error instanceof NotFound) return send(res, 404, errorBody(format, 404, error.message));
      if (error instanceof BadRequest) return send(res, 400, errorBody(format, 400, error.message));
      throw error;
    }
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  baseUrl = url;
  return {
    url,
    openaiBaseUrl: `${url}/v1`,
    anthropicBaseUrl: url,
    requests,
    injected,
    stats: () => limits.stats(),
    batchStats: () => ({ ...batches.counts }),
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
