/**
 * AGE metrics (paper §3.3): comprehension, confusion and the AGE score, from the first correct
 * guess (FCG) of each seat.
 *
 *   comprehension(seat)  = 1 / log2(f + 1)              f: the seat's FCG
 *   confusion(seat in A) = log_{l+1}(min f over B)      l: the length of the game
 *   AGE(seat)            = 2·c·k / (c + k)              0 when c = k = 0
 *
 * Definitions the paper leaves open, as decided here:
 * - A seat's FCG is the first of its utterances with a correct guess of the OTHER group's word.
 *   Guesses of its own group's word never count (naming one's own word shows no comprehension).
 * - Unit (`unit`): 'utterance' (default) counts f as the global 1-based position of that utterance
 *   in the game and l as the number of utterances; 'round' counts f as its round and l as the
 *   number of rounds. (A seat's own turn count equals its round, as every seat speaks once a
 *   round, so that reading is the 'round' one.) Why utterances: with rounds, any seat that guesses
 *   at all scores ≥ 1/log2 6 = 0.387, above GPT-3.5's Rc of 0.357 in Table 2, so the table would
 *   need about a third of the seats of successful games never to guess, hard to square with the
 *   86% of games where both words were guessed. Simulated 2-vs-2, 5-round games fitted to Table 2
 *   under that 86% reach Rc/Cc/AGE 0.354/0.468/0.303 with utterances (table mean
 *   0.380/0.477/0.308) but only 0.436/0.489/0.364 with rounds. The price: it needs ~30% of seats
 *   right within round 1; if first guesses were mostly in rounds 2–3, rounds would fit better.
 * - Never guessed: comprehension 0 (f = ∞). A word no opponent ever guessed: its seats' confusion
 *   is 1, i.e. min f = l + 1, the first position past the end, so log_{l+1}(l + 1) = 1 and the
 *   scale stays in [0, 1]; any f inside the game gives < 1.
 * - Ties: min takes care of them. A leak (a seat naming its own word) changes nothing in the
 *   formulas — it already lowers the leaker's group's confusion through the others' earlier FCG —
 *   and is only flagged, so reports can filter such seats or games.
 * - Table 2's AGE column is the mean of per-seat AGE, not the harmonic mean of the Rc and Cc
 *   columns (Claude3: HM(0.4011, 0.4736) = 0.434, the table says 0.326), so aggregate per seat.
 *
 * Worked example: four seats speak in the order a1 b1 a2 b2 (a: word 1, b: word 2) for five
 * rounds, so utterance p of round r is p = 4(r − 1) + place; l = 20 utterances (5 rounds).
 * First correct guesses of the other word: b1 in round 2 (p 6), a2 round 2 (p 7), a1 round 3
 * (p 9), b2 round 3 (p 12).
 *   utterance  f: a1 9, b1 6, a2 7, b2 12
 *     comprehension a1 1/log2 10 = 0.3010   b1 1/log2 7 = 0.3562
 *                   a2 1/log2 8  = 0.3333   b2 1/log2 13 = 0.2702
 *     confusion     a1, a2 log21 min(6, 12) = log21 6 = 0.5885
 *                   b1, b2 log21 min(9, 7)  = log21 7 = 0.6392
 *     AGE           a1 2·0.3010·0.5885/(0.3010 + 0.5885) = 0.3983   a2 0.4256
 *                   b1 2·0.3562·0.6392/(0.3562 + 0.6392) = 0.4575   b2 0.3799
 *   round      f: a1 3, b1 2, a2 2, b2 3
 *     comprehension a1 0.5000  b1 0.6309  a2 0.6309  b2 0.5000
 *     confusion     every seat log6 2 = 0.3869 (each group's earliest opponent guessed in round 2)
 *     AGE           a1, b2 0.4362   a2, b1 0.4795
 */

export type Seat = string;
export type AgeUnit = 'utterance' | 'round';

/** One guess in an utterance: the seat whose secret word was guessed, and whether it matched. */
export interface AgeGuess {
  of: Seat;
  correct: boolean;
}

export interface AgeUtterance {
  seat: Seat;
  /** 1-based round. */
  round: number;
  /** 1-based position in the whole game. */
  position: number;
  guesses: readonly AgeGuess[];
  /** The description named the seat's own word (see match.ts isLeak). */
  leak?: boolean;
}

export interface AgeGame {
  /** The seats holding word 1 and word 2. */
  groups: readonly [readonly Seat[], readonly Seat[]];
  utterances: readonly AgeUtterance[];
}

export interface AgeMetricSettings {
  unit: AgeUnit;
}

export const DEFAULT_AGE_METRIC_SETTINGS: AgeMetricSettings = { unit: 'utterance' };

export interface AgeSeatScore {
  seat: Seat;
  /** 0: word 1, 1: word 2. */
  group: 0 | 1;
  /** f in the chosen unit; null when the seat never guessed the other word. */
  fcg: number | null;
  comprehension: number;
  confusion: number;
  age: number;
  /** The seat named its own word at least once. */
  leaked: boolean;
}

export interface AgeGameScore {
  unit: AgeUnit;
  /** l in the chosen unit. */
  length: number;
  seats: AgeSeatScore[];
}

/** The group (0 or 1) of a seat; throws on a seat in neither or both groups. */
export function groupOf(game: AgeGame, seat: Seat): 0 | 1 {
  const inA = game.groups[0].includes(seat);
  const inB = game.groups[1].includes(seat);
  if (inA === inB) throw new Error(`AGE: seat ${seat} must be in exactly one group`);
  return inA ? 0 : 1;
}

