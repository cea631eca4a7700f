/**
 * Rule-based detectors for the three guesser failure modes named by the EDA paper (Zhang et al.,
 * "Probing the Multi-turn Planning Capabilities of LLMs via 20 Question Games", Table 2):
 * early enumeration, redundancy and inconsistency. Pure and deterministic: no I/O, no model calls.
 * Questions are compared after `normalizeQuestion` (subject → "it", synonyms collapsed; see normalize.ts).
 * Only 'yes'/'no' answers are definitive: 'maybe', 'dunno', 'other' and 'bingo' feed no rule.
 *
 * early_enumeration
 *   guess-before-scope  A guess (isGuess names an entity) at turn t with fewer than `minYes` 'yes'
 *                       answers before t. Only the first such guess is tagged; related = later ones.
 *   frame-run           ≥ `minRun` consecutive turns, each sharing a frame with the one before: their
 *                       token lists share a prefix of ≥ `framePrefix` tokens and both go on after it
 *                       ("Is the tool or device used for …"). Early when fewer than `minYes` 'yes'
 *                       answers precede its first turn. Only the first early run is tagged, at its
 *                       first turn; related = the run's other turns.
 * redundancy
 *   same-content        Turn t's content tokens equal those of an earlier turn s, or their Jaccard
 *                       similarity is ≥ `similarity`. related = [latest such s]. Empty sets never match.
 * inconsistency
 *   reguess             t guesses an entity already guessed at an earlier turn answered 'no'.
 *   ruled-out-scope     An earlier s answered 'no' has keys K ≠ ∅ and t's content contains all of K,
 *                       t not being s again nor its bare negation (positive sets differ).
 *   negated-yes         An earlier s answered 'yes' has keys K ≠ ∅ and t says "not"/"non"/"non-…" with
 *                       all of K ("non-x" read as x; a negated s keeps its "not" in K, so never matches).
 *   One tag per turn: related = [earliest contradicted s]; on a tie, the rule listed first wins.
 *
 * The output holds at most one tag per (mode, turn), sorted by turn, then mode in FAILURE_MODES order;
 * when both early-enumeration rules tag one turn, the tag keeps the first rule and merges the rest.
 */
import type { JudgeLabel } from '../rules';
import { mentionsEntity } from '../rules';
import { commonPrefix, containsAll, jaccard, normalizeQuestion, sameSet, type NormalizedQuestion } from './normalize';

export type FailureMode = 'early_enumeration' | 'redundancy' | 'inconsistency';
export const FAILURE_MODES: readonly FailureMode[] = ['early_enumeration', 'redundancy', 'inconsistency'];

export interface FailureTag {
  mode: FailureMode;
  turn: number;
  related: number[];
  rule: string;
  reason: string;
}

export interface FailureRules {
  /** 'yes' answers needed before a guess or an enumeration run stops being early. */
  minYes: number;
  /** Consecutive turns sharing a frame that make an enumeration run. */
  minRun: number;
  /** Shared leading tokens that make two questions one frame. */
  framePrefix: number;
  /** Jaccard similarity of content tokens at or above which a question repeats another. */
  similarity: number;
}

export const DEFAULT_FAILURE_RULES: FailureRules = { minYes: 3, minRun: 3, framePrefix: 4, similarity: 0.8 };

export interface TurnLike {
  idx: number;
  question: string;
  label: JudgeLabel;
}

/** A turn with everything the rules read, computed once. */
interface Turn {
  idx: number;
  question: string;
  label: JudgeLabel;
  norm: NormalizedQuestion;
  guess: string | null;
  yesBefore: number;
}

/** Tags of one game, sorted by turn then mode; at most one tag per (mode, turn). */
export function detectFailureModes(
  turns: readonly TurnLike[],
  isGuess: (question: string) => string | null,
  rules: Partial<FailureRules> = {},
): FailureTag[] {
  const r: FailureRules = {
    minYes: rules.minYes ?? DEFAULT_FAILURE_RULES.minYes,
    minRun: rules.minRun ?? DEFAULT_FAILURE_RULES.minRun,
    framePrefix: rules.framePrefix ?? DEFAULT_FAILURE_RULES.framePrefix,
    similarity: rules.similarity ?? DEFAULT_FAILURE_RULES.similarity,
  };
  const game = prepare(turns, isGuess);
  const found = [guessBeforeScope(game, r), frameRun(game, r), ...redundancy(game, r), ...inconsistency(game)];
  return merge(found.filter((tag): tag is FailureTag => tag !== null));
}

/** Builds isGuess from a dataset's entities: the entity named by the longest matching alias, else null. */
export function guessTest(
  entities: readonly { name: string; aliases: readonly string[] }[],
): (question: string) => string | null {
  // Longest first, so "apple pie" beats "apple"; the stable sort keeps dataset order among equals.
  const candidates = entities
    .flatMap((entity) => [...new Set([entity.name, ...entity.aliases])].map((alias) => ({ alias, name: entity.name })))
    .filter((candidate) => candidate.alias.trim().length > 0)
    .sort((a, b) => b.alias.length - a.alias.length);
  // Only aliases whose first word is in the question can match it: a dataset has thousands of them.
  const byWord = new Map<string, { alias: string; name: string; rank: number }[]>();
  candidates.forEach((candidate, rank) => {
    const word = firstWord(candidate.alias);
    byWord.set(word, [...(byWord.get(word) ?? []), { ...candidate, rank }]);
  });
  return (question) => {
    const words = new Set(question.normalize('NFC').toLowerCase().split(WORD_BREAK));
    const possible = [...words].flatMap((w) => byWord.get(w) ?? []).sort((a, b) => a.rank - b.rank);
    return possible.find((candidate) => mentionsEntity(question, [candidate.alias]))?.name ?? null;
  };
}

