import { performance } from 'node:perf_hooks';
import { textOf } from '../../../shared/contract/content';
import { ProviderError } from '../players/errors';
import type { CallOptions, ChatModel, ChatRequest, ChatResult } from '../players/types';

/**
 * A person in a seat, any seat of any game. The game master asks it like any model; the answer comes
 * when the person types it. Each answer is stored as a call attempt of the human "model", so the
 * record of a human game has the same shape as a model's.
 */
export class HumanSeat implements ChatModel {
  readonly label: string;
  private waiting: { request: ChatRequest; round: number | null; give: (text: string) => void } | null = null;
  private listeners: (() => void)[] = [];

  constructor(handle: string) {
    this.label = `human:${handle}`;
  }

  /** The conversation the person is answering, while the game waits for them. */
  get pending(): ChatRequest | null {
    return this.waiting?.request ?? null;
  }

  /** The round the game is waiting in. */
  get pendingRound(): number | null {
    return this.waiting?.round ?? null;
  }

  complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatResult> {
    return new Promise((resolve, reject) => {
      const startedAt = new Date().toISOString();
      const started = performance.now();
      const abort = () => {
        this.waiting = null;
        reject(new ProviderError('aborted', 'The game was closed before the next move.'));
      };
      if (options.signal?.aborted) return abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      this.waiting = {
        request,
        round: options.round ?? null,
        give: (text) => {
          options.signal?.removeEventListener('abort', abort);
          this.waiting = null;
          const latencyMs = performance.now() - started;
          options.onAttempt?.({
            attempt: 1, startedAt, request: { messages: request.messages.map((m) => ({ role: m.role, content: typeof m.content === 'string' ? m.content : textOf(m.content) })) }, response: { text }, httpStatus: null,
            latencyMs, ok: true, errorKind: null, error: null, inputTokens: null, outputTokens: null,
          });
          resolve({ text, inputTokens: null, outputTokens: null, latencyMs });
        },
      };
      this.notify();
    });
  }

  /** Hands the person's reply to the game; false when the game is not waiting for one. */
  say(text: string): boolean {
    if (!this.waiting) return false;
    this.waiting.give(text);
    return true;
  }

  /** Settles when the game next waits for the person. */
  nextMoveWanted(): Promise<void> {
    if (this.waiting) return Promise.resolve();
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  private notify(): void {
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}
