import type { ModelConfig } from '../../../shared/contract/models';
import { modelLabel } from '../../../shared/contract/models';
import { AnthropicChatModel } from './anthropic';
import { ProviderError } from './errors';
import { OpenAIChatModel } from './openai';
import { defaultKeyEnv } from './sdk-model';
import type { ChatModel, ModelOptions } from './types';

export type ModelFactory = (config: ModelConfig, options?: ModelOptions) => ChatModel;

/**
 * Builds the real SDK-backed model for a config, reading its key from the environment.
 * A custom base URL (a local server) may go without a key; the official APIs may not.
 */
export function createModel(config: ModelConfig, options: ModelOptions = {}, env: NodeJS.ProcessEnv = process.env): ChatModel {
  if (config.provider === 'scripted' || config.provider === 'human' || config.provider === 'imported') {
    const what = { scripted: 'scripted test player', human: 'human player', imported: "model known only from another harness's logs" }[config.provider];
    throw new ProviderError('bad_request', `${modelLabel(config)} is a ${what}, not a model a run can call.`);
  }
  if (config.provider === 'builtin') throw new ProviderError('bad_request', `${modelLabel(config)} is a game's built-in player: it plays in a run of its game only.`);
  const keyEnv = config.apiKeyEnv ?? defaultKeyEnv(config.provider);
  const key = env[keyEnv];
  // Replaying from the cache calls no provider, so it needs no key.
  if (!key && options.cacheMode !== 'only') {
    if (config.apiKeyEnv || !config.baseUrl) {
      throw new ProviderError(
        'missing_key',
        `No API key for ${modelLabel(config)}: the environment variable ${keyEnv} is not set. ` +
          `Export it (export ${keyEnv}=...) or name another variable with apiKeyEnv.`,
      );
    }
  }
  const apiKey = key || 'no-key';
  return config.provider === 'anthropic' ? new AnthropicChatModel(config, apiKey, options) : new OpenAIChatModel(config, apiKey, options);
}
