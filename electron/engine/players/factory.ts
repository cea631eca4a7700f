import type { ModelConfig } from '../../../shared/contract/models';
import { modelLabel } from '../../../shared/contract/models';
import { AnthropicChatModel } from './anthropic';
import { ProviderError } from './errors';
import { OpenAIChatModel } from './openai';
import { defaultKeyEnv } from './sdk-model';
import type { ChatModel } from './types';

export type ModelFactory = (config: ModelConfig) => ChatModel;

/**
 * Builds the real SDK-backed model for a config, reading its key from the environment.
 * A custom base URL (a local server) may go without a key; the official APIs may not.
 */
export function createModel(config: ModelConfig, env: NodeJS.ProcessEnv = process.env): ChatModel {
  if (config.provider === 'scripted') {
    throw new ProviderError('bad_request', `Model ${modelLabel(config)} is a scripted test player and cannot be called from a run config.`);
  }
  const keyEnv = config.apiKeyEnv ?? defaultKeyEnv(config.provider);
  const key = env[keyEnv];
  if (!key) {
    if (config.apiKeyEnv || !config.baseUrl) {
      throw new ProviderError(
        'missing_key',
        `No API key for ${modelLabel(config)}: the environment variable ${keyEnv} is not set. ` +
          `Export it (export ${keyEnv}=...) or name another variable with apiKeyEnv.`,
      );
    }
  }
  const apiKey = key || 'no-key';
  return config.provider === 'anthropic' ? new AnthropicChatModel(config, apiKey) : new OpenAIChatModel(config, apiKey);
}
