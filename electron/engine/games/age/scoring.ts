/**
 * AGE's record and scores. The game master writes three kinds of system note (the seating first, a
 * no-guess note for a seat that gave no valid reply, the end) and every valid reply is a response
 * whose action holds the description and guess. Scores are read from those events alone and handed
 * to metrics.ts; whether a guess is right is assessed again here from its text, so a rescore follows
 * the instance's synonyms and the settings as they are now (people's rulings included), unless the
 * action carries an explicit `ruled` (an annotation correction being tried out, never written in play).
 */
import type { MetricSpec } from '../../../../shared/contract/game';
import { actionOf, type EventRecord } from '../../core/events';
import type { Score, ScoreInput, ScoreResult } from '../../core/game';
import { wordKey, type AgePair } from './check';
import { isCorrectGuess, isLeak, type MatchSettings } from './match';
import { firstCorrectGuess, gameLength, isSuccessfulGame, scoreGame, type AgeGame } from './metrics';
import { matchSettingsOf, type AgeSettings } from './settings';

export type Group = 1 | 2;
export interface SeatWord {
  seat: string;
  group: Group;
  word: string;
}

/** One seat's turn as recorded: a valid reply, or the no-guess note after the last malformed one. */
export interface AgeTurn {
  seat: string;
  round: number;
  /** 1-based position in the game. */
  position: number;
  description: string | null;
  guess: string | null;
  /** Whether the reply followed the format (else it counts as no guess). */
  valid: boolean;
  /** The seat's last reply as it wrote it (its own chat history). */
  reply: string;
  /** The event that recorded it. */
  idx: number;
  /** A ruling the record carries for this guess (annotation's relabel sets `ruled`), over the match rule; null when none. */
  ruled: boolean | null;
}

/** The guess's ruling an annotation correction put in its action, if any. */
const ruledOf = (a: Record<string, unknown>): boolean | null => (a.ruled === 'match' ? true : a.ruled === 'miss' ? false : null);

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

/** The instance payload as a word pair; throws on anything else (a broken dataset is a bug here). */
export function agePair(payload: unknown): AgePair {
  const p = (payload ?? {}) as Record<string, unknown>;
  const syn = (p.synonyms ?? {}) as Record<string, unknown>;
  if (typeof p.a !== 'string' || typeof p.b !== 'string' || !strings(syn.a) || !strings(syn.b)) throw new Error('AGE: the instance payload is not a word pair');
  return { list: String(p.list ?? ''), topic: String(p.topic ?? ''), index: Number(p.index ?? 0), a: p.a, b: p.b, synonyms: { a: syn.a, b: syn.b } };
}

/** Which word of the pair a seat holds. */
export function sideOf(word: string, pair: Pick<AgePair, 'a' | 'b'>): 'a' | 'b' {
  if (wordKey(word) === wordKey(pair.a)) return 'a';
  if (wordKey(word) === wordKey(pair.b)) return 'b';
  throw new Error(`AGE: "${word}" is neither word of the pair ${pair.a} / ${pair.b}`);
}

/** A guess assessed for a seat: right for the other group's word, and whether it names its own. */
export function assessGuess(guess: string | null, word: string, pair: AgePair, match: MatchSettings): { correct: boolean; ownWord: boolean } {
  if (guess === null) return { correct: false, ownWord: false };
  const own = sideOf(word, pair);
  const other = own === 'a' ? 'b' : 'a';
  return { correct: isCorrectGuess(guess, pair[other], pair.synonyms[other], match), ownWord: isCorrectGuess(guess, pair[own], pair.synonyms[own], match) };
}

/** Whether a description names the seat's own word or one of its synonyms. */
export function leaks(description: string | null, word: string, pair: AgePair): boolean {
  return description !== null && isLeak(description, word, pair.synonyms[sideOf(word, pair)]);
}

