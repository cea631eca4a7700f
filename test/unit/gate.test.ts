import { describe, expect, it } from 'vitest';
import { ModelGate, parseResetDuration } from '../../electron/engine/players/gate';
import { retryAfterMs } from '../../electron/engine/players/errors';

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
});

async function elapsed(fn: () => Promise<void>): Promise<number> {
  const t0 = Date.now();
  await fn();
  return Date.now() - t0;
}

describe('ModelGate', () => {
  it('lets calls through at once while the budget lasts', async () => {
    const gate = new ModelGate({ rpm: 600, tpm: 100_000 });
    expect(await elapsed(async () => { for (let i = 0; i < 20; i++) await gate.acquire(100); })).toBeLessThan(50);
  });

  it('spaces calls beyond the requests-per-minute budget', async () => {
    const gate = new ModelGate({ rpm: 600 }); // 10 per second, a burst of 600
    for (let i = 0; i < 600; i++) await gate.acquire(1);
    // The next 3 calls need 3 new tokens at 10/s.
    expect(await elapsed(async () => { for (let i = 0; i < 3; i++) await gate.acquire(1); })).toBeGreaterThanOrEqual(250);
  });

  it('holds every call while the server asked to wait', async () => {
    const gate = new ModelGate({});
    gate.pauseFor(200);
    expect(await elapsed(() => gate.acquire(1))).toBeGreaterThanOrEqual(190);
  });

  it('pauses when OpenAI or Anthropic headers say nothing is left', async () => {
    const openai = new ModelGate({});
    openai.observe(new Headers({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': '150ms' }));
    expect(await elapsed(() => openai.acquire(1))).toBeGreaterThanOrEqual(140);
    const anthropic = new ModelGate({});
    anthropic.observe(new Headers({ 'anthropic-ratelimit-tokens-remaining': '0', 'anthropic-ratelimit-tokens-reset': new Date(Date.now() + 150).toISOString() }));
    expect(await elapsed(() => anthropic.acquire(1))).toBeGreaterThanOrEqual(100);
    const plenty = new ModelGate({});
    plenty.observe(new Headers({ 'x-ratelimit-remaining-requests': '10', 'x-ratelimit-reset-requests': '5s' }));
    expect(await elapsed(() => plenty.acquire(1))).toBeLessThan(20);
  });

  it('gives up waiting when the run is stopped', async () => {
    const gate = new ModelGate({});
    gate.pauseFor(10_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(gate.acquire(1, controller.signal)).rejects.toThrow(/cancelled/);
  });
});
