import { performance } from 'node:perf_hooks';
import type { ModelConfig } from '../../../shared/contract/models';
import { modelLabel } from '../../../shared/contract/models';
import { describeError, kindForStatus, ProviderError, retryAfterMs } from './errors';
import { DEFAULT_RETRY, withRetries } from './retry';
import type { CallAttempt, CallOptions, ChatModel, ChatRequest, ChatResult } from './types';

/** The error classes every Stainless-generated SDK (openai, @anthropic-ai/sdk) exports. */
export interface SdkErrorClasses {
  APIError: abstract new (...args: never[]) => Error & { status?: number; headers?: Headers; error?: unknown };
  APIConnectionError: abstract new (...args: never[]) => Error;
  APIConnectionTimeoutError: abstract new (...args: never[]) => Error;
  APIUserAbortError: abstract new (...args: never[]) => Error;
}

export interface Extracted {
  text: string;
  inputTokens: number | null;
  outputTokens: number | null;
}

/**
 * One provider call through a real SDK, with the SDK's own retries off so that every
 * HTTP exchange is seen, classified and recorded here.
 */
export abstract class SdkChatModel implements ChatModel {
  readonly label: string;

  protected constructor(
    protected readonly config: ModelConfig,
    private readonly errors: SdkErrorClasses,
    private readonly endpoint: string,
  ) {
    this.label = modelLabel(config);
  }

  protected abstract buildBody(request: ChatRequest): Record<string, unknown>;
  protected abstract send(body: Record<string, unknown>, signal?: AbortSignal): Promise<{ data: unknown; status: number }>;
  /** Pulls text and usage out of a response body, throwing when the body is not what the format promises. */
  protected abstract extract(data: unknown): Extracted;

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatResult> {
    const body = this.buildBody(request);
    const policy = { ...DEFAULT_RETRY, maxAttempts: this.config.maxAttempts };
    return withRetries((attempt) => this.attemptOnce(body, attempt, options), policy, options.signal);
  }

  private async attemptOnce(body: Record<string, unknown>, attempt: number, options: CallOptions): Promise<ChatResult> {
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    const report = (fields: Omit<CallAttempt, 'attempt' | 'startedAt' | 'request' | 'latencyMs'>) =>
      options.onAttempt?.({ attempt, startedAt, request: body, latencyMs: performance.now() - t0, ...fields });
    let data: unknown;
    let status: number;
    try {
      ({ data, status } = await this.send(body, options.signal));
    } catch (error) {
      const failure = this.classify(error);
      report({
        response: failure.body,
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
    let extracted: Extracted;
    try {
      extracted = this.extract(data);
    } catch (error) {
      const failure = new ProviderError('malformed', `${this.label} sent a malformed response: ${describeError(error)}`, {
        status,
        body: data,
      });
      report({ response: data, httpStatus: status, ok: false, errorKind: 'malformed', error: failure.message, inputTokens: null, outputTokens: null });
      throw failure;
    }
    report({ response: data, httpStatus: status, ok: true, errorKind: null, error: null, ...extracted });
    return { ...extracted, latencyMs };
  }

  private classify(error: unknown): ProviderError {
    const where = `${this.label} at ${this.endpoint}`;
    const { APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } = this.errors;
    if (error instanceof ProviderError) return error;
    if (error instanceof APIUserAbortError) return new ProviderError('aborted', `Call to ${where} was cancelled.`, { cause: error });
    if (error instanceof APIConnectionTimeoutError) {
      return new ProviderError('timeout', `${where} did not answer within ${this.config.timeoutMs} ms.`, { cause: error });
    }
    if (error instanceof APIConnectionError) {
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      return new ProviderError('connection', `Could not reach ${where}${cause}.`, { cause: error });
    }
    if (error instanceof APIError && typeof error.status === 'number') {
      const status = error.status;
      const serverMessage = errorMessageOf(error.error) ?? error.message;
      const mentionsModel = /model/i.test(serverMessage);
      const kind = kindForStatus(status, mentionsModel);
      const hint = HINTS[kind]?.(this.config) ?? '';
      return new ProviderError(kind, `${where} answered HTTP ${status}: ${serverMessage}${hint}`, {
        status,
        retryAfterMs: retryAfterMs(error.headers),
        body: error.error ?? null,
        cause: error,
      });
    }
    if (error instanceof SyntaxError) {
      return new ProviderError('malformed', `${where} sent a body that is not valid JSON: ${error.message}`, { cause: error });
    }
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
