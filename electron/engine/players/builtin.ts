import { performance } from 'node:perf_hooks';
import { describeError } from '../errors';
import { ProviderError } from './errors';
import type { BuiltinPolicy, CallOptions, ChatModel, ChatRequest, ChatResult } from './types';

/**
 * A game's own programmatic player for a role (`provider: builtin`): no network, no key. Its calls are
 * recorded like a provider's, so transcripts and call logs look the same as a model's.
 */
export class BuiltinModel implements ChatModel {
  constructor(
    readonly label: string,
    private readonly policy: BuiltinPolicy,
  ) {}

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatResult> {
    const t0 = performance.now();
    const startedAt = new Date().toISOString();
    const base = { attempt: 1, startedAt, request: { builtin: this.label, messages: request.messages }, httpStatus: null, inputTokens: null, outputTokens: null };
    let text: string;
    try {
      text = this.policy(request.messages);
    } catch (error) {
      const failure = new ProviderError('internal', `The built-in player ${this.label} failed: ${describeError(error)}`);
      options.onAttempt?.({ ...base, response: null, latencyMs: performance.now() - t0, ok: false, errorKind: failure.kind, error: failure.message });
      throw failure;
    }
    const latencyMs = performance.now() - t0;
    options.onAttempt?.({ ...base, response: { text }, latencyMs, ok: true, errorKind: null, error: null });
    return { text, inputTokens: null, outputTokens: null, latencyMs };
  }
}
