/**
 * The AGE game master (paper §3.2): the seats speak in the given order, round after round; each
 * describes its word and guesses the other one. The game ends as soon as each group's word has been
 * guessed by a seat of the other group (checked after every utterance: the paper plays "until ... all
 * secret words being guessed", and playing the round out would only add turns after the fact), or
 * after `rounds` rounds. A reply still malformed after the reprompts is recorded as a turn without a
 * guess; it never ends the episode.
 *
 * Everything is derived from the recorded events, so a resumed episode continues exactly where it
 * stopped: the seating note, the turns, and for the turn in flight its prompt, replies and corrections.
 */
import type { EventRecord } from '../../core/events';
import type { EpisodeContext, SeatInfo } from '../../core/game';
import type { Parsed, TurnKit } from '../../core/turn-kit';
import type { ChatMessage } from '../../players/types';
import type { AgePair } from './check';
import { correctionPrompt, firstPrompt, laterPrompt, parseReply, type Heard } from './prompts';
import { agePair, ageTurns, guessedGroups, isEndEvent, assessGuess, leaks, seatingOf, sideOf, toAgeGame, type AgeTurn, type SeatWord } from './scoring';
import { matchSettingsOf, type AgeSettings } from './settings';

export interface AgeAction {
  description: string;
  guess: string | null;
  /** The guess names the other group's word (or a synonym). */
  correct: boolean;
  /** The guess names the seat's own group's word. */
  ownWord: boolean;
  /** What the match rule decided, as the annotation label (annotation.ts); only on a guess. */
  match?: MatchLabel;
  /** A ruling over the rule's, which the scorer honours: set only by annotation's relabel (metrics recomputed with corrections), never in play. */
  ruled?: MatchLabel;
}

/** The annotation label of a guess: it names the other word, or it does not. */
export type MatchLabel = 'match' | 'miss';

/** The seats in speaking order (their given `order`, else as listed) with their words; throws when the seating breaks the rules. */
export function seatWords(seats: readonly SeatInfo[], pair: AgePair): SeatWord[] {
  const position = (s: SeatInfo, k: number) => (typeof s.given?.order === 'number' ? s.given.order : k + 1);
  const ordered = seats.map((s, k) => ({ s, at: position(s, k) })).sort((x, y) => x.at - y.at).map((x) => x.s);
  const rows = ordered.map((s): SeatWord => {
    const given = s.given ?? {};
    if (typeof given.word !== 'string' || (given.group !== 1 && given.group !== 2)) throw new Error(`AGE: seat ${s.seat} needs a given { word, group: 1 | 2 }`);
    return { seat: s.seat, group: given.group, word: given.word };
  });
  for (const group of [1, 2] as const) {
    const words = new Set(rows.filter((r) => r.group === group).map((r) => sideOf(r.word, pair)));
    if (words.size !== 1) throw new Error(`AGE: group ${group} must hold exactly one of the two words`);
  }
  if (sideOf(rows.find((r) => r.group === 1)!.word, pair) === sideOf(rows.find((r) => r.group === 2)!.word, pair)) throw new Error('AGE: both groups hold the same word');
  return rows;
}

const heardOf = (t: AgeTurn, seats: readonly SeatWord[]): Heard => ({
  player: seats.findIndex((s) => s.seat === t.seat) + 1,
  round: t.round,
  description: t.description,
  guess: t.guess,
});

/** The user message of turn `i` (0-based), given the turns before it. */
function turnMessage(i: number, turns: readonly AgeTurn[], seats: readonly SeatWord[], rounds: number): string {
  const n = seats.length;
  if (i < n) {
    const heard = turns.slice(0, i).map((t) => heardOf(t, seats));
    return firstPrompt({ players: n, player: i + 1, rounds, word: seats[i]!.word, heard });
  }
  return laterPrompt({ round: Math.floor(i / n) + 1, rounds, heard: turns.slice(i - n + 1, i).map((t) => heardOf(t, seats)) });
}

/** The seat's chat for turn `i`: its earlier messages with its replies, then the new message. */
export function seatMessages(i: number, turns: readonly AgeTurn[], seats: readonly SeatWord[], rounds: number): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let j = i % seats.length; j < i; j += seats.length) {
    messages.push({ role: 'user', content: turnMessage(j, turns, seats, rounds) }, { role: 'assistant', content: turns[j]!.reply });
  }
  messages.push({ role: 'user', content: turnMessage(i, turns, seats, rounds) });
  return messages;
}

