import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ModelConfig } from '../../../shared/contract/models';
import { modelLabel } from '../../../shared/contract/models';
import { textOf } from '../../../shared/contract/content';
import { describeError } from '../errors';
import { hasImages, type ImageMode } from './content';
import { kindForStatus, ProviderError, retryAfterMs } from './errors';
import { networkCause } from './network-cause';
import { redactSecretsIn, redactText, redactValue } from './redact';
import { redactingTransport } from './batch-transport';
import { cutShortAnswer, describeBody, jsonObjectIn, notJsonAnswer, unparsableAnswer, type ExpectedAnswer } from './wrong-answer';
import { budgetKey, pacerFor, type Pacer } from './pacer';
import { estimateRequestTokens } from './token-estimate';
import { DEFAULT_RETRY, withRetries } from './retry';
import type { BatchTransport } from './batch-transport';
import type { BatchSink, CallAttempt, CallOptions, ChatModel, ChatRequest, ChatResult, ModelOptions } from './types';

/** The error classes every Stainless-generated SDK (openai, @anthropic-ai/sdk) exports. */
export interface SdkErrorClasses {
  APIError: abstract new (...args: never[]) => Error & { status?: number; headers?: Headers; error?: unknown };
  APIConnectionError: abstract new (...args: never[]) => Error;
  APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  APIUserAbortError: abstract new (...args: never[]) => Error;
}

export interface Extracted {
  text: string;
  /** Every prompt token, cached or not. */
  inputTokens: number | null;
  outputTokens: number | null;
  /** Of the prompt tokens, read from the provider's prompt cache; null when it did not say. */
  cachedInputTokens: number | null;
  /** Of the prompt tokens, written to the prompt cache (Anthropic). */
  cacheWriteTokens: number | null;
}

/**
 * One provider call through a real SDK, with the SDK's own retries off so that every
 * HTTP exchange is seen, classified and recorded here.
 */
export abstract class SdkChatModel implements ChatModel {
  readonly label: string;

  private readonly pacer: Pacer;

  protected constructor(
    protected readonly config: ModelConfig,
    /** The SDK's error classes; a getter, so an SDK can be loaded only when first used. */
    private readonly errors: () => SdkErrorClasses | null,
    private readonly endpoint: string,
    private readonly options: ModelOptions = {},
    /** Never stored: redacted from every body sent, answered or cached, and from every error. */
    private readonly secrets: readonly string[] = [],
  ) {
    this.label = modelLabel(config);
    this.pacer = pacerFor(budgetKey(config.provider, endpoint, config.model, secrets[0] ?? ''), config, options.budgets);
  }

  /** What is sent: the stored body, with the images' bytes where it has images. */
  protected wireBody(request: ChatRequest, body: Record<string, unknown>): Record<string, unknown> {
    return hasImages(request.messages) ? this.buildBody(request, 'inline') : body;
  }

