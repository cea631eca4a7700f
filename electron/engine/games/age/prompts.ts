/**
 * AGE's prompts and reply format, version `age-1`. The paper publishes neither (§3.2 says only that
 * each model "will review the conversation log, describe their secret word, and attempt to guess the
 * others' secret words"), so these are Parlor's own. Each seat keeps one chat: its first message
 * holds the rules, its word and what was said before it; each later one what was said since its last
 * turn. Players are named by speaking order, never by seat id, which could hint at a group.
 *
 * A reply is exactly two lines:
 *   DESCRIPTION: <one sentence>
 *   GUESS: <one word or short phrase, or none>
 * One guess per utterance: with a pair of words a seat has exactly one word to find, so "its guesses
 * of the other words" (plural in the paper, which allows more words) is one guess here; a list would
 * let a seat spray candidates and earn its first correct guess by volume.
 */

export const AGE_PROMPT_VERSION = 'age-1';

/** What the other players hear of one utterance. */
export interface Heard {
  /** 1-based speaking order. */
  player: number;
  round: number;
  /** Null when the reply had no readable description. */
  description: string | null;
  /** Null: no guess ("none", or no valid reply). */
  guess: string | null;
}

/** How the conversation shows an utterance to the others; the built-in player reads these lines back. */
export const HEARD_DESCRIPTION = /^Player (\d+) \(round (\d+)\): (.*)$/;
export const HEARD_GUESS = /^Player (\d+) guessed: (.*)$/;
export const SECRET_WORD = /^Your secret word is: (.+)$/m;
export const TURN_LINE = /^Round (\d+) of (\d+): your turn\./m;
export const NO_DESCRIPTION = '(no valid description)';

const FORMAT = 'DESCRIPTION: <one sentence about your word>\nGUESS: <the other word, or none>';

function heardLines(heard: readonly Heard[]): string {
  return heard
    .map((h) => `Player ${h.player} (round ${h.round}): ${h.description ?? NO_DESCRIPTION}\nPlayer ${h.player} guessed: ${h.guess ?? 'none'}`)
    .join('\n');
}

function turnLine(round: number, rounds: number): string {
  return `Round ${round} of ${rounds}: your turn. Answer in exactly two lines:\n${FORMAT}`;
}

/** A seat's first message: the rules, its word, what was said before it in round 1, its turn. */
export function firstPrompt(p: { players: number; player: number; rounds: number; word: string; heard: readonly Heard[] }): string {
  const said = p.heard.length ? `The conversation so far:\n${heardLines(p.heard)}` : 'Nobody has spoken yet: you go first.';
  return [
    `Let's play a word game with ${p.players} players, Player 1 to Player ${p.players}. You are Player ${p.player}.`,
    '',
    'Every player has a secret word. Some players share the same word; the others have a different word that is similar to it. Nobody knows who has which word.',
    `The players speak in turn, for at most ${p.rounds} rounds. On your turn:`,
    '1. Describe your secret word in one sentence, without naming it or any form of it (such as its plural). Give a new clue each time.',
    '2. Guess the word of the players whose word differs from yours: one word or short phrase, or "none" if you cannot tell yet.',
    'Try to find the other word quickly, and describe yours so that it is not easy to find.',
    `The game ends when each secret word has been guessed by a player who does not have it, or after round ${p.rounds}.`,
    '',
    `Your secret word is: ${p.word}`,
    '',
    said,
    '',
    turnLine(1, p.rounds),
  ].join('\n');
}

/** A later message: what the others said since the seat's last turn, then its turn. */
export function laterPrompt(p: { round: number; rounds: number; heard: readonly Heard[] }): string {
  return `Since your last turn:\n${heardLines(p.heard)}\n\n${turnLine(p.round, p.rounds)}`;
}

/** The correction after a malformed reply. */
export function correctionPrompt(reason: string): string {
  return `Your answer could not be read: ${reason}. Answer again in exactly two lines and nothing else:\n${FORMAT}`;
}

export type ParsedReply = { ok: true; description: string; guess: string | null } | { ok: false; reason: string; description: string | null };

/** Longer than one sentence of a clue; the token budget allows about 600 characters. */
export const MAX_DESCRIPTION = 400;
/** As long as the longest word-list entry may be (check.ts MAX_ENTRY) and its word count (4). */
const MAX_GUESS = 60;
const MAX_GUESS_WORDS = 4;

const DESCRIPTION_LINE = /^DESCRIPTION:\s*(.*)$/i;
const GUESS_LINE = /^GUESS:\s*(.*)$/i;
// A sentence end followed by what starts another sentence ("e.g. a fruit" stays one sentence).
const SECOND_SENTENCE = /[.!?…]+["'”’)\]]*\s+["'“‘(]?[\p{Lu}\p{N}]/u;

function checkDescription(text: string): string | null {
  if (text === '') return 'the description is empty';
  if (text.length > MAX_DESCRIPTION) return `the description is ${text.length} characters long (at most ${MAX_DESCRIPTION})`;
  if (SECOND_SENTENCE.test(text)) return 'the description has more than one sentence';
  return null;
}

/** The guess without wrapping quotes, brackets, emphasis or a final full stop; null for "none". */
function readGuess(raw: string): { guess: string | null } | { reason: string } {
  const guess = raw
    .replace(/^["'“‘<*_`]+|["'”’>*_`]+$/gu, '')
    .replace(/\.$/, '')
    .trim();
  if (guess === '') return { reason: 'the guess is empty (write "none" when you cannot tell)' };
  if (/^none$/i.test(guess)) return { guess: null };
  if (/[,;]|\s(?:or|and\/or)\s/i.test(guess)) return { reason: `"${guess}" is more than one guess (give exactly one)` };
  if (guess.length > MAX_GUESS || guess.split(/\s+/).length > MAX_GUESS_WORDS) return { reason: 'the guess is not a word or short phrase (give only the word)' };
  return { guess };
}

/**
 * Reads a reply: exactly two non-empty lines, DESCRIPTION then GUESS (labels in any case). A failed
 * reply keeps its description when that line alone is valid: the utterance then counts as no guess,
 * but what the seat said is still heard.
 */
export function parseReply(text: string): ParsedReply {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const at = lines.findIndex((l) => DESCRIPTION_LINE.test(l));
  const described = at < 0 ? null : DESCRIPTION_LINE.exec(lines[at]!)![1]!.trim();
  const descriptionProblem = described === null ? null : checkDescription(described);
  const fail = (reason: string): ParsedReply => ({ ok: false, reason, description: described !== null && descriptionProblem === null ? described : null });

  if (lines.length === 0) return fail('the answer is empty');
  if (described === null) return fail('no line starts with "DESCRIPTION:"');
  const guessAt = lines.findIndex((l) => GUESS_LINE.test(l));
  if (guessAt < 0) return fail('no line starts with "GUESS:"');
  if (at !== 0 || guessAt !== 1) return fail('the DESCRIPTION line must come first and the GUESS line second');
  if (lines.length > 2) return fail(`it has ${lines.length} lines; write only the DESCRIPTION and GUESS lines`);
  if (descriptionProblem) return fail(descriptionProblem);
  const guess = readGuess(GUESS_LINE.exec(lines[1]!)![1]!.trim());
  if ('reason' in guess) return fail(guess.reason);
  return { ok: true, description: described, guess: guess.guess };
}
