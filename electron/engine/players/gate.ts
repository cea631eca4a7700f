import { TokenBucket } from 'limiter';
import { abortableSleep } from './sleep';

export interface RateLimits {
  /** Requests per minute. */
  rpm?: number;
  /** Tokens (prompt + completion) per minute. */
  tpm?: number;
}

/** OpenAI's reset durations: "1s", "6m0s", "20ms", "1.5s". */
export function parseResetDuration(text: string): number | null {
  let total = 0;
  let matched = false;
  for (const [, value, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    matched = true;
    total += Number(value) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as 'ms' | 's' | 'm' | 'h'];
  }
  return matched ? total : null;
}

function resetIn(value: string | null, now: number): number | null {
  if (!value) return null;
  const date = Date.parse(value);
  if (/\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(date)) return Math.max(0, date - now); // Anthropic: RFC 3339
  return parseResetDuration(value);
}

/**
 * The gate every request to one model passes: the user's requests- and tokens-per-minute budgets
 * (token buckets from `limiter`), and a pause the server imposes through `Retry-After` or
 * rate-limit headers that say nothing is left, shared by all calls to that model.
 */
export class ModelGate {
  private pausedUntil = 0;
  private readonly requests?: TokenBucket;
  private readonly tokens?: TokenBucket;

  constructor(limits: RateLimits) {
    if (limits.rpm) this.requests = full(new TokenBucket({ bucketSize: limits.rpm, tokensPerInterval: limits.rpm, interval: 'minute' }));
    if (limits.tpm) this.tokens = full(new TokenBucket({ bucketSize: limits.tpm, tokensPerInterval: limits.tpm, interval: 'minute' }));
  }

  async acquire(estimatedTokens: number, signal?: AbortSignal): Promise<void> {
    for (let wait = this.pausedUntil - Date.now(); wait > 0; wait = this.pausedUntil - Date.now()) await abortableSleep(wait, signal, 'a rate limit');
    if (this.requests) await this.requests.removeTokens(1);
    if (this.tokens) await this.tokens.removeTokens(Math.min(Math.max(1, Math.ceil(estimatedTokens)), this.tokens.bucketSize));
  }

  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms);
  }

  /** Reads OpenAI (`x-ratelimit-*`) and Anthropic (`anthropic-ratelimit-*`) headers. */
  observe(headers: Headers | undefined): void {
    if (!headers) return;
    const now = Date.now();
    for (const kind of ['requests', 'tokens']) {
      const remaining = headers.get(`x-ratelimit-remaining-${kind}`) ?? headers.get(`anthropic-ratelimit-${kind}-remaining`);
      if (remaining === null || Number(remaining) > 0) continue;
      const wait = resetIn(headers.get(`x-ratelimit-reset-${kind}`) ?? headers.get(`anthropic-ratelimit-${kind}-reset`), now);
      if (wait) this.pauseFor(wait);
    }
  }
}

function full(bucket: TokenBucket): TokenBucket {
  bucket.content = bucket.bucketSize;
  return bucket;
}

const gates = new Map<string, ModelGate>();

/** One gate per endpoint and model in this process, shared by every run and role using it. */
export function gateFor(key: string, limits: RateLimits): ModelGate {
  let gate = gates.get(key);
  if (!gate) {
    gate = new ModelGate(limits);
    gates.set(key, gate);
  }
  return gate;
}
