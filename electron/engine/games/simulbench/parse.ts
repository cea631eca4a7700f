/**
 * Reading the judges' and the user agent's replies as the reference code does (src/lm_judge.py,
 * src/script_extraction.py, src/interaction_collection.py), with two differences it calls for:
 * a rating outside 1–10 is refused (the reference accepts any number), and a reply that cannot be
 * read is asked again a bounded number of times, then recorded as a judge failure, never a score.
 */

import type { Verdict } from '../../../../shared/judging/pairwise';

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const RATING = /\[\[(\d+\.?\d*)\]\]/;
const RATING_FALLBACK = /\[(\d+\.?\d*)\]/;

/** A number from `[[n]]`, else `[n]`: the first match in the text (`7.` reads 7). */
function bracketed(text: string): number | null {
  const m = RATING.exec(text) ?? RATING_FALLBACK.exec(text);
  return m ? Number(m[1]) : null;
}

/** The judge's 1–10 rating. */
export function readRating(text: string): Read<number> {
  const n = bracketed(text);
  if (n === null) return { ok: false, reason: 'no rating in the "[[rating]]" format' };
  if (!(n >= 1 && n <= 10)) return { ok: false, reason: `rating ${n} is outside 1 to 10` };
  return { ok: true, value: n };
}

/** The challenging turn: 0 (none) to the number of messages, as the prompt asks. */
export function readTurn(text: string, messages: number): Read<number> {
  const n = bracketed(text);
  if (n === null) return { ok: false, reason: 'no turn number in the "[[TURN_NUMBER]]" format' };
  if (!Number.isInteger(n) || n > messages) return { ok: false, reason: `turn ${n} is not a whole number from 0 to ${messages}` };
  return { ok: true, value: n };
}


export { combineOrders, flipped, type PairResult, type Verdict } from '../../../../shared/judging/pairwise';

/** The pairwise verdict: "[[A]]", else "[[B]]", else "[[C]]" (a tie), tested in that order. */
export function readVerdict(text: string): Read<Verdict> {
  for (const v of ['A', 'B', 'C'] as const) if (text.includes(`[[${v}]]`)) return { ok: true, value: v };
  return { ok: false, reason: 'no verdict "[[A]]", "[[B]]" or "[[C]]"' };
}

/** The user agent's JSON block: its `user.request` (a bare ``` fence is stripped, as the reference does). */
export function readUserRequest(text: string): Read<{ request: string; strategy: string | null }> {
  const attempt = (raw: string) => {
    try {
      const value = JSON.parse(raw) as { user?: { request?: unknown; strategy?: unknown } };
      const request = value?.user?.request;
      return typeof request === 'string' && request.trim() !== '' ? { request, strategy: typeof value.user?.strategy === 'string' ? value.user.strategy : null } : null;
    } catch {
      return null;
    }
  };
  const trimmed = text.trim();
  const found = attempt(trimmed) ?? attempt(trimmed.replace(/^```\n/, '').replace(/\n```$/, ''));
  return found ? { ok: true, value: found } : { ok: false, reason: 'no JSON block with a non-empty "user.request"' };
}
