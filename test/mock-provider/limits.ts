/**
 * The mock provider's rate limits: per model, a requests bucket and a tokens bucket that start full at
 * the per-minute limit and refill continuously (as OpenAI describes its limits), the headers both
 * providers send with every answer, and what was admitted, to measure how close a client came.
 */
import { estimateRequestTokens } from '../../electron/engine/players/token-estimate';

export interface MockLimits {
  rpm?: number;
  tpm?: number;
}

interface Bucket {
  limit: number;
  level: number;
  at: number;
}

interface ModelLimitState {
  requests: Bucket | null;
  tokens: Bucket | null;
  admitted: number;
  rejected: number;
  tokensAdmitted: number;
  firstAt: number | null;
  lastAt: number | null;
}

export interface ModelLimitStats {
  admitted: number;
  rejected: number;
  tokensAdmitted: number;
  firstAt: number | null;
  lastAt: number | null;
  rpm: number | null;
  tpm: number | null;
  /** Admitted ÷ what the bucket could have admitted between the first and the last admitted request. */
  requestsFraction: number | null;
  tokensFraction: number | null;
}

function refill(b: Bucket, now: number): void {
  b.level = Math.min(b.limit, b.level + ((now - b.at) * b.limit) / 60_000);
  b.at = now;
}

/** OpenAI's duration format: "1s", "6m0s", "20ms", "1.5s". */
function duration(ms: number): string {
  if (ms < 1000) return `${Math.ceil(ms)}ms`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round(((ms % 60_000) / 1000) * 1000) / 1000;
  return minutes ? `${minutes}m${seconds}s` : `${seconds}s`;
}

/** The text of a request's messages as the charge counts them (Anthropic's system first). */
export function requestTexts(body: Record<string, unknown>): string[] {
  const text = (content: unknown): string =>
    typeof content === 'string' ? content : Array.isArray(content) ? content.map((b) => (b && typeof b === 'object' && 'text' in b ? String((b as { text: unknown }).text) : '')).join('') : '';
  const texts: string[] = [];
  if (body.system !== undefined) texts.push(text(body.system));
  for (const m of Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : []) texts.push(text(m.content));
  return texts;
}

export class RateLimits {
  private readonly models = new Map<string, ModelLimitState>();

  constructor(private readonly limits: MockLimits) {}

  get active(): boolean {
    return Boolean(this.limits.rpm || this.limits.tpm);
  }

  private state(model: string, now: number): ModelLimitState {
    let s = this.models.get(model);
    if (!s) {
      const bucket = (limit: number | undefined): Bucket | null => (limit ? { limit, level: limit, at: now } : null);
      s = { requests: bucket(this.limits.rpm), tokens: bucket(this.limits.tpm), admitted: 0, rejected: 0, tokensAdmitted: 0, firstAt: null, lastAt: null };
      this.models.set(model, s);
    }
    return s;
  }

  /** Admits the request at `now` or says how long until it would be admitted. */
  admit(model: string, body: Record<string, unknown>, now: number): { ok: true } | { ok: false; retryAfterMs: number; what: 'requests' | 'tokens' } {
    const s = this.state(model, now);
    const maxTokens = Number(body.max_tokens ?? body.max_completion_tokens ?? 0);
    const charge = estimateRequestTokens(requestTexts(body), maxTokens);
    if (s.requests) refill(s.requests, now);
    if (s.tokens) refill(s.tokens, now);
    const shortRequests = s.requests && s.requests.level < 1 ? ((1 - s.requests.level) * 60_000) / s.requests.limit : 0;
    const shortTokens = s.tokens && s.tokens.level < charge ? ((charge - s.tokens.level) * 60_000) / s.tokens.limit : 0;
    if (shortRequests > 0 || shortTokens > 0) {
      s.rejected++;
      return { ok: false, retryAfterMs: Math.ceil(Math.max(shortRequests, shortTokens)), what: shortRequests >= shortTokens ? 'requests' : 'tokens' };
    }
    if (s.requests) s.requests.level -= 1;
    if (s.tokens) s.tokens.level -= charge;
    s.admitted++;
    s.tokensAdmitted += charge;
    s.firstAt ??= now;
    s.lastAt = now;
    return { ok: true };
  }

  /** The rate-limit headers of an answer for `model`, in the provider's format. */
  headers(format: 'openai' | 'anthropic', model: string, now: number): Record<string, string> {
    const s = this.state(model, now);
    const out: Record<string, string> = {};
    for (const [kind, b] of [['requests', s.requests], ['tokens', s.tokens]] as const) {
      if (!b) continue;
      refill(b, now);
      const remaining = String(Math.max(0, Math.floor(b.level)));
      const fullInMs = ((b.limit - b.level) * 60_000) / b.limit;
      if (format === 'openai') {
        out[`x-ratelimit-limit-${kind}`] = String(b.limit);
        out[`x-ratelimit-remaining-${kind}`] = remaining;
        out[`x-ratelimit-reset-${kind}`] = duration(fullInMs);
      } else {
        out[`anthropic-ratelimit-${kind}-limit`] = String(b.limit);
        out[`anthropic-ratelimit-${kind}-remaining`] = remaining;
        out[`anthropic-ratelimit-${kind}-reset`] = new Date(now + fullInMs).toISOString();
      }
    }
    return out;
  }

  stats(): Record<string, ModelLimitStats> {
    const out: Record<string, ModelLimitStats> = {};
    for (const [model, s] of this.models) {
      const span = s.firstAt !== null && s.lastAt !== null ? s.lastAt - s.firstAt : 0;
      const fraction = (used: number, limit: number | undefined) => (limit ? used / (limit + (limit * span) / 60_000) : null);
      out[model] = {
        admitted: s.admitted, rejected: s.rejected, tokensAdmitted: s.tokensAdmitted, firstAt: s.firstAt, lastAt: s.lastAt,
        rpm: this.limits.rpm ?? null, tpm: this.limits.tpm ?? null,
        requestsFraction: fraction(s.admitted, this.limits.rpm), tokensFraction: fraction(s.tokensAdmitted, this.limits.tpm),
      };
    }
    return out;
  }

  /** Forgets what was admitted and fills every bucket again. */
  reset(): void {
    this.models.clear();
  }
}
