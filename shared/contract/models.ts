import { z } from 'zod';

/**
 * Providers Parlor can talk to. `scripted` players exist for tests and replays only; `human` is a person
 * playing in the app (the model id is their handle); `builtin` is a game's own programmatic player (model
 * `reference`); `imported` stands for a model whose episodes came from another harness's logs.
 */
export const ProviderIdSchema = z.enum(['openai', 'anthropic', 'scripted', 'human', 'builtin', 'imported']);
export type ProviderId = z.infer<typeof ProviderIdSchema>;

const envVarName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name such as OPENAI_API_KEY');

/**
 * A model as a run uses it. Secrets are never part of it: `apiKeyEnv` names the environment
 * variable that holds the key, so the config can be stored and shared safely.
 */
export const ModelConfigSchema = z
  .object({
    provider: ProviderIdSchema,
    model: z.string().trim().min(1, 'model id is empty'),
    /** OpenAI-compatible servers (vLLM, Ollama, llama.cpp) or a proxy; defaults to the provider's API. */
    baseUrl: z.url({ protocol: /^https?$/, error: 'baseUrl must be an http(s) URL' }).optional(),
    apiKeyEnv: envVarName.optional(),
    /** Sent as the OpenAI `seed` parameter (per episode) so repetitions are reproducible where servers honour it. */
    sendSeed: z.boolean().default(true),
    /** Newer OpenAI reasoning models accept only `max_completion_tokens`. */
    maxTokensField: z.enum(['max_tokens', 'max_completion_tokens']).default('max_tokens'),
    /** Per-call timeout. */
    timeoutMs: z.number().int().positive().max(600_000).default(60_000),
    /** Attempts per call for 429, 5xx, timeouts, connection errors and malformed bodies. */
    maxAttempts: z.number().int().min(1).max(20).default(6),
    /**
     * How many images the model takes in one message: `many` (when absent), `one` (clembench's "multiple_images":
     * false) or `none` (text only). A game that shows more in a message than the model takes is not
     * played with it: the run is marked "cannot play", as clembench records such models, not errored.
     */
    imageInput: z.enum(['many', 'one', 'none']).optional(),
    /**
     * Anthropic prompt caching: `auto` (when absent) marks the long shared prefixes (the system prompt, the
     * first user message with the game's rules, the conversation so far) with `cache_control`; `off` sends
     * no marks. OpenAI caches long prefixes by itself.
     */
    promptCache: z.enum(['auto', 'off']).optional(),
    /** Client-side caps below what the server advertises, on the budget every process shares. */
    rpm: z.number().positive().optional(),
    tpm: z.number().positive().optional(),
  })
  .strict();
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
export type ModelConfigInput = z.input<typeof ModelConfigSchema>;

/** The short name a model is shown under in tables. */
export function modelLabel(config: Pick<ModelConfig, 'provider' | 'model'>): string {
  return `${config.provider}:${config.model}`;
}

/**
 * Parses `provider:model` (e.g. `openai:gpt-4o`, `anthropic:claude-sonnet-4-5`).
 * A bare model id means OpenAI, the de-facto wire format of local servers.
 */
export function parseModelSpec(spec: string): { provider: ProviderId; model: string } {
  const match = /^(openai|anthropic|scripted|builtin):(.+)$/.exec(spec.trim());
  if (match) return { provider: match[1] as ProviderId, model: match[2]! };
  if (/^[a-z]+:/.test(spec) && !spec.includes('/')) {
    const provider = spec.split(':')[0];
    throw new Error(`Unknown provider "${provider}" in model "${spec}": use openai:<model>, anthropic:<model> or builtin:reference`);
  }
  return { provider: 'openai', model: spec.trim() };
}
