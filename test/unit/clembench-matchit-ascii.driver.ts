/** Drives the MatchIt ASCII game master without a runner: a fake kit whose players are functions. */
import type { EventRecord } from '../../electron/engine/core/events';
import type { InstanceInput, InstanceRow } from '../../electron/engine/core/game';
import { testKit } from '../support/kit';
import { matchitAsciiGame } from '../../electron/engine/games/matchit_ascii/game';
import type { ChatMessage } from '../../electron/engine/players/types';

export const settings = matchitAsciiGame.parseSettings({});

export const rowOf = (input: InstanceInput, position = 0): InstanceRow => ({ ...input, id: position + 1, datasetId: 1, subset: 'all', position });

export interface Driven {
  events: EventRecord[];
  calls: { seat: string; messages: ChatMessage[] }[];
}

/** Plays one episode; `reply` answers each call (it may throw to cut the episode off). */
export async function drive(instance: InstanceRow, reply: (seat: string, messages: readonly ChatMessage[]) => string, prior: readonly EventRecord[] = []): Promise<Driven> {
  const calls: Driven['calls'] = [];
  const kit = testKit({
    answer: (seat, messages) => {
      calls.push({ seat, messages: [...messages] });
      return reply(seat, messages);
    },
    prior,
  });
  const seats = matchitAsciiGame.seats(instance, settings).map((s) => ({ ...s, player: 'test', human: false }));
  try {
    await matchitAsciiGame.play({ episode: { id: 1, repetition: 0, seed: 0 }, instance, datasetKind: 'matchit_ascii', settings, seats, prior, kit, signal: new AbortController().signal });
  } catch (error) {
    if (!(error instanceof CutOff)) throw error;
  }
  return { events: kit.events, calls };
}

/** Thrown by a test's player to stop an episode midway (as a killed process would). */
export class CutOff extends Error {}

export const textOf = (m: ChatMessage): string => (typeof m.content === 'string' ? m.content : '');

/** The episode's scores by metric (episode-level) and by seat. */
export function scoresOf(events: readonly EventRecord[], instance: InstanceRow) {
  const result = matchitAsciiGame.score({ events, instance, settings, seats: [] });
  const episode: Record<string, number> = {};
  const seat: Record<string, Record<string, number>> = {};
  for (const s of result.scores) {
    if (s.seat) (seat[s.seat] ??= {})[s.metric] = s.value;
    else episode[s.metric] = s.value;
  }
  return { outcome: result.outcome, episode, seat };
}