  /** The request body; `ref` names images by their `media:` reference, `inline` carries their bytes. */
  protected abstract buildBody(request: ChatRequest, images: ImageMode): Record<string, unknown>;
  protected abstract send(
    body: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<{ data: unknown; status: number; headers: Headers }>;
  /** Pulls text and usage out of a response body, throwing when the body is not what the format promises. */
  protected abstract extract(data: unknown): Extracted;
  /** What the API answers, for a message about an answer that is something else. */
  protected abstract readonly expected: ExpectedAnswer;

  /**
   * A body as it may be stored: the model's own keys redacted. Responses are redacted as they arrive,
   * before the game reads the reply, so a model that quotes its key is played, stored, cached and shown
   * with "[redacted key]" and the next request (which carries the reply) holds no key either. Text that
   * only looks like a key stays: it is what the model said (errors, below, redact key shapes too).
   */
  private clean<T>(value: T): T {
    return redactSecretsIn(value, this.secrets);
  }

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatResult> {
    // What is stored and cached names images by reference; only what is sent carries their bytes.
    const built = this.buildBody(request, 'ref');
    const wire = this.wireBody(request, built);
    // Only a prompt that itself carries a key differs from what was sent; the cache key is the sent request's.
    const body = this.clean(built);
    const mode = this.options.cache ? (this.options.cacheMode ?? 'off') : 'off';
    const key = mode === 'off' ? null : this.cacheKey(built);
    if (key !== null) {
      const cached = this.fromCache(key, body, options);
      if (cached) return cached;
      if (mode === 'only') {
        throw new ProviderError('cache_miss', `${this.label}: this request is not in the response cache (replaying offline).`);
      }
    }
    const policy = { ...DEFAULT_RETRY, ...this.options.retry, maxAttempts: this.config.maxAttempts };
    // What the call counts against a tokens-per-minute limit.
    const estimate = estimateRequestTokens(request.messages.map((m) => textOf(m.content)), request.maxTokens);
    const batch = this.options.batch;
    if (batch?.wants(options.site)) {
      return withRetries((attempt) => this.batchAttempt(batch, body, wire, attempt, options, key), policy, options.signal);
    }
    return withRetries((attempt) => this.attemptOnce(body, wire, attempt, options, key, estimate), policy, options.signal);
  }

  /** The provider's batch service; absent where the provider has none. */
  protected abstract batchTransport(): BatchTransport;

  private redactedBatches: BatchTransport | null = null;
  /** The batch service whose answers and errors are redacted before the batch hub stores them (one object: the hub keys lanes by it). */
  private cleanBatchTransport(): BatchTransport {
    return (this.redactedBatches ??= redactingTransport(this.batchTransport(), { answer: (v) => this.clean(v), error: (v) => redactValue(v, this.secrets) }));
  }

  /** One attempt through a batch: it resolves when the batch holding the request ends. */
  private async batchAttempt(
    batch: BatchSink,
    body: Record<string, unknown>,
    wire: Record<string, unknown>,
    attempt: number,
    options: CallOptions,
    cacheKey: string | null,
  ): Promise<ChatResult> {
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    const site = options.site!;
    // Where the call is and what it asks: the same request after a restart finds its batch again.
    const requestKey = createHash('sha256').update(JSON.stringify([site.episodeId, site.seat, site.round, cacheKey ?? this.cacheKey(body)])).digest('hex');
    const answer = await batch.call({ requestKey, stored: body, wire, transport: this.cleanBatchTransport(), config: this.config, signal: options.signal });
    const base = { attempt, startedAt, request: body, batchId: answer.batchId };
    if ('error' in answer) {
      const { kind, status, message } = answer.error;
      const errorKind = kind === 'expired' ? 'timeout' : kind === 'cancelled' ? 'aborted' : status !== null ? kindForStatus(status, /model/i.test(message)) : 'server';
      const failure = new ProviderError(errorKind, `${this.label} in batch ${answer.batchId}: ${redactText(message, this.secrets)}`, { status });
      options.onAttempt?.({ ...base, latencyMs: performance.now() - t0, response: null, httpStatus: status, ok: false, errorKind, error: failure.message, inputTokens: null, outputTokens: null });
      throw failure;
    }
    const latencyMs = performance.now() - t0;
    // Stored answers of an earlier version may hold a key.
    const response = this.clean(answer.response);
    let extracted: Extracted;
    try {
      extracted = this.extract(response);
    } catch (error) {
      const failure = new ProviderError('malformed', `${this.label} sent a malformed answer in batch ${answer.batchId}: ${describeError(error)}`, { status: 200 });
      options.onAttempt?.({ ...base, latencyMs, response, httpStatus: 200, ok: false, errorKind: 'malformed', error: failure.message, inputTokens: null, outputTokens: null });
      throw failure;
    }
    options.onAttempt?.({ ...base, latencyMs, response, httpStatus: 200, ok: true, errorKind: null, error: null, ...extracted });
    if (cacheKey !== null) this.options.cache!.put(cacheKey, this.label, body, response);
    return { ...extracted, latencyMs };
  }

  private cacheKey(body: Record<string, unknown>): string {
    return createHash('sha256').update(JSON.stringify([this.config.provider, this.endpoint, body])).digest('hex');
  }

  private fromCache(key: string, body: Record<string, unknown>, options: CallOptions): ChatResult | null {
    const cached = this.options.cache!.get(key);
    if (cached === undefined) return null;
    // A cache filled by an earlier version may hold a key.
    const data = this.clean(cached);
    const extracted = this.extract(data);
    options.onAttempt?.({
      attempt: 1, startedAt: new Date().toISOString(), request: body, response: data, httpStatus: null, latencyMs: 0,
      ok: true, errorKind: null, error: null, cached: true, ...extracted,
    });
    return { ...extracted, latencyMs: 0 };
  }

  private async attemptOnce(
    body: Record<string, unknown>,
    wire: Record<string, unknown>,
    attempt: number,
    options: CallOptions,
    cacheKey: string | null,
    estimatedTokens: number,
  ): Promise<ChatResult> {
    const expected = await this.pacer.acquire(estimatedTokens, options.signal);
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    const report = (fields: Omit<CallAttempt, 'attempt' | 'startedAt' | 'request' | 'latencyMs'>) =>
      options.onAttempt?.({ attempt, startedAt, request: body, latencyMs: performance.now() - t0, ...fields });
    let data: unknown;
    let status: number;
    let headers: Headers;
    try {
      ({ data, status, headers } = await this.send(wire, options.signal));
      this.pacer.observe(headers, expected);
    } catch (error) {
      const failure = this.classify(error);
      if (failure.retryAfterMs !== null) this.pacer.pauseFor(failure.retryAfterMs);
      report({
        response: failure.body, // classify redacted it
        httpStatus: failure.status,
        ok: false,
        errorKind: failure.kind,
        error: failure.message,
        inputTokens: null,
        outputTokens: null,
      });
      throw failure;
    }
    const latencyMs = performance.now() - t0;
    data = this.clean(data);
    let extracted: Extracted;
    try {
      // The SDKs hand over a body not labelled JSON as a string: a completion labelled text/plain is still read.
      if (typeof data === 'string') data = jsonObjectIn(data) ?? data;
      if (typeof data === 'string') throw notJsonAnswer(`${this.label} at ${this.endpoint}`, status, headers.get('content-type'), data, this.expected);
      extracted = this.extract(data);
    } catch (error) {
      const failure = error instanceof ProviderError
        ? error
        : new ProviderError('malformed', `${this.label} sent a malformed response: ${describeError(error)}`, { status, body: data });
      report({ response: data, httpStatus: status, ok: false, errorKind: failure.kind, error: failure.message, inputTokens: null, outputTokens: null });
      throw failure;
    }
    report({ response: data, httpStatus: status, ok: true, errorKind: null, error: null, ...extracted });
    if (cacheKey !== null) this.options.cache!.put(cacheKey, this.label, body, data);
    return { ...extracted, latencyMs };
  }

  /** The failure as a ProviderError whose message and body carry no key. */
  private classify(error: unknown): ProviderError {
    const failure = this.classifyRaw(error);
    const message = redactText(failure.message, this.secrets);
    const body = redactValue(failure.body, this.secrets);
    if (message === failure.message && body === failure.body) return failure;
    return new ProviderError(failure.kind, message, { status: failure.status, retryAfterMs: failure.retryAfterMs, body, permanent: failure.permanent });
  }

  private classifyRaw(error: unknown): ProviderError {
    const where = `${this.label} at ${this.endpoint}`;
    if (error instanceof ProviderError) return error;
    const classes = this.errors();
    if (!classes) return new ProviderError('internal', `Could not load the SDK for ${where}: ${describeError(error)}`, { cause: error });
    const { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } = classes;
    if (error instanceof APIUserAbortError) return new ProviderError('aborted', `Call to ${where} was cancelled.`, { cause: error });
    if (error instanceof APIConnectionTimeoutError) {
      return new ProviderError('timeout', `${where} did not answer within ${this.config.timeoutMs} ms.`, { cause: error });
    }
    if (error instanceof APIConnectionError) {
      const cut = cutShortAnswer(where, error);
      if (cut) return cut;
      const known = networkCause(error, this.endpoint);
      if (known) return new ProviderError('connection', `Could not reach ${this.label}: ${known.message}`, { cause: error, permanent: known.permanent });
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return new ProviderError('connection', `Could not reach ${where}${cause}.`, { cause: error });
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      const status = error.status;
      // A web server's error page (a wrong base URL; a proxy's 502) is named as a page, not quoted whole.
      // The SDKs keep a body that is not JSON only in their message, after the status.
      const text = typeof error.error === 'string' ? error.error : error.error == null ? error.message.replace(/^\d{3} /, '') : '';
      const page = /^\s*</.test(text) ? describeBody(error.headers?.get('content-type') ?? null, text) : null;
      const urlHint = status < 500 ? ` — is the base URL right? ${this.expected.urlHint}` : '';
      const serverMessage = page ? `${page}${urlHint}` : (errorMessageOf(error.error) ?? error.message);
      const mentionsModel = /model/i.test(serverMessage);
      const kind = kindForStatus(status, mentionsModel);
      const hint = HINTS[kind]?.(this.config) ?? '';
      const head = kind === 'auth'
        ? `HTTP ${status} ${status === 401 ? 'Unauthorized' : 'Forbidden'}: ${this.endpoint} refused the key for ${this.label}`
        : `${where} answered HTTP ${status}`;
      return new ProviderError(kind, `${head}: ${serverMessage}${hint}`, {
        status,
        retryAfterMs: retryAfterMs(error.headers),
        body: error.error ?? null,
        cause: error,
      });
    }
    if (error instanceof SyntaxError) return unparsableAnswer(where, error, this.expected);
    return new ProviderError('internal', `Unexpected failure calling ${where}: ${describeError(error)}`, { cause: error });
  }
}

const HINTS: Partial<Record<string, (config: ModelConfig) => string>> = {
  auth: (c) => ` (check the key in $${c.apiKeyEnv ?? defaultKeyEnv(c.provider)})`,
  model_not_found: (c) => ` (is "${c.model}" a model this server serves?)`,
};

export function defaultKeyEnv(provider: string): string {
  return provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';
}

function errorMessageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : null;
  const record = body as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  if (record.error && typeof record.error === 'object') return errorMessageOf(record.error);
  return null;
}
