import { modelLabel, type ModelConfig } from '../../../../shared/contract/models';
import { capabilityOf } from '../../core/capability';
import type { Game } from '../../core/game';
import { describeError } from '../../errors';
import { ProviderError } from '../../players/errors';
import { answerLocally } from '../../players/local';
import type { CallOptions, ChatModel, ChatRequest, ChatResult } from '../../players/types';
import type { BuiltinPolicy } from './provision';

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

/** The game's own player for a role (`builtin:reference`, `builtin:reference-<name>`), or a clear error when it has none by that name. */
export function builtinModel(game: Pick<Game<unknown>, 'id' | 'shortTitle'>, role: string, config: ModelConfig): ChatModel {
  const players = capabilityOf(game, 'builtins');
  const name = /^reference(?:-([A-Za-z0-9_.]+))?$/.exec(config.model);
  const policy = name ? players?.[role] : undefined;
  if (policy) return new BuiltinModel(modelLabel(config), policy, name?.[1] ?? '');
  const roles = Object.keys(players ?? {});
  throw new ProviderError(
    'model_not_found',
    roles.length === 0
      ? `${game.shortTitle} has no built-in players: choose a model for the ${role}.`
      : `No built-in player "${config.model}" for the ${role} of ${game.shortTitle}: use builtin:reference, or builtin:reference-<name> for distinct built-in players (built-in roles: ${roles.join(', ')}).`,
  );
}
