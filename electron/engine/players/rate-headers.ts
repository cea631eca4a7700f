import type { Observed } from './budget';

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

/** Milliseconds until a reset header's moment: Anthropic sends RFC 3339 times, OpenAI durations. */
export function resetIn(value: string | null, now: number): number | null {
  if (!value) return null;
  const date = Date.parse(value);
  if (/\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(date)) return Math.max(0, date - now);
  return parseResetDuration(value);
}

export interface RateHeaders {
  requests: Observed;
  tokens: Observed;
  /** Set only when the server says nothing is left without saying its limit: wait this long. */
  exhaustedForMs: number | null;
}

/** The minimal header interface both SDKs' responses offer. */
export interface HeaderSource {
  get(name: string): string | null;
}

function numberOf(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Reads OpenAI (`x-ratelimit-*`) and Anthropic (`anthropic-ratelimit-*`) headers. Anthropic's
 * `tokens` headers report its most restrictive token limit, which is what a call's estimate is paced by.
 */
export function readRateHeaders(headers: HeaderSource, now: number): RateHeaders | null {
  const read = (kind: 'requests' | 'tokens') => {
    const limit = numberOf(headers.get(`x-ratelimit-limit-${kind}`) ?? headers.get(`anthropic-ratelimit-${kind}-limit`));
    const remaining = numberOf(headers.get(`x-ratelimit-remaining-${kind}`) ?? headers.get(`anthropic-ratelimit-${kind}-remaining`));
    const reset = headers.get(`x-ratelimit-reset-${kind}`) ?? headers.get(`anthropic-ratelimit-${kind}-reset`);
    return { limit: limit && limit > 0 ? limit : null, remaining, reset };
  };
  const requests = read('requests');
  const tokens = read('tokens');
  if (requests.limit === null && tokens.limit === null && requests.remaining === null && tokens.remaining === null) return null;
  let exhaustedForMs: number | null = null;
  for (const kind of [requests, tokens]) {
    if (kind.limit === null && kind.remaining === 0) exhaustedForMs = Math.max(exhaustedForMs ?? 0, resetIn(kind.reset, now) ?? 0);
  }
  return {
    requests: { limit: requests.limit, remaining: requests.remaining },
    tokens: { limit: tokens.limit, remaining: tokens.remaining },
    exhaustedForMs,
  };
}
