import type OpenAI from 'openai';
import type { ModelConfig } from '../../../shared/contract/models';
import { OPENAI_IMAGE_LIMITS } from './image-limits';
import { openaiContent, type ImageMode } from './content';
import { httpFetch } from './http-fetch';
import { OpenAIBatches } from './batch-openai';
import { SdkChatModel, type Extracted } from './sdk-model';
import type { ChatRequest, ModelOptions } from './types';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** OpenAI chat completions, and any OpenAI-compatible server (vLLM, Ollama, llama.cpp) via `baseUrl`. */
export class OpenAIChatModel extends SdkChatModel {
  // The SDK is loaded on the first call, not when Parlor starts: most commands call no model.
  private sdk: typeof OpenAI | null = null;
  private client: OpenAI | null = null;
  readonly imageLimits = OPENAI_IMAGE_LIMITS;
  protected readonly expected = { what: 'a chat completion', urlHint: 'An OpenAI-compatible base URL usually ends in /v1 (https://api.openai.com/v1, http://localhost:11434/v1).' };

  constructor(
    config: ModelConfig,
    private readonly apiKey: string,
    options: ModelOptions = {},
  ) {
    super(config, () => this.sdk, config.baseUrl ?? OPENAI_DEFAULT_BASE_URL, options, [apiKey]);
  }

  private async connect(): Promise<OpenAI> {
    if (!this.client) {
      this.sdk ??= (await import('openai')).default;
      this.client = new this.sdk({ apiKey: this.apiKey, baseURL: this.config.baseUrl, maxRetries: 0, timeout: this.config.timeoutMs, fetch: httpFetch });
    }
    return this.client;
  }

  protected buildBody(request: ChatRequest, images: ImageMode): Record<string, unknown> {
    const body: Record<string, unknown> = {
      model: this.config.model,
      messages: request.messages.map((m) => ({ role: m.role, content: openaiContent(m, request, images) })),
      temperature: request.temperature,
      [this.config.maxTokensField]: request.maxTokens,
      n: 1,
    };
    if (this.config.sendSeed && request.seed !== undefined) body.seed = request.seed;
    return body;
  }

  protected async send(body: Record<string, unknown>, signal?: AbortSignal) {
    const client = await this.connect();
    const { data, response } = await client.chat.completions
      .create(body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, { signal })
      .withResponse();
    return { data: data as unknown, status: response.status, headers: response.headers };
  }

  private batches: OpenAIBatches | null = null;
  protected batchTransport(): OpenAIBatches {
    return (this.batches ??= new OpenAIBatches(() => this.connect()));
  }

  protected extract(data: unknown): Extracted {
    const body = data as Partial<OpenAI.ChatCompletion> | null;
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('choices[0].message.content is missing');
    return {
      text: content,
      inputTokens: body?.usage?.prompt_tokens ?? null,
      outputTokens: body?.usage?.completion_tokens ?? null,
      cachedInputTokens: body?.usage?.prompt_tokens_details?.cached_tokens ?? null,
      cacheWriteTokens: null,
    };
  }
}
