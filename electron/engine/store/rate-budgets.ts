/** Rate budgets shared by every process on this database (see players/pacer.ts). */
import type { Budget } from '../players/budget';
import type { BudgetLedger } from '../players/pacer';
import type { Db, Row } from './db';

export class RateBudgets implements BudgetLedger {
  constructor(private readonly db: Db) {}

  update<T>(key: string, fn: (current: Budget | null) => { next?: Budget | null; result: T }): T {
    return this.db.tx(() => {
      const row = this.db.prepare(`SELECT * FROM rate_budgets WHERE key = ?`).get(key) as Row | undefined;
      const { next, result } = fn(row ? toBudget(row) : null);
      if (next === null) this.db.prepare(`DELETE FROM rate_budgets WHERE key = ?`).run(key);
      else if (next) {
        this.db
          .prepare(
            `INSERT INTO rate_budgets (key, requests_limit, tokens_limit, requests_level, tokens_level, updated_ms, paused_until_ms, corrected_requests, corrected_tokens)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (key) DO UPDATE SET requests_limit = excluded.requests_limit, tokens_limit = excluded.tokens_limit,
               requests_level = excluded.requests_level, tokens_level = excluded.tokens_level, updated_ms = excluded.updated_ms,
               paused_until_ms = excluded.paused_until_ms, corrected_requests = excluded.corrected_requests, corrected_tokens = excluded.corrected_tokens`,
          )
          .run(key, next.requestsLimit, next.tokensLimit, next.requestsLevel, next.tokensLevel, next.updatedMs, next.pausedUntilMs, next.correctedRequests, next.correctedTokens);
      }
      return result;
    });
  }

  /** Every budget, for a view of what the providers allow. */
  list(): (Budget & { key: string })[] {
    return (this.db.q(`SELECT * FROM rate_budgets ORDER BY key`).all() as Row[]).map((r) => ({ key: String(r.key), ...toBudget(r) }));
  }
}

function toBudget(row: Row): Budget {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    requestsLimit: n(row.requests_limit),
    tokensLimit: n(row.tokens_limit),
    requestsLevel: Number(row.requests_level ?? 0),
    tokensLevel: Number(row.tokens_level ?? 0),
    updatedMs: Number(row.updated_ms),
    pausedUntilMs: Number(row.paused_until_ms),
    correctedRequests: Number(row.corrected_requests),
    correctedTokens: Number(row.corrected_tokens),
  };
}
