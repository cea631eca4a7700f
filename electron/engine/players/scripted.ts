import { performance } from 'node:perf_hooks';
import { ProviderError } from './errors';
import type { CallOptions, ChatModel, ChatRequest, ChatResult } from './types';

/** What a script answers for one request: text, or an error to raise as the provider would. */
export type ScriptReply = string | ProviderError;
export type Script = (request: ChatRequest, callIndex: number) => ScriptReply;

/** A deterministic player for tests and replays; records its attempts exactly like a real provider. */
export class ScriptedModel implements ChatModel {
  private calls = 0;
  readonly requests: ChatRequest[] = [];

  constructor(
    readonly label: string,
    private readonly script: Script,
  ) {}

  /** Replies with the given lines in order, failing loudly when the script runs out. */
  static fromLines(label: string, lines: readonly string[]): ScriptedModel {
    return new ScriptedModel(label, (_request, i) => {
      const line = lines[i];
      if (line === undefined) return new ProviderError('internal', `script "${label}" has only ${lines.length} replies`);
      return line;
    });
  }

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatResult> {
    const index = this.calls++;
    this.requests.push(structuredClone(request));
    const t0 = performance.now();
    const reply = this.script(request, index);
    const startedAt = new Date().toISOString();
    const base = { attempt: 1, startedAt, request: { script: this.label, ...request }, httpStatus: null, inputTokens: null, outputTokens: null };
    if (reply instanceof ProviderError) {
      options.onAttempt?.({ ...base, response: null, latencyMs: performance.now() - t0, ok: false, errorKind: reply.kind, error: reply.message });
      throw reply;
    }
    const latencyMs = performance.now() - t0;
    options.onAttempt?.({ ...base, response: { text: reply }, latencyMs, ok: true, errorKind: null, error: null });
    return { text: reply, inputTokens: null, outputTokens: null, latencyMs };
  }
}
