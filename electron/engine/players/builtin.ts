import { performance } from 'node:perf_hooks';
import { modelLabel, type ModelConfig } from '../../../shared/contract/models';
import type { Game } from '../core/game';
import { describeError } from '../errors';
import { ProviderError } from './errors';
import type { CallOptions, ChatModel, ChatRequest, ChatResult } from './types';

/**
 * A game's own programmatic player for a role (`provider: builtin`): no network, no key. Its calls are
 * recorded like a provider's, so transcripts and call logs look the same as a model's.
 */
export class BuiltinModel implements ChatModel {
  readonly label: string;
  private readonly policy: NonNullable<Game['builtins']>[string];

  constructor(game: Pick<Game<unknown>, 'id' | 'shortTitle' | 'builtins'>, role: string, config: ModelConfig) {
    this.label = modelLabel(config);
    const policy = config.model === 'reference' ? game.builtins?.[role] : undefined;
    if (!policy) {
      const roles = Object.keys(game.builtins ?? {});
      throw new ProviderError(
        'model_not_found',
        roles.length === 0
          ? `${game.shortTitle} has no built-in players: choose a model for the ${role}.`
          : `No built-in player "${config.model}" for the ${role} of ${game.shortTitle}: use builtin:reference (built-in roles: ${roles.join(', ')}).`,
      );
    }
    this.policy = policy;
  }

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