/** The seating note: every seat in speaking order with its group and word. */
export function seatingOf(events: readonly EventRecord[]): { seats: SeatWord[]; idx: number } | null {
  const note = events.find((e) => e.kind === 'system' && Array.isArray(actionOf(e).seating));
  if (!note) return null;
  const rows = actionOf(note).seating as unknown[];
  const seats = rows.map((r): SeatWord => {
    const row = (r ?? {}) as Record<string, unknown>;
    const seat = str(row.seat);
    const word = str(row.word);
    const group = row.group;
    if (seat === null || word === null || (group !== 1 && group !== 2)) throw new Error('AGE: a malformed seating note');
    return { seat, group, word };
  });
  return { seats, idx: note.idx };
}

export const isEndEvent = (e: EventRecord): boolean => e.kind === 'system' && typeof actionOf(e).end === 'string';

/** Every recorded turn, in order, numbered by position. */
export function ageTurns(events: readonly EventRecord[], seats: readonly SeatWord[]): AgeTurn[] {
  const known = new Set(seats.map((s) => s.seat));
  const turns: AgeTurn[] = [];
  for (const e of events) {
    const a = actionOf(e);
    const spoke = (e.kind === 'response' || e.kind === 'input') && e.valid === true && e.from !== null && known.has(e.from);
    const failed = e.kind === 'system' && typeof a.noGuess === 'string' && known.has(String(a.seat));
    if (!spoke && !failed) continue;
    turns.push({
      seat: spoke ? e.from! : String(a.seat),
      round: e.round,
      position: turns.length + 1,
      description: str(a.description),
      guess: spoke ? str(a.guess) : null,
      valid: spoke,
      reply: spoke ? (e.text ?? '') : (str(a.reply) ?? ''),
      idx: e.idx,
      ruled: spoke ? ruledOf(a) : null,
    });
  }
  return turns;
}

/** Which groups' words were guessed by a seat of the other group, as metrics.ts counts them. */
export function guessedGroups(game: AgeGame): [boolean, boolean] {
  const found = (holders: readonly string[], by: readonly string[]) => holders.length > 0 && by.some((seat) => firstCorrectGuess(game, seat, 'round') !== null);
  return [found(game.groups[0], game.groups[1]), found(game.groups[1], game.groups[0])];
}

/** metrics.ts's input: a correct guess of the other word names the other group's first seat. */
export function toAgeGame(turns: readonly AgeTurn[], seats: readonly SeatWord[], pair: AgePair, match: MatchSettings): AgeGame {
  const groups = [seats.filter((s) => s.group === 1).map((s) => s.seat), seats.filter((s) => s.group === 2).map((s) => s.seat)] as const;
  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  const utterances = turns.map((t) => {
    const seat = bySeat.get(t.seat)!;
    const other = groups[seat.group === 1 ? 1 : 0][0];
    const correct = t.ruled ?? assessGuess(t.guess, seat.word, pair, match).correct;
    const guesses = t.guess === null || other === undefined ? [] : [{ of: other, correct }];
    return { seat: t.seat, round: t.round, position: t.position, guesses, leak: leaks(t.description, seat.word, pair) };
  });
  return { groups, utterances };
}

/** Per seat: comprehension, confusion, AGE, leak, first_guess; per episode: length, filter, both words guessed. */
export function scoreAge({ events, instance, settings }: ScoreInput<AgeSettings>): ScoreResult {
  const seating = seatingOf(events);
  const empty = ['rounds', 'utterances', 'successful', 'both_guessed'].map((metric) => ({ metric, value: 0 }));
  if (!seating) return { outcome: 'failure', scores: empty };
  const pair = agePair(instance.payload);
  const game = toAgeGame(ageTurns(events, seating.seats), seating.seats, pair, matchSettingsOf(settings));
  const scored = scoreGame(game, { unit: settings.unit });
  const successful = isSuccessfulGame(game);
  const both = guessedGroups(game).every(Boolean);
  const scores: Score[] = [
    { metric: 'rounds', value: gameLength(game, 'round') },
    { metric: 'utterances', value: game.utterances.length },
    { metric: 'successful', value: successful ? 1 : 0 },
    { metric: 'both_guessed', value: both ? 1 : 0 },
  ];
  for (const s of seating.seats) {
    const row = scored.seats.find((r) => r.seat === s.seat)!;
    scores.push(
      { seat: s.seat, metric: 'comprehension', value: row.comprehension },
      { seat: s.seat, metric: 'confusion', value: row.confusion },
      { seat: s.seat, metric: 'age', value: row.age },
      { seat: s.seat, metric: 'leak', value: row.leaked ? 1 : 0 },
    );
    if (row.fcg !== null) scores.push({ seat: s.seat, metric: 'first_guess', value: row.fcg });
    // The same three on the paper's successful conversations only; left out (not scored) for the others.
    if (successful) {
      scores.push(
        { seat: s.seat, metric: 'comprehension_kept', value: row.comprehension },
        { seat: s.seat, metric: 'confusion_kept', value: row.confusion },
        { seat: s.seat, metric: 'age_kept', value: row.age },
      );
    }
  }
  return { outcome: successful ? 'success' : 'failure', scores };
}

