import { ProviderError } from './errors';
import { abortableSleep } from './sleep';

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

/**
 * Runs `attempt` until it succeeds, a non-retryable error occurs, or attempts run out.
 * Waits `Retry-After` when the server gives one, else exponential backoff with full jitter.
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const retryable = error instanceof ProviderError && error.retryable;
      if (!retryable || n >= policy.maxAttempts || signal?.aborted) throw error;
      const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (n - 1)) * Math.random();
      const delay = Math.min(policy.maxDelayMs, error.retryAfterMs ?? backoff);
      await abortableSleep(delay, signal, 'a retry');
    }
  }
}
