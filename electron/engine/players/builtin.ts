import { describeError } from '../errors';
import { ProviderError } from './errors';
import { answerLocally } from './local';
import type { BuiltinPolicy, CallOptions, ChatModel, ChatRequest, ChatResult } from './types';

/**
 * A game's own programmatic player for a role (`provider: builtin`): no network, no key. Its calls are
 * recorded like a provider's, so transcripts and call logs look the same as a model's.
 */
export class BuiltinModel implements ChatModel {
  constructor(
    readonly label: string,
    private readonly policy: BuiltinPolicy,
    private readonly variant = '',
  ) {}

  async complete(request: ChatRequest, options: CallOptions = {}): Promise<ChatResult> {
    return answerLocally({ builtin: this.label, messages: request.messages }, options, () => {
      try {
        return this.policy(request.messages, this.variant);
      } catch (error) {
        return new ProviderError('internal', `The built-in player ${this.label} failed: ${describeError(error)}`);
      }
    });
  }
}
