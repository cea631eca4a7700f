/**
 * How the reference reads the two players' replies. Two rule sets exist in clembench's history, and
 * an instance says which one it was played with:
 *
 * - `2024` (instances without `p1_mode`/`p2_mode`, e.g. the published v1.6 runs): the game master
 *   accepts the describer's reply when its pattern matches with an empty `remainder` (one line); the
 *   follower's reply counts as parsed whenever its pattern matches (the scorer of May 2024 re-matches
 *   replies the game master had refused for extra text), its answer is the `content` group; Success
 *   and Lose are logged on aborted episodes too (0 and 1); the expression is the `content` group.
 * - `2025` (instances with modes, clembench a717f23): each reply is accepted when its pattern matches
 *   and, in strict mode, its `remainder` is empty; the answer is the `response` group; the expression
 *   is the whole reply; Success and Lose are NaN on aborted episodes.
 */
import { pyRegex, pyStrip } from '../clembench/pyregex';
import type { RefPayload } from './payload';

export type RuleSet = '2024' | '2025';
export type Mode = 'strict' | 'liberal';

/** The patterns of clembench's `instances_v1.6.json` (April 2024), with which the v1.6 leaderboard was played. */
export const V16_PATTERNS = {
  player_1_response_pattern: '^expression:\\s(?P<content>.+)\n*(?P<remainder>.*)',
  player_2_response_pattern: '^answer:\\s(?P<content>first|second|third)\n*(?P<remainder>.*)',
} as const;

export interface Rules {
  set: RuleSet;
  p1: RegExp;
  p2: RegExp;
  p1Mode: Mode;
  p2Mode: Mode;
  /** The follower's names of the target: a list, or (old instances) one word tested as a substring. */
  target: string | readonly string[];
  /** Match the describer's reply after Python's str.strip() (the 2024 multimodal game master did). */
  stripDescriber?: boolean;
  /** What the scorer measures as the expression; unset: the `content` group (2024) or the whole reply (2025). */
  expression?: 'content' | 'reply';
}

/** `instance`: the rules the instance was made for; `v1.6`: the published v1.6 leaderboard's, whatever the instance says. */
export type RulesSetting = 'instance' | 'v1.6';

export function rulesFor(payload: RefPayload, setting: RulesSetting): Rules {
  if (setting === 'v1.6') {
    return { set: '2024', p1: pyRegex(V16_PATTERNS.player_1_response_pattern), p2: pyRegex(V16_PATTERNS.player_2_response_pattern), p1Mode: 'strict', p2Mode: 'liberal', target: payload.target_grid_name };
  }
  const modern = payload.p1_mode !== undefined || payload.p2_mode !== undefined;
  return {
    set: modern ? '2025' : '2024',
    p1: pyRegex(payload.player_1_response_pattern),
    p2: pyRegex(payload.player_2_response_pattern),
    p1Mode: modern ? (payload.p1_mode ?? 'strict') : 'strict',
    p2Mode: modern ? (payload.p2_mode ?? 'strict') : 'liberal',
    target: payload.target_grid_name,
  };
}

export type Read<A> = { ok: true; action: A; flags: string[] } | { ok: false; reason: string; flags: string[] };

export interface DescriberAction {
  /** What the scorer measures: the `content` group (2024) or the whole reply (2025). */
  expression: string;
}

export interface FollowerAction {
  /** The label as the rules read it (lower case). */
  answer: string;
  correct: boolean;
}

const group = (m: RegExpExecArray, name: string): string | undefined => m.groups?.[name];

/** The describer's reply: the expression, or why the reference refuses it. */
export function readDescriber(text: string, rules: Rules): Read<DescriberAction> {
  const m = rules.p1.exec(rules.stripDescriber ? pyStrip(text) : text);
  if (!m) return { ok: false, reason: 'the reply does not start with the tag "Expression:"', flags: ['no_tag'] };
  if (rules.p1Mode === 'strict' && group(m, 'remainder') !== '') return { ok: false, reason: 'the reply goes on after the expression (only one line is allowed)', flags: ['extra_text'] };
  const measured = rules.expression ?? (rules.set === '2024' ? 'content' : 'reply');
  const expression = measured === 'content' ? (group(m, 'content') ?? '') : text;
  return { ok: true, action: { expression }, flags: [] };
}

/** Python's `x in target`: membership in a list, substring of a string. */
function named(target: string | readonly string[], answer: string): boolean {
  return typeof target === 'string' ? target.includes(answer) : target.includes(answer);
}

/** The follower's reply: its answer and whether it names the target, or why the reference refuses it. */
export function readFollower(text: string, rules: Rules): Read<FollowerAction> {
  const m = rules.p2.exec(text);
  if (!m) return { ok: false, reason: 'the reply does not start with "Answer:" followed by first, second or third', flags: ['no_answer'] };
  const extra = group(m, 'remainder') !== '';
  if (rules.p2Mode === 'strict' && extra) return { ok: false, reason: 'the reply goes on after the answer (strict mode)', flags: ['extra_text'] };
  const answer = (rules.set === '2024' ? (group(m, 'content') ?? '') : (group(m, 'response') ?? '')).toLowerCase();
  // A 2024 game master refused extra text; its scorer accepted the answer all the same.
  return { ok: true, action: { answer, correct: named(rules.target, answer) }, flags: extra ? ['extra_text'] : [] };
}

/** The follower's prompt: the instance's header with the describer's whole reply in place of TARGET_EXPRESSION (every occurrence, as str.replace). */
export function followerPrompt(header: string, describerReply: string): string {
  return header.split('TARGET_EXPRESSION').join(describerReply);
}

/** Python's len(): code points, not UTF-16 units. */
export const pyLen = (text: string): number => [...text].length;

/** Python's len(text.split(' ')). */
export const pyTokens = (text: string): number => text.split(' ').length;
