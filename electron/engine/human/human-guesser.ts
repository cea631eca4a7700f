import { performance } from 'node:perf_hooks';
import { ProviderError } from '../players/errors';
import type { CallOptions, ChatModel, ChatRequest, ChatResult } from '../players/types';

/**
 * A person in the guesser's seat. The game asks it for a question like any model; the answer comes
 * when the person types it. Each question is stored as a call attempt of the human "model", so the
 * record of a human game has the same shape as a model's.
 */
export class HumanGuesser implements ChatModel {
  readonly label: string;
  private waiting: { request: ChatRequest; give: (text: string) => void } | null = null;
  private listeners: (() => void)[] = [];

  constructor(handle: string) {
    this.label = `human:${handle}`;
  }

  /** The dialogue the person is answering, while the game waits for their question. */
  get pending(): ChatRequest | null {
    return this.waiting?.request ?? null;
  }

  complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatResult> {
    return new Promise((resolve, reject) => {
      const startedAt = new Date().toISOString();
      const started = performance.now();
      const abort = () => {
        this.waiting = null;
        reject(new ProviderError('aborted', 'The game was closed before the next question.'));
      };
      if (options.signal?.aborted) return abort();
      options.signal?.addEventListener('abort', abort, { once: true });
      this.waiting = {
        request,
        give: (text) => {
          options.signal?.removeEventListener('abort', abort);
          this.waiting = null;
          const latencyMs = performance.now() - started;
          options.onAttempt?.({
            attempt: 1, startedAt, request: { messages: request.messages }, response: { text }, httpStatus: null,
            latencyMs, ok: true, errorKind: null, error: null, inputTokens: null, outputTokens: null,
          });
          resolve({ text, inputTokens: null, outputTokens: null, latencyMs });
        },
      };
      this.notify();
    });
  }

  /** Hands the person's question to the game; false when the game is not waiting for one. */
  ask(question: string): boolean {
    if (!this.waiting) return false;
    this.waiting.give(question);
    return true;
  }

  /** Settles when the game next waits for a question. */
  nextQuestionWanted(): Promise<void> {
    if (this.waiting) return Promise.resolve();
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  private notify(): void {
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}
