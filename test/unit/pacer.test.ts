import { describe, expect, it } from 'vitest';
import { observe, PACE_SHARE, pause, reserve, type Budget } from '../../electron/engine/players/budget';
import { retryAfterMs } from '../../electron/engine/players/errors';
import { MemoryLedger, Pacer, budgetKey, type BudgetLedger } from '../../electron/engine/players/pacer';
import { parseResetDuration, readRateHeaders } from '../../electron/engine/players/rate-headers';
import { estimateRequestTokens } from '../../electron/engine/players/token-estimate';

describe('rate-limit headers', () => {
  it.each([
    ['1s', 1000],
    ['6m0s', 360_000],
    ['20ms', 20],
    ['1.5s', 1500],
    ['1h2m', 3_720_000],
    ['soon', null],
  ])('reset %s → %s ms', (text, ms) => {
    expect(parseResetDuration(text)).toBe(ms);
  });

  it('reads Retry-After in seconds, retry-after-ms, and HTTP dates', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '2', 'retry-after-ms': '150' }))).toBe(150);
    const inFive = new Date(Date.now() + 5000).toUTCString();
    expect(retryAfterMs(new Headers({ 'retry-after': inFive }))).toBeGreaterThan(3000);
    expect(retryAfterMs(new Headers())).toBeNull();
  });

  it('reads both providers’ limits and remaining counts', () => {
    const openai = new Headers({ 'x-ratelimit-limit-requests': '500', 'x-ratelimit-remaining-requests': '499', 'x-ratelimit-limit-tokens': '30000', 'x-ratelimit-remaining-tokens': '29000' });
    expect(readRateHeaders(openai, 0)).toEqual({ requests: { limit: 500, remaining: 499 }, tokens: { limit: 30000, remaining: 29000 }, exhaustedForMs: null });
    const anthropic = new Headers({ 'anthropic-ratelimit-requests-limit': '50', 'anthropic-ratelimit-requests-remaining': '0', 'anthropic-ratelimit-requests-reset': new Date(1500).toISOString() });
    expect(readRateHeaders(anthropic, 1000)).toEqual({ requests: { limit: 50, remaining: 0 }, tokens: { limit: null, remaining: null }, exhaustedForMs: null });
    expect(readRateHeaders(new Headers({ 'content-type': 'application/json' }), 0)).toBeNull();
    // Nothing left and no limit to pace by: wait for the reset.
    const bare = new Headers({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '150ms' });
    expect(readRateHeaders(bare, 0)?.exhaustedForMs).toBe(150);
  });

  it('estimates a request as prompt characters / 4 plus the completion budget', () => {
    expect(estimateRequestTokens(['abcd', 'efg'], 10)).toBe(2 + 10); // 7 chars → 2
    expect(estimateRequestTokens([], 0)).toBe(0);
  });
});

const budget = (over: Partial<Budget> = {}): Budget => ({
  requestsLimit: 600, tokensLimit: null, requestsLevel: 2, tokensLevel: 0, updatedMs: 0, pausedUntilMs: 0, correctedRequests: 0, correctedTokens: 0, ...over,
});

