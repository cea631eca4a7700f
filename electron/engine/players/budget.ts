/**
 * A rate budget for one API key, endpoint and model, as pure arithmetic: two token buckets (requests
 * and tokens) that refill continuously at the per-minute limit, the way OpenAI and Anthropic describe
 * their limits. A call reserves its share up front; a level below zero is reserved ahead, and the call
 * waits until the bucket would have refilled to cover it. Nothing here reads a clock or a database.
 */
export interface Budget {
  requestsLimit: number | null;
  tokensLimit: number | null;
  requestsLevel: number;
  tokensLevel: number;
  /** When the levels were last brought up to date (ms since the epoch). */
  updatedMs: number;
  /** No call may start before this (a 429's Retry-After, or headers that say nothing is left). */
  pausedUntilMs: number;
  /**
   * Everything taken off the levels so far because a server had less left than expected. Calls sent
   * before a correction report the same shortfall again; this keeps it from being taken twice.
   */
  correctedRequests: number;
  correctedTokens: number;
}

/** Pace at this share of the advertised rate, so clock and network jitter never tip a call over. */
export const PACE_SHARE = 0.98;
/** Kept back from the server's remaining count: one request, and this share of the token limit. */
export const TOKEN_CUSHION = 0.01;

const MINUTE_MS = 60_000;

/** What a server said about one kind of limit in one response. */
export interface Observed {
  limit: number | null;
  remaining: number | null;
}

export interface Reservation {
  budget: Budget;
  /** How long the call must wait before it is sent. */
  waitMs: number;
  /** The levels right when the call goes out, to compare with what the server then reports. */
  expected: Expected;
}

/** Our levels for the moment a call went out, and the corrections made up to then. */
export interface Expected {
  requests: number;
  tokens: number;
  correctedRequests: number;
  correctedTokens: number;
}

function rate(limit: number | null): number {
  return limit ? (limit * PACE_SHARE) / MINUTE_MS : 0;
}

function capacity(limit: number, cushion: number): number {
  return Math.max(1, limit - cushion);
}

function requestsCushion(): number {
  return 1;
}

function tokensCushion(limit: number): number {
  return Math.ceil(limit * TOKEN_CUSHION);
}

/** The levels as of `now`: refilled at the paced rate, never above the capacity. */
export function refill(b: Budget, now: number): Budget {
  const elapsed = Math.max(0, now - b.updatedMs);
  const requestsLevel = b.requestsLimit ? Math.min(capacity(b.requestsLimit, requestsCushion()), b.requestsLevel + elapsed * rate(b.requestsLimit)) : 0;
  const tokensLevel = b.tokensLimit ? Math.min(capacity(b.tokensLimit, tokensCushion(b.tokensLimit)), b.tokensLevel + elapsed * rate(b.tokensLimit)) : 0;
  return { ...b, requestsLevel, tokensLevel, updatedMs: Math.max(now, b.updatedMs) };
}

/** Takes one request and `tokens` tokens; the wait is until both buckets (and any pause) allow it. */
export function reserve(b: Budget, tokens: number, now: number): Reservation {
  const r = refill(b, now);
  const cost = r.tokensLimit ? Math.min(tokens, capacity(r.tokensLimit, tokensCushion(r.tokensLimit))) : 0;
  const requestsLevel = r.requestsLimit ? r.requestsLevel - 1 : 0;
  const tokensLevel = r.tokensLimit ? r.tokensLevel - cost : 0;
  const waits = [r.pausedUntilMs - now];
  if (r.requestsLimit && requestsLevel < 0) waits.push(-requestsLevel / rate(r.requestsLimit));
  if (r.tokensLimit && tokensLevel < 0) waits.push(-tokensLevel / rate(r.tokensLimit));
  const waitMs = Math.max(0, ...waits);
  // By the time the call goes out, the buckets have refilled for `waitMs`.
  const expected = {
    requests: requestsLevel + waitMs * rate(r.requestsLimit),
    tokens: tokensLevel + waitMs * rate(r.tokensLimit),
    correctedRequests: r.correctedRequests,
    correctedTokens: r.correctedTokens,
  };
  return { budget: { ...r, requestsLevel, tokensLevel }, waitMs, expected };
}