const unitNote = 'in the unit the settings choose (utterance positions by default, or rounds)';

const kept = 'on the successful conversations only (more than two rounds, both words guessed: the paper\'s filter, §4.1–4.2); not scored on the others, so its n says how many the filter kept';

export const AGE_METRICS: readonly MetricSpec[] = [
  { key: 'age_kept', label: 'AGE (successful)', direction: 'higher', kind: 'mean', digits: 4, episodeDigits: 4, range: [0, 1], scope: 'seat', description: `AGE ${kept}` },
  { key: 'comprehension_kept', label: 'Comprehension (successful)', direction: 'higher', kind: 'mean', digits: 4, episodeDigits: 4, range: [0, 1], scope: 'seat', description: `comprehension ${kept}` },
  { key: 'confusion_kept', label: 'Confusion (successful)', direction: 'higher', kind: 'mean', digits: 4, episodeDigits: 4, range: [0, 1], scope: 'seat', description: `confusion ${kept}` },
  { key: 'age', label: 'AGE', direction: 'higher', kind: 'mean', digits: 4, episodeDigits: 4, range: [0, 1], scope: 'seat', description: 'harmonic mean of comprehension and confusion (paper §3.3; Table 2 averages it per seat)' },
  { key: 'comprehension', label: 'Comprehension', direction: 'higher', kind: 'mean', digits: 4, episodeDigits: 4, range: [0, 1], scope: 'seat', description: `1 / log2(f + 1), f the seat's first correct guess of the other word ${unitNote}; 0 when it never guessed it` },
  { key: 'confusion', label: 'Confusion', direction: 'higher', kind: 'mean', digits: 4, episodeDigits: 4, range: [0, 1], scope: 'seat', description: "log_(l+1) of the earliest first correct guess of the seat's word by the other group, l the game's length; 1 when nobody guessed it" },
  { key: 'leak', label: 'Leak', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], scope: 'seat', description: 'the seat named its own word or a synonym in a description (flagged, not penalised by the formulas)' },
  { key: 'first_guess', label: 'First correct guess', direction: 'lower', kind: 'mean', digits: 2, range: [1, 600], scope: 'seat', description: `f, the position of the seat's first correct guess of the other word ${unitNote}; not scored when it never guessed it` },
  { key: 'rounds', label: 'Rounds', direction: 'none', kind: 'mean', digits: 2, range: [0, 50], description: 'rounds played (the last may be cut short when both words are guessed)' },
  { key: 'utterances', label: 'Utterances', direction: 'none', kind: 'mean', digits: 2, range: [0, 600], description: 'turns taken, a turn without a valid reply included' },
  { key: 'successful', label: 'Kept by filter', direction: 'none', kind: 'rate', digits: 2, range: [0, 1], description: "the paper's successful conversation (§4.1–4.2): more than two rounds, and both words guessed by a seat of the other group; 1 − this rate of a model's conversations were removed by the filter" },
  { key: 'both_guessed', label: 'Both guessed', direction: 'higher', kind: 'rate', digits: 2, range: [0, 1], description: 'each secret word was guessed by at least one seat of the other group, however short the game' },
];