/** The end, if the turns so far reach it: both words guessed, or every round played. */
function endOf(turns: readonly AgeTurn[], seats: readonly SeatWord[], pair: AgePair, settings: AgeSettings): Parameters<TurnKit['note']>[0] | null {
  const last = turns.at(-1);
  if (!last) return null;
  const [first, second] = guessedGroups(toAgeGame(turns, seats, pair, matchSettingsOf(settings)));
  const words = (group: 1 | 2) => seats.find((s) => s.group === group)!.word;
  const at = { rounds: last.round, utterances: turns.length };
  if (first && second) return { round: last.round, text: `end: both secret words guessed (utterance ${turns.length}, round ${last.round})`, action: { end: 'both_guessed', ...at } };
  if (turns.length < settings.rounds * seats.length) return null;
  const open = [first ? null : words(1), second ? null : words(2)].filter((w) => w !== null);
  return { round: last.round, text: `end: ${settings.rounds} rounds played; never guessed: ${open.join(', ')}`, action: { end: 'round_limit', ...at } };
}

function noGuess(kit: TurnKit, seat: SeatWord, player: number, round: number, reply: string, pair: AgePair): void {
  const parsed = parseReply(reply);
  const reason = parsed.ok ? 'no valid reply' : parsed.reason;
  const description = parsed.description;
  kit.note({
    round,
    to: seat.seat,
    text: `Player ${player} gave no valid answer (${reason}): the turn counts as no guess`,
    action: { seat: seat.seat, noGuess: reason, description, guess: null, reply },
    flags: leaks(description, seat.word, pair) ? ['no_guess', 'leak'] : ['no_guess'],
  });
}

/** Plays turn `i`, continuing a turn the record shows in flight. */
async function takeTurn(ctx: EpisodeContext<AgeSettings>, pair: AgePair, seats: readonly SeatWord[], turns: readonly AgeTurn[], after: number): Promise<void> {
  const { kit, settings } = ctx;
  const i = turns.length;
  const seat = seats[i % seats.length]!;
  const round = Math.floor(i / seats.length) + 1;
  const match = matchSettingsOf(settings);
  const pending = kit.events.filter((e) => e.idx > after && e.round === round && (e.to === seat.seat || e.from === seat.seat));
  const replies = pending.filter((e) => e.kind === 'response' || e.kind === 'input');
  const corrections = pending.filter((e) => e.kind === 'reprompt');
  if (replies.length > settings.reprompts) return noGuess(kit, seat, i % seats.length + 1, round, replies.at(-1)!.text ?? '', pair);

  const messages = seatMessages(i, turns, seats, settings.rounds);
  for (const [k, reply] of replies.entries()) {
    let correction: EventRecord | undefined = corrections[k];
    if (!correction) {
      // Cut between a refused reply and its correction: record the correction the kit would have.
      const read = parseReply(reply.text ?? '');
      const reason = read.ok ? 'no valid reply' : read.reason;
      correction = kit.note({ kind: 'reprompt', message: 'user', round, to: seat.seat, text: correctionPrompt(reason), action: { reason } });
    }
    messages.push({ role: 'assistant', content: reply.text ?? '' }, { role: 'user', content: correction.text ?? '' });
  }

  const parse = (text: string): Parsed<AgeAction> => {
    const read = parseReply(text);
    if (!read.ok) return { ok: false, reason: read.reason };
    const assessed = assessGuess(read.guess, seat.word, pair, match);
    const label: Pick<AgeAction, 'match'> = read.guess === null ? {} : { match: assessed.correct ? 'match' : 'miss' };
    return { ok: true, action: { description: read.description, guess: read.guess, ...assessed, ...label }, flags: leaks(read.description, seat.word, pair) ? ['leak'] : [] };
  };
  const answer = await kit.ask(seat.seat, {
    round,
    messages,
    temperature: settings.temperature,
    maxTokens: settings.maxTokens,
    parse,
    reprompt: { attempts: settings.reprompts - replies.length, message: (reason) => correctionPrompt(reason) },
  });
  if (!answer.ok) noGuess(kit, seat, i % seats.length + 1, round, answer.text, pair);
}

export async function playAge(ctx: EpisodeContext<AgeSettings>): Promise<void> {
  const { kit, settings } = ctx;
  const pair = agePair(ctx.instance.payload);
  const seats = seatWords(ctx.seats, pair);
  if (seats.length < 2) throw new Error('AGE needs at least two seats');
  let seating = seatingOf(kit.events);
  if (!seating) {
    const order = seats.map((s, k) => `Player ${k + 1} = ${s.seat} (group ${s.group}: ${s.word})`).join(', ');
    kit.note({ round: 1, text: `speaking order: ${order}`, action: { seating: seats } });
    seating = seatingOf(kit.events)!;
  } else if (seating.seats.length !== seats.length || seating.seats.some((s, k) => s.seat !== seats[k]!.seat || s.group !== seats[k]!.group || s.word !== seats[k]!.word)) {
    throw new Error('AGE: the episode was resumed with a different seating than it started with');
  }
  for (;;) {
    if (kit.events.some(isEndEvent)) return;
    const turns = ageTurns(kit.events, seats);
    const end = endOf(turns, seats, pair, settings);
    if (end) return void kit.note(end);
    await takeTurn(ctx, pair, seats, turns, turns.at(-1)?.idx ?? seating.idx);
  }
}