const WORD_BREAK = /[^\p{L}\p{N}\p{M}_]+/u;
const firstWord = (alias: string) => alias.normalize('NFC').toLowerCase().split(WORD_BREAK).find(Boolean) ?? '';

function prepare(turns: readonly TurnLike[], isGuess: (question: string) => string | null): Turn[] {
  let yes = 0;
  return turns.map((turn) => {
    const prepared: Turn = { ...turn, norm: normalizeQuestion(turn.question), guess: isGuess(turn.question), yesBefore: yes };
    if (turn.label === 'yes') yes++;
    return prepared;
  });
}

const quote = (turn: Turn) => `turn ${turn.idx} ("${turn.question.trim()}")`;
const answers = (n: number) => `${n} 'yes' answer${n === 1 ? '' : 's'}`;
const list = (tokens: ReadonlySet<string>) => [...tokens].map((token) => `"${token}"`).join(', ');

function tag(mode: FailureMode, turn: Turn, related: number[], rule: string, reason: string): FailureTag {
  return { mode, turn: turn.idx, related, rule, reason: reason.charAt(0).toUpperCase() + reason.slice(1) };
}

function guessBeforeScope(game: readonly Turn[], r: FailureRules): FailureTag | null {
  const [first, ...later] = game.filter((turn) => turn.guess !== null && turn.yesBefore < r.minYes);
  if (!first) return null;
  return tag('early_enumeration', first, later.map((turn) => turn.idx), 'guess-before-scope',
    `${quote(first)} guesses ${first.guess} after only ${answers(first.yesBefore)}.`);
}

/** Prefix length two questions share as a frame, or 0 when they share none. */
function frameOf(a: Turn, b: Turn, framePrefix: number): number {
  const n = commonPrefix(a.norm.tokens, b.norm.tokens);
  return n >= framePrefix && a.norm.tokens.length > n && b.norm.tokens.length > n ? n : 0;
}

function frameRun(game: readonly Turn[], r: FailureRules): FailureTag | null {
  let start = 0;
  for (let end = 1; end <= game.length; end++) {
    if (end < game.length && frameOf(game[end - 1]!, game[end]!, r.framePrefix) > 0) continue;
    const run = game.slice(start, end);
    const first = run[0];
    start = end;
    if (!first || run.length < r.minRun || first.yesBefore >= r.minYes) continue;
    const last = run[run.length - 1]!;
    const frame = run[1] ? first.norm.tokens.slice(0, frameOf(first, run[1], r.framePrefix)).join(' ') : '';
    return tag('early_enumeration', first, run.slice(1).map((turn) => turn.idx), 'frame-run',
      `turns ${first.idx}-${last.idx} enumerate one frame ("${frame} …", from ${quote(first)}) after only ${answers(first.yesBefore)}.`);
  }
  return null;
}

function redundancy(game: readonly Turn[], r: FailureRules): FailureTag[] {
  const tags: FailureTag[] = [];
  game.forEach((turn, t) => {
    const { content } = turn.norm;
    if (content.size === 0) return;
    for (let s = t - 1; s >= 0; s--) {
      const earlier = game[s]!;
      if (!sameSet(content, earlier.norm.content) && jaccard(content, earlier.norm.content) < r.similarity) continue;
      tags.push(tag('redundancy', turn, [earlier.idx], 'same-content', `${quote(turn)} repeats ${quote(earlier)}.`));
      return;
    }
  });
  return tags;
}

/** The rule an earlier turn breaks for a later one, or null; rules in priority order. */
function contradiction(earlier: Turn, turn: Turn): { rule: string; reason: string } | null {
  const said = `${quote(earlier)} → ${earlier.label}`;
  if (turn.guess !== null && earlier.guess === turn.guess && earlier.label === 'no') {
    return { rule: 'reguess', reason: `${quote(turn)} guesses ${turn.guess} again, already ruled out at ${said}.` };
  }
  const { keys } = earlier.norm;
  if (keys.size === 0) return null;
  if (earlier.label === 'no' && containsAll(turn.norm.content, keys) && !sameSet(turn.norm.positive, earlier.norm.positive)) {
    return { rule: 'ruled-out-scope', reason: `${quote(turn)} assumes ${list(keys)}, ruled out at ${said}.` };
  }
  if (earlier.label === 'yes' && turn.norm.negated && containsAll(turn.norm.positive, keys)) {
    return { rule: 'negated-yes', reason: `${quote(turn)} negates ${list(keys)}, confirmed at ${said}.` };
  }
  return null;
}

function inconsistency(game: readonly Turn[]): FailureTag[] {
  const tags: FailureTag[] = [];
  game.forEach((turn, t) => {
    for (const earlier of game.slice(0, t)) {
      const found = contradiction(earlier, turn);
      if (!found) continue;
      tags.push(tag('inconsistency', turn, [earlier.idx], found.rule, found.reason));
      return;
    }
  });
  return tags;
}

/** One tag per (mode, turn): the first found keeps its rule and absorbs the others' turns and reasons. */
function merge(found: readonly FailureTag[]): FailureTag[] {
  const byKey = new Map<string, FailureTag>();
  for (const next of found) {
    const key = `${next.mode}:${next.turn}`;
    const kept = byKey.get(key);
    if (!kept) {
      byKey.set(key, { ...next, related: [...next.related] });
      continue;
    }
    kept.related = [...new Set([...kept.related, ...next.related])].filter((idx) => idx !== kept.turn).sort((a, b) => a - b);
    kept.reason = `${kept.reason} ${next.reason}`;
  }
  const order = (mode: FailureMode) => FAILURE_MODES.indexOf(mode);
  return [...byKey.values()].sort((a, b) => a.turn - b.turn || order(a.mode) - order(b.mode));
}
