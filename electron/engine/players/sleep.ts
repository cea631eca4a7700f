import { ProviderError } from './errors';

/** Waits `ms`, or rejects with an `aborted` ProviderError as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal | undefined, waitingFor: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => new ProviderError('aborted', `cancelled while waiting for ${waitingFor}`);
    if (signal?.aborted) return reject(cancelled());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
