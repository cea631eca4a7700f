import type { ErrorKind } from '../../../shared/contract/records';

const RETRYABLE: ReadonlySet<ErrorKind> = new Set(['rate_limit', 'server', 'timeout', 'connection', 'malformed']);

/** A provider failure classified into what a researcher can act on. */
export class ProviderError extends Error {
  readonly kind: ErrorKind;
  readonly status: number | null;
  readonly retryAfterMs: number | null;
  /** The response body the server sent, when there was one. */
  readonly body: unknown;
  /** Set for a cause no retry can fix (connection refused, unknown host, TLS mismatch) of a normally retryable kind. */
  readonly permanent: boolean;

  constructor(
    kind: ErrorKind,
    message: string,
    options: { status?: number | null; retryAfterMs?: number | null; body?: unknown; cause?: unknown; permanent?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ProviderError';
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.body = options.body ?? null;
    this.permanent = options.permanent ?? false;
  }

  get retryable(): boolean {
    return !this.permanent && RETRYABLE.has(this.kind);
  }
}

/** Parses `Retry-After` (seconds or an HTTP date) and the OpenAI `retry-after-ms` header. */
export function retryAfterMs(headers: Headers | undefined | null): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers.get('retry-after');
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.max(0, Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Maps an HTTP status to an error kind; `modelNotFound` tells a 404 for a model from a wrong URL. */
export function kindForStatus(status: number, modelNotFound: boolean): ErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return modelNotFound ? 'model_not_found' : 'bad_request';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  return 'bad_request';
}