/**
 * Takes in what a response's headers said. The first report sets the limits and the levels; later
 * ones only ever lower a level: a server with less left than expected means someone else spends from
 * the same key (another tool, another machine), and the budget follows. `unsent` are calls of this
 * process already on their way that the server's count may not include yet.
 */
export function observe(
  b: Budget | null,
  seen: { requests: Observed; tokens: Observed },
  expected: Expected | null,
  now: number,
  configured: { rpm?: number; tpm?: number } = {},
): Budget | null {
  const requestsLimit = minLimit(seen.requests.limit ?? b?.requestsLimit ?? null, configured.rpm);
  const tokensLimit = minLimit(seen.tokens.limit ?? b?.tokensLimit ?? null, configured.tpm);
  if (!requestsLimit && !tokensLimit) return b;
  const base = b ? refill(b, now) : null;
  const fresh = !base || (!base.requestsLimit && requestsLimit) || (!base.tokensLimit && tokensLimit);
  const corrected = { requests: base?.correctedRequests ?? 0, tokens: base?.correctedTokens ?? 0 };
  const level = (kind: 'requests' | 'tokens', limit: number | null, cushion: number): number => {
    if (!limit) return 0;
    const remaining = seen[kind].remaining;
    const current = base && base[`${kind}Limit`] ? base[`${kind}Level`] : null;
    if (remaining === null) return current ?? capacity(limit, cushion);
    const server = remaining - cushion;
    if (current === null || fresh) return Math.min(server, capacity(limit, cushion));
    if (!expected) return current;
    // The server's count is of the moment this call arrived; `expected` is ours for that moment,
    // less what was corrected since (other calls reported the same shortfall first).
    const since = corrected[kind] - (kind === 'requests' ? expected.correctedRequests : expected.correctedTokens);
    const drift = expected[kind] - since - server;
    if (drift <= 0) return current;
    corrected[kind] += drift;
    return current - drift;
  };
  const requestsLevel = level('requests', requestsLimit, requestsCushion());
  const tokensLevel = level('tokens', tokensLimit, tokensLimit ? tokensCushion(tokensLimit) : 0);
  return {
    requestsLimit,
    tokensLimit,
    requestsLevel,
    tokensLevel,
    updatedMs: Math.max(now, base?.updatedMs ?? now),
    pausedUntilMs: base?.pausedUntilMs ?? 0,
    correctedRequests: corrected.requests,
    correctedTokens: corrected.tokens,
  };
}

/** A pause the server imposed (429 Retry-After, or nothing left until a reset): nothing starts before it ends. */
export function pause(b: Budget | null, untilMs: number, now: number): Budget {
  const base = b ?? { requestsLimit: null, tokensLimit: null, requestsLevel: 0, tokensLevel: 0, updatedMs: now, pausedUntilMs: 0, correctedRequests: 0, correctedTokens: 0 };
  const r = refill(base, now);
  // The server has nothing left now: whatever we thought was left is not.
  return { ...r, requestsLevel: Math.min(r.requestsLevel, 0), tokensLevel: Math.min(r.tokensLevel, 0), pausedUntilMs: Math.max(r.pausedUntilMs, untilMs) };
}

function minLimit(seen: number | null, configured: number | undefined): number | null {
  if (seen && configured) return Math.min(seen, configured);
  return seen ?? configured ?? null;
}

/** A budget for limits the user configured, before any server has said anything. */
export function configuredBudget(configured: { rpm?: number; tpm?: number }, now: number): Budget | null {
  if (!configured.rpm && !configured.tpm) return null;
  return {
    requestsLimit: configured.rpm ?? null,
    tokensLimit: configured.tpm ?? null,
    requestsLevel: configured.rpm ? capacity(configured.rpm, requestsCushion()) : 0,
    tokensLevel: configured.tpm ? capacity(configured.tpm, tokensCushion(configured.tpm)) : 0,
    updatedMs: now,
    pausedUntilMs: 0,
    correctedRequests: 0,
    correctedTokens: 0,
  };
}
