/**
 * MatchIt ASCII's reply rules, as clembench's game master checks them: a reply must not be empty, its
 * first word (the text before the first space of its first non-empty line) must be the expected flag,
 * and a decision must read exactly "<flag> <solution>" up to case and surrounding dots and newlines.
 * Anything after the flag is accepted in a description, question or answer. A broken rule ends the
 * episode (clembench aborts; it never asks again).
 */
import type { Parsed } from '../../core/turn-kit';
import type { MatchItFlags, MatchItPayload } from './datasets';

export type Expect = keyof MatchItFlags;

export interface ReplyAction {
  expect: Expect;
  /** The reply without surrounding whitespace, as the game master passes it on. */
  text: string;
  /** A decision's verdict: the player named the solution, or the wrong one. */
  decision?: 'success' | 'loss';
  /** What a decision said, in the instance's own words ("same grid"). */
  said?: string;
}

/** Response flags the scorer reads: why a reply was refused. */
export const EMPTY_REPLY = 'empty_reply';
export const WRONG_FLAG = 'wrong_flag';
export const INVALID_DECISION = 'invalid_decision';

// What Python's str.isspace() calls whitespace (str.strip() removes these; JavaScript's trim() differs).
const PY_SPACE = new Set([
  '\t', '\n', '\v', '\f', '\r', '\x1c', '\x1d', '\x1e', '\x1f', ' ', '\x85', '\xa0', '\u1680',
  '\u2000', '\u2001', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a',
  '\u2028', '\u2029', '\u202f', '\u205f', '\u3000',
]);

/** Python's `text.strip(chars)`: the characters of `chars` (whitespace when omitted) removed from both ends. */
export function pyStrip(text: string, chars?: string): string {
  const strip = (c: string) => (chars === undefined ? PY_SPACE.has(c) : chars.includes(c));
  const units = [...text];
  let start = 0;
  let end = units.length;
  while (start < end && strip(units[start]!)) start++;
  while (end > start && strip(units[end - 1]!)) end--;
  return units.slice(start, end).join('');
}

/** The word clembench compares with the flag: before the first space of the first non-empty line. */
export function firstWord(text: string): string {
  const line = pyStrip(text).split('\n').find((part) => part !== '') ?? '';
  return line.split(' ')[0] ?? '';
}

/** Checks one reply against the rules for the move it should be. */
export function checkReply(text: string, expect: Expect, p: Pick<MatchItPayload, 'flags' | 'solution' | 'wrongSolution'>): Parsed<ReplyAction> {
  if (pyStrip(text) === '') return { ok: false, reason: 'empty message', flags: [EMPTY_REPLY] };
  const flag = p.flags[expect];
  const word = firstWord(text);
  if (word !== flag) return { ok: false, reason: `first word "${word}", but expected ${flag}`, flags: [WRONG_FLAG] };
  const stripped = pyStrip(text);
  if (expect !== 'decision') return { ok: true, action: { expect, text: stripped } };
  // Only dots and newlines around it are forgiven, not spaces (clembench: utterance.lower().strip(".\n")).
  const said = pyStrip(text.toLowerCase(), '.\n');
  if (said === `${flag} ${p.solution}`.toLowerCase()) return { ok: true, action: { expect, text: stripped, decision: 'success', said: p.solution } };
  if (said === `${flag} ${p.wrongSolution}`.toLowerCase()) return { ok: true, action: { expect, text: stripped, decision: 'loss', said: p.wrongSolution } };
  return { ok: false, reason: `the decision is neither "${flag} ${p.solution}" nor "${flag} ${p.wrongSolution}"`, flags: [INVALID_DECISION] };
}

/** The first prompt of a player: the instance's initial prompt with its grid (every $GRID$ replaced). */
export function initialPrompt(p: Pick<MatchItPayload, 'initialPrompt'>, grid: string): string {
  return p.initialPrompt.split('$GRID$').join(grid);
}
