import { performance } from 'node:perf_hooks';
import { ProviderError } from './errors';
import type { CallOptions, ChatResult } from './types';

/**
 * A reply made in this process (a test script, a game's built-in player), recorded as one attempt the
 * way a provider's call is, so call logs and transcripts look the same; an error reply is thrown.
 */
export function answerLocally(recordedRequest: unknown, options: CallOptions, produce: () => string | ProviderError): ChatResult {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const reply = produce();
  const latencyMs = performance.now() - t0;
  // Stored at the next commit: a snapshot, since a game master may go on appending to the messages it sent.
  const base = { attempt: 1, startedAt, request: snapshot(recordedRequest), httpStatus: null, inputTokens: null, outputTokens: null, latencyMs };
  if (reply instanceof ProviderError) {
    options.onAttempt?.({ ...base, response: null, ok: false, errorKind: reply.kind, error: reply.message });
    throw reply;
  }
  options.onAttempt?.({ ...base, response: { text: reply }, ok: true, errorKind: null, error: null });
  return { text: reply, inputTokens: null, outputTokens: null, latencyMs };
}

/** The request as it was when asked: its `messages` array copied (the messages themselves are never changed). */
function snapshot(request: unknown): unknown {
  if (!request || typeof request !== 'object' || !Array.isArray((request as { messages?: unknown }).messages)) return request;
  return { ...request, messages: [...(request as { messages: unknown[] }).messages] };
}