describe('budget arithmetic', () => {
  const perMs = (600 * PACE_SHARE) / 60_000; // 0.0098 requests per ms

  it('lets calls through while the level lasts, then spaces them at the paced rate', () => {
    let b = budget();
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = reserve(b, 0, 0);
      waits.push(r.waitMs);
      b = r.budget;
    }
    expect(waits[0]).toBe(0); // level 2 → 1
    expect(waits[1]).toBe(0); // 1 → 0
    expect(waits[2]).toBeCloseTo(1 / perMs, 6); // 0 → -1: 102.04 ms
    expect(waits[3]).toBeCloseTo(2 / perMs, 6);
    expect(b.requestsLevel).toBe(-2);
  });

  it('refills at the paced rate, up to the capacity less a cushion of one request', () => {
    expect(reserve(budget({ requestsLevel: 0 }), 0, 1000).budget.requestsLevel).toBeCloseTo(1000 * perMs - 1, 9); // 9.8 - 1
    expect(reserve(budget({ requestsLevel: 0 }), 0, 3_600_000).budget.requestsLevel).toBe(599 - 1);
  });

  it('paces tokens too: the binding bucket sets the wait', () => {
    const b = budget({ requestsLimit: 600, requestsLevel: 100, tokensLimit: 60_000, tokensLevel: 500 });
    const r = reserve(b, 1500, 0);
    const tokensPerMs = (60_000 * PACE_SHARE) / 60_000; // 0.98
    expect(r.waitMs).toBeCloseTo(1000 / tokensPerMs, 6); // 1,000 tokens short → 1,020.4 ms
    expect(r.expected.tokens).toBeCloseTo(0, 9);
  });

  it('takes its levels from the first server report, less the cushion', () => {
    const b = observe(null, { requests: { limit: 600, remaining: 500 }, tokens: { limit: 10_000, remaining: 9000 } }, null, 5);
    expect(b).toMatchObject({ requestsLimit: 600, requestsLevel: 499, tokensLimit: 10_000, tokensLevel: 8900, updatedMs: 5 });
  });

  it('a configured limit below the server’s wins', () => {
    expect(observe(null, { requests: { limit: 600, remaining: 600 }, tokens: { limit: null, remaining: null } }, null, 0, { rpm: 60 })?.requestsLimit).toBe(60);
  });

  it('follows a server that has less left than expected, once per shortfall', () => {
    let b = budget({ requestsLevel: 100 });
    // Two calls went out when we expected 90 and 89 left; someone else had spent 10 more.
    const first = { requests: 90, tokens: 0, correctedRequests: 0, correctedTokens: 0 };
    const second = { requests: 89, tokens: 0, correctedRequests: 0, correctedTokens: 0 };
    const seen = (remaining: number) => ({ requests: { limit: 600, remaining }, tokens: { limit: null, remaining: null } });
    b = observe(b, seen(81), first, 0)!; // server 81 - cushion 1 = 80: 10 short
    expect(b.requestsLevel).toBe(90);
    b = observe(b, seen(80), second, 0)!; // the same 10, already taken
    expect(b.requestsLevel).toBe(90);
    b = observe(b, seen(200), second, 0)!; // more left than we think: ignored, we pace from ours
    expect(b.requestsLevel).toBe(90);
  });

  it('a pause empties the levels and holds every call until it ends', () => {
    const p = pause(budget({ requestsLevel: 50 }), 2000, 1000);
    expect(p.requestsLevel).toBe(0);
    expect(reserve(p, 0, 1000).waitMs).toBe(1000);
  });
});

/** A ledger that counts how often it is used. */
class CountingLedger extends MemoryLedger {
  uses = 0;
  override update<T>(key: string, fn: Parameters<BudgetLedger['update']>[1] & ((b: Budget | null) => { next?: Budget | null; result: T })): T {
    this.uses++;
    return super.update(key, fn);
  }
}

async function elapsed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = Date.now();
  await fn();
  return Date.now() - t0;
}

describe('Pacer', () => {
  it('never touches the ledger for a server that sends no rate-limit headers', async () => {
    const ledger = new CountingLedger();
    const pacer = new Pacer('k', ledger, {});
    const constructed = ledger.uses;
    for (let i = 0; i < 100; i++) pacer.observe(new Headers({ 'content-type': 'application/json' }), await pacer.acquire(100));
    expect(ledger.uses).toBe(constructed);
  });

  it('spaces calls beyond a configured requests-per-minute budget', async () => {
    const pacer = new Pacer('k', new MemoryLedger(), { rpm: 600 }); // 9.8 per second once the burst of 599 is spent
    for (let i = 0; i < 599; i++) await pacer.acquire(1);
    expect(await elapsed(async () => { for (let i = 0; i < 3; i++) await pacer.acquire(1); })).toBeGreaterThanOrEqual(250);
  });

  it('shares one budget between pacers on one ledger (two runs, or two processes on one database)', async () => {
    const ledger = new MemoryLedger();
    const a = new Pacer('k', ledger, {});
    const b = new Pacer('k', ledger, {});
    a.observe(new Headers({ 'x-ratelimit-limit-requests': '600', 'x-ratelimit-remaining-requests': '3' }), null);
    b.observe(new Headers({ 'x-ratelimit-limit-requests': '600', 'x-ratelimit-remaining-requests': '3' }), null);
    await a.acquire(1);
    await b.acquire(1); // level 2 → 0
    expect(await elapsed(() => a.acquire(1))).toBeGreaterThanOrEqual(90); // ~102 ms for the next request
  });

  it('holds every call while the server asked to wait, and gives up when the run is stopped', async () => {
    const pacer = new Pacer('k', new MemoryLedger(), {});
    pacer.pauseFor(200);
    expect(await elapsed(() => pacer.acquire(1))).toBeGreaterThanOrEqual(190);
    pacer.pauseFor(10_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(pacer.acquire(1, controller.signal)).rejects.toThrow(/cancelled/);
  });

  it('names a budget by a hash of the key, never the key', () => {
    const key = budgetKey('openai', 'https://api.openai.com/v1', 'gpt-4o', 'sk-secret-123');
    expect(key).not.toContain('sk-secret');
    expect(key).toMatch(/^openai https:\/\/api\.openai\.com\/v1 gpt-4o key:[0-9a-f]{16}$/);
    expect(budgetKey('openai', 'e', 'm', 'other')).not.toBe(budgetKey('openai', 'e', 'm', 'sk-secret-123'));
  });
});
