/**
 * Drives the AGE game master and scorer without the runner (the game is not registered yet): a
 * cake / bread pair, four seats a1 b1 a2 b2 in speaking order, and scripted replies by seat and round.
 */
import type { EventRecord } from '../../electron/engine/core/events';
import type { InstanceRow, ScoreResult, SeatInfo } from '../../electron/engine/core/game';
import type { AgePair } from '../../electron/engine/games/age/check';
import { playAge } from '../../electron/engine/games/age/master';
import { scoreAge } from '../../electron/engine/games/age/scoring';
import { AgeSettingsSchema } from '../../electron/engine/games/age/settings';
import { textOf } from '../../shared/contract/content';
import type { ChatMessage } from '../../electron/engine/players/types';
import { testKit } from '../support/kit';

export const PAIR: AgePair = { list: 'A', topic: 'general', index: 0, a: 'cake', b: 'bread', synonyms: { a: ['cakes', 'sponge cake', 'gateau'], b: ['breads', 'loaf', 'loaves'] } };
export const INSTANCE: InstanceRow = { key: 'A/0', name: 'cake / bread', payload: PAIR, tags: { topic: 'general' }, id: 1, datasetId: 1, subset: 'A', position: 0 };

const seat = (id: string, group: 1 | 2): SeatInfo => ({ seat: id, role: 'player', given: { word: group === 1 ? 'cake' : 'bread', group }, player: 'scripted', human: false });
export const SEATS: SeatInfo[] = [seat('a1', 1), seat('b1', 2), seat('a2', 1), seat('b2', 2)];

export interface Driven {
  events: EventRecord[];
  sent: { seat: string; messages: ChatMessage[] }[];
  result: ScoreResult;
}

export type Reply = (seat: string, messages: readonly ChatMessage[]) => string;

/** A pair in no bundled list: the built-in player cannot look it up. */
export const UNLISTED: AgePair = { list: 'mine', topic: 'mine', index: 0, a: 'quill', b: 'stylus', synonyms: { a: [], b: [] } };
export const UNLISTED_INSTANCE: InstanceRow = { ...INSTANCE, key: 'mine/0', name: 'quill / stylus', payload: UNLISTED };
export const UNLISTED_SEATS: SeatInfo[] = SEATS.map((s) => ({ ...s, given: { ...s.given, word: s.given!.group === 1 ? 'quill' : 'stylus' } }));

export async function drive(reply: Reply, settingsInput: unknown = {}, prior: readonly EventRecord[] = [], seats: readonly SeatInfo[] = SEATS, instance: InstanceRow = INSTANCE): Promise<Driven> {
  const settings = AgeSettingsSchema.parse(settingsInput);
  const sent: Driven['sent'] = [];
  const kit = testKit({
    answer: (s, messages) => {
      sent.push({ seat: s, messages: [...messages] });
      return reply(s, messages);
    },
    prior,
    seed: 1,
  });
  await playAge({ episode: { id: 1, repetition: 0, seed: 1 }, instance, datasetKind: 'age', settings, seats, prior: [...prior], kit, signal: new AbortController().signal });
  return { events: kit.events, sent, result: scoreAge({ events: kit.events, instance, settings, seats }) };
}

export const say = (description: string, guess = 'none'): string => `DESCRIPTION: ${description}\nGUESS: ${guess}`;
const FILLER = say('It is a thing.');

/**
 * Replies by seat and round; an array gives the first reply and then one per correction in that turn.
 * Missing entries say a clue-free line with no guess.
 */
export function script(table: Record<string, Record<number, string | string[]>>): Reply {
  return (s, messages) => {
    const users = messages.filter((m) => m.role === 'user').map((m) => textOf(m.content));
    const turnAt = users.findLastIndex((u) => /your turn\./.test(u));
    const round = Number(/Round (\d+) of/.exec(users[turnAt] ?? '')?.[1] ?? 1);
    const entry = table[s]?.[round] ?? FILLER;
    const tries = users.length - 1 - turnAt;
    return Array.isArray(entry) ? (entry[Math.min(tries, entry.length - 1)] ?? FILLER) : entry;
  };
}

/** A seat's scores by metric. */
export function seatScores(result: ScoreResult, s: string): Record<string, number> {
  return Object.fromEntries(result.scores.filter((x) => x.seat === s).map((x) => [x.metric, x.value]));
}

export function episodeScores(result: ScoreResult): Record<string, number> {
  return Object.fromEntries(result.scores.filter((x) => x.seat === undefined).map((x) => [x.metric, x.value]));
}