function validate(game: AgeGame): void {
  if (game.groups[0].length === 0 || game.groups[1].length === 0) throw new Error('AGE: both groups need a seat');
  for (const u of game.utterances) {
    groupOf(game, u.seat);
    if (!(u.round >= 1 && u.position >= 1)) throw new Error('AGE: rounds and positions are 1-based');
  }
}

/** l: the number of utterances, or of rounds, the game lasted (the largest index seen). */
export function gameLength(game: AgeGame, unit: AgeUnit): number {
  return game.utterances.reduce((l, u) => Math.max(l, unit === 'round' ? u.round : u.position), 0);
}

/** Whether an utterance holds a correct guess of a word of the group other than `group`. */
function guessesOtherWord(game: AgeGame, u: AgeUtterance, group: 0 | 1): boolean {
  const other = game.groups[group === 0 ? 1 : 0];
  return u.guesses.some((g) => g.correct && other.includes(g.of));
}

/** A seat's FCG in the chosen unit, or null when it never guessed the other group's word. */
export function firstCorrectGuess(game: AgeGame, seat: Seat, unit: AgeUnit): number | null {
  const group = groupOf(game, seat);
  const hits = game.utterances
    .filter((u) => u.seat === seat && guessesOtherWord(game, u, group))
    .map((u) => (unit === 'round' ? u.round : u.position));
  return hits.length === 0 ? null : Math.min(...hits);
}

/** 1 / log2(f + 1); 0 for a seat that never guessed (f = ∞). */
export function comprehension(f: number | null): number {
  return f === null ? 0 : 1 / Math.log2(f + 1);
}

/**
 * log_{l+1}(min f of the opponents); an opponent that never guessed counts as f = l + 1, which is
 * exactly 1 (returned as such, also for an empty game, where log base 1 would be 0/0).
 */
export function confusion(opponentFcgs: readonly (number | null)[], length: number): number {
  const earliest = Math.min(length + 1, ...opponentFcgs.map((f) => f ?? length + 1));
  return earliest === length + 1 ? 1 : Math.log(earliest) / Math.log(length + 1);
}

/** The harmonic mean of comprehension and confusion; 0 when both are 0. */
export function ageScore(comprehensionValue: number, confusionValue: number): number {
  const sum = comprehensionValue + confusionValue;
  return sum === 0 ? 0 : (2 * comprehensionValue * confusionValue) / sum;
}

/** Every seat's comprehension, confusion and AGE in one game, in the order of the groups. */
export function scoreGame(game: AgeGame, settings: AgeMetricSettings = DEFAULT_AGE_METRIC_SETTINGS): AgeGameScore {
  validate(game);
  const { unit } = settings;
  const length = gameLength(game, unit);
  const fcgs = game.groups.map((seats) => seats.map((seat) => firstCorrectGuess(game, seat, unit)));
  const seats = ([0, 1] as const).flatMap((group) =>
    game.groups[group].map((seat, i): AgeSeatScore => {
      const fcg = fcgs[group]![i] ?? null;
      const c = comprehension(fcg);
      const k = confusion(fcgs[group === 0 ? 1 : 0]!, length);
      const leaked = game.utterances.some((u) => u.seat === seat && u.leak === true);
      return { seat, group, fcg, comprehension: c, confusion: k, age: ageScore(c, k), leaked };
    }),
  );
  return { unit, length, seats };
}

/**
 * The paper's "successful conversation" (§4.2): it lasted more than two rounds and every secret
 * word was correctly identified — each group's word by at least one seat of the other group (a
 * seat that never guesses does not by itself spoil the game; it scores comprehension 0).
 */
export function isSuccessfulGame(game: AgeGame): boolean {
  if (gameLength(game, 'round') <= 2) return false;
  return ([0, 1] as const).every((group) =>
    game.groups[group === 0 ? 1 : 0].some((seat) => firstCorrectGuess(game, seat, 'round') !== null),
  );
}

/** One seat's scores, labelled with the model that played it. */
export interface ModelSeatScore {
  model: string;
  comprehension: number;
  confusion: number;
  age: number;
}

export interface ModelAverage {
  model: string;
  comprehension: number;
  confusion: number;
  age: number;
  /** Conversations the model played in. */
  conversations: number;
}

type Triple = Pick<ModelSeatScore, 'comprehension' | 'confusion' | 'age'>;

function mean(rows: readonly Triple[]): Triple {
  const n = rows.length;
  const sum = (key: keyof Triple): number => rows.reduce((s, r) => s + r[key], 0) / n;
  return { comprehension: sum('comprehension'), confusion: sum('confusion'), age: sum('age') };
}

/**
 * Per model, the mean over conversations of the mean over that model's seats in the conversation,
 * so a model holding two seats in one game weighs as much there as a model holding one. Models in
 * order of first appearance.
 */
export function macroAverage(conversations: readonly { seatScores: readonly ModelSeatScore[] }[]): ModelAverage[] {
  const perModel = new Map<string, Triple[]>();
  for (const conversation of conversations) {
    const models = [...new Set(conversation.seatScores.map((s) => s.model))];
    for (const model of models) {
      const own = mean(conversation.seatScores.filter((s) => s.model === model));
      perModel.set(model, [...(perModel.get(model) ?? []), own]);
    }
  }
  return [...perModel].map(([model, rows]) => ({ model, ...mean(rows), conversations: rows.length }));
}
