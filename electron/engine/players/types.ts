import type { ContentPart } from '../../../shared/contract/content';
import type { ErrorKind } from '../../../shared/contract/records';
import type { ImageLimits } from './image-limits';

/** A message's content: plain text, or parts (text and `media:` image references). */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | readonly ContentPart[];
}

/** The bytes behind a `media:` reference, as a provider needs them. */
export interface ImageData {
  mime: string;
  base64: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /** Forwarded where the provider supports it (OpenAI `seed`). */
  seed?: number;
  /** The images the messages refer to, by `media:` reference (the runner resolves them from the store). */
  images?: ReadonlyMap<string, ImageData>;
}

export interface ChatResult {
  text: string;
  inputTokens: number | null;
  outputTokens: number | null;
  latencyMs: number;
}

/** One HTTP exchange with a provider, successful or not, exactly as it went over the wire. */
export interface CallAttempt {
  attempt: number;
  startedAt: string;
  request: unknown;
  response: unknown;
  httpStatus: number | null;
  latencyMs: number;
  ok: boolean;
  errorKind: ErrorKind | null;
  error: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cached?: boolean;
  /** The provider batch that answered (batch price). */
  batchId?: number;
  /** Of the input tokens, read from and written to the provider's prompt cache. */
  cachedInputTokens?: number | null;
  cacheWriteTokens?: number | null;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** The game's round the call is for (a person's seat shows it; models ignore it). */
  round?: number;
  /** Called once per attempt as soon as it ends, so every call is stored even if the episode dies later. */
  onAttempt?: (attempt: CallAttempt) => void;
  /** Where in a run the call is made; a batch names its request by it. */
  site?: CallSite;
}

export interface CallSite {
  episodeId: number;
  seat: string;
  round: number;
}

/** One request answered by a provider's batch service, or why it was not. */
export type BatchAnswer = { batchId: number; response: unknown } | { batchId: number; error: import('./batch-transport').ItemError };

/** Sends calls through a provider's batch service instead of one by one (a run in batch mode). */
export interface BatchSink {
  /** Whether a call at this site goes through a batch. */
  wants(site: CallSite | undefined): boolean;
  /** Resolves once the batch holding this request has ended (at once if an earlier session collected it). */
  call(input: {
    requestKey: string;
    /** Stored with the batch: images by reference. */
    stored: Record<string, unknown>;
    /** Sent to the provider. */
    wire: Record<string, unknown>;
    transport: import('./batch-transport').BatchTransport;
    config: import('../../../shared/contract/models').ModelConfig;
    signal?: AbortSignal;
  }): Promise<BatchAnswer>;
}

/** A model behind one provider; implementations must not retry on their own (see `withRetries`). */
export interface ChatModel {
  readonly label: string;
  /** The images the provider accepts (formats, sizes); images outside them are converted before the call. Absent: any image is passed on. */
  readonly imageLimits?: ImageLimits;
  complete(request: ChatRequest, options?: CallOptions): Promise<ChatResult>;
}

/** Opt-in per run: `use` reads and fills the cache, `only` replays from it and never calls a provider. */
export type CacheMode = 'off' | 'use' | 'only';

/** Where provider responses are cached, keyed by the full request. */
export interface ResponseCache {
  get(key: string): unknown;
  put(key: string, model: string, request: unknown, response: unknown): void;
}

/** How a model is wired into a run: cache and retry policy. */
export interface ModelOptions {
  cache?: ResponseCache;
  cacheMode?: CacheMode;
  retry?: Partial<import('./retry').RetryPolicy>;
  /** Where rate budgets live; the store's, in a run, so every process on the database shares them. */
  budgets?: import('./pacer').BudgetLedger;
  /** Set in batch mode: calls it wants go through the provider's batch service. */
  batch?: BatchSink;
}
