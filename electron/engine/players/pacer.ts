import { createHash } from 'node:crypto';
import { configuredBudget, observe, pause, reserve, type Budget, type Expected } from './budget';
import { readRateHeaders, type HeaderSource } from './rate-headers';
import { abortableSleep } from './sleep';

/**
 * Where budgets live. `update` reads one budget and writes what `fn` returns as a single atomic
 * step; the store's ledger does it in a write transaction, so every process on the database shares it.
 */
export interface BudgetLedger {
  update<T>(key: string, fn: (current: Budget | null) => { next?: Budget | null; result: T }): T;
}

/** Budgets of this process only (tests, one-off calls outside a run). */
export class MemoryLedger implements BudgetLedger {
  private readonly budgets = new Map<string, Budget>();
  update<T>(key: string, fn: (current: Budget | null) => { next?: Budget | null; result: T }): T {
    const { next, result } = fn(this.budgets.get(key) ?? null);
    if (next) this.budgets.set(key, next);
    else if (next === null) this.budgets.delete(key);
    return result;
  }
}

const processLedger = new MemoryLedger();

export interface Limits {
  rpm?: number;
  tpm?: number;
}

/**
 * Paces every call that spends from one budget: one API key at one endpoint for one model, the unit
 * both providers limit. Until a server has sent rate-limit headers (and no limit is configured) calls
 * go straight out and nothing is read or written; from then on each call reserves its request and
 * its estimated tokens and waits its turn, and each response corrects the budget.
 */
export class Pacer {
  /** Whether this budget has limits at all; false for servers that send no rate-limit headers. */
  private active: boolean;

  constructor(
    readonly key: string,
    private readonly ledger: BudgetLedger,
    private readonly configured: Limits,
  ) {
    this.active = Boolean(configured.rpm || configured.tpm) || ledger.update(key, (b) => ({ result: Boolean(b?.requestsLimit || b?.tokensLimit) }));
  }

  /** Waits until the call may go; returns the levels expected at that moment (null while unpaced). */
  async acquire(estimatedTokens: number, signal?: AbortSignal): Promise<Expected | null> {
    if (!this.active) return null;
    const now = Date.now();
    const { waitMs, expected } = this.ledger.update(this.key, (b) => {
      const configured = configuredBudget(this.configured, now);
      // A budget that knows only a pause takes the configured limits.
      const current = b && !b.requestsLimit && !b.tokensLimit && configured ? { ...configured, pausedUntilMs: b.pausedUntilMs } : (b ?? configured);
      if (!current) return { result: { waitMs: 0, expected: null } };
      if (!current.requestsLimit && !current.tokensLimit) {
        // Only a pause is known (a 429 before any limit was seen).
        return { result: { waitMs: Math.max(0, current.pausedUntilMs - now), expected: null } };
      }
      const r = reserve(current, estimatedTokens, now);
      return { next: r.budget, result: { waitMs: r.waitMs, expected: r.expected as Expected | null } };
    });
    if (waitMs > 0) await abortableSleep(waitMs, signal, 'a rate limit');
    return expected;
  }

  /** Takes in a response's rate-limit headers. */
  observe(headers: HeaderSource | undefined, expected: Expected | null): void {
    if (!headers) return;
    const now = Date.now();
    const seen = readRateHeaders(headers, now);
    if (!seen) return;
    if (seen.exhaustedForMs) this.pauseFor(seen.exhaustedForMs);
    if (seen.requests.limit === null && seen.tokens.limit === null && !this.active) return;
    this.active = true;
    this.ledger.update(this.key, (b) => ({ next: observe(b, seen, expected, now, this.configured), result: undefined }));
  }

  /** A 429's Retry-After: every process spending from this budget waits it out. */
  pauseFor(ms: number): void {
    const now = Date.now();
    this.active = true;
    this.ledger.update(this.key, (b) => ({ next: pause(b, now + ms, now), result: undefined }));
  }
}

/** The budget's name: never the key itself, only a short hash of it. */
export function budgetKey(provider: string, endpoint: string, model: string, apiKey: string): string {
  const keyHash = createHash('sha256').update(apiKey).digest('hex').slice(0, 16);
  return `${provider} ${endpoint} ${model} key:${keyHash}`;
}

const pacers = new WeakMap<BudgetLedger, Map<string, Pacer>>();

/** One pacer per budget and ledger in this process, shared by every run and seat that spends from it. */
export function pacerFor(key: string, configured: Limits, ledger: BudgetLedger = processLedger): Pacer {
  let byKey = pacers.get(ledger);
  if (!byKey) pacers.set(ledger, (byKey = new Map()));
  const id = `${key} ${configured.rpm ?? ''}/${configured.tpm ?? ''}`;
  let pacer = byKey.get(id);
  if (!pacer) byKey.set(id, (pacer = new Pacer(key, ledger, configured)));
  return pacer;
}
