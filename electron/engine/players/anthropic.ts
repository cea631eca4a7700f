import type Anthropic from '@anthropic-ai/sdk';
import type { ModelConfig } from '../../../shared/contract/models';
import { textOf } from '../../../shared/contract/content';
import { ANTHROPIC_IMAGE_LIMITS } from './image-limits';
import { anthropicContent, type ImageMode } from './content';
import { httpFetch } from './http-fetch';
import { AnthropicBatches } from './batch-anthropic';
import { withCacheMarks } from './cache-marks';
import { SdkChatModel, type Extracted } from './sdk-model';
import type { ChatRequest, ModelOptions } from './types';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** Anthropic messages API; system messages become the `system` parameter. */
export class AnthropicChatModel extends SdkChatModel {
  // The SDK costs ~40 MB once loaded, so it is loaded on the first call, not when Parlor starts.
  private sdk: typeof Anthropic | null = null;
  private client: Anthropic | null = null;
  readonly imageLimits = ANTHROPIC_IMAGE_LIMITS;
  protected readonly expected = { what: 'a Messages API reply', urlHint: 'An Anthropic base URL is the server alone, without /v1 (https://api.anthropic.com): the SDK adds /v1/messages.' };

  constructor(
    config: ModelConfig,
    private readonly apiKey: string,
    options: ModelOptions = {},
  ) {
    super(config, () => this.sdk, config.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL, options, [apiKey]);
  }

  private async connect(): Promise<Anthropic> {
    if (!this.client) {
      this.sdk ??= (await import('@anthropic-ai/sdk')).default;
      const { baseUrl, timeoutMs } = this.config;
      this.client = new this.sdk({ apiKey: this.apiKey, baseURL: baseUrl, maxRetries: 0, timeout: timeoutMs, fetch: httpFetch });
    }
    return this.client;
  }

  protected buildBody(request: ChatRequest, images: ImageMode): Record<string, unknown> {
    const system = request.messages.filter((m) => m.role === 'system').map((m) => textOf(m.content));
    const body: Record<string, unknown> = {
      model: this.config.model,
      max_tokens: request.maxTokens,
      temperature: Math.min(1, request.temperature),
      messages: request.messages.filter((m) => m.role !== 'system').map((m) => ({ role: m.role, content: anthropicContent(m, request, images) })),
    };
    if (system.length) body.system = system.join('\n\n');
    return body;
  }

  protected async send(body: Record<string, unknown>, signal?: AbortSignal) {
    const client = await this.connect();
    const { data, response } = await client.messages
      .create(body as unknown as Anthropic.MessageCreateParamsNonStreaming, { signal })
      .withResponse();
    return { data: data as unknown, status: response.status, headers: response.headers };
  }

  private batches: AnthropicBatches | null = null;
  protected batchTransport(): AnthropicBatches {
    return (this.batches ??= new AnthropicBatches(() => this.connect()));
  }

  protected extract(data: unknown): Extracted {
    const body = data as Partial<Anthropic.Message> | null;
    if (!Array.isArray(body?.content)) throw new Error('content is missing');
    const text = body.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    const usage = body.usage;
    const read = usage?.cache_read_input_tokens ?? null;
    const written = usage?.cache_creation_input_tokens ?? null;
    // Anthropic counts cached prompt tokens apart; inputTokens means every prompt token, as OpenAI's.
    const input = typeof usage?.input_tokens === 'number' ? usage.input_tokens + (read ?? 0) + (written ?? 0) : null;
    return { text, inputTokens: input, outputTokens: usage?.output_tokens ?? null, cachedInputTokens: read, cacheWriteTokens: written };
  }

  /** The stored body with the long shared prefixes marked for Anthropic's prompt cache (never stored or cached). */
  protected override wireBody(request: ChatRequest, body: Record<string, unknown>): Record<string, unknown> {
    const wire = super.wireBody(request, body);
    return this.config.promptCache === 'off' ? wire : withCacheMarks(wire);
  }
}
