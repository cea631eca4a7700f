/** Drives the MatchIt ASCII game master without a runner: a fake kit whose players are functions. */
import type { EventRecord } from '../../electron/engine/core/events';
import type { InstanceInput, InstanceRow } from '../../electron/engine/core/game';
import { playWithKit, scoresByLevel } from '../support/kit';
import { matchitAsciiGame } from '../../electron/engine/games/matchit_ascii/game';
import type { ChatMessage } from '../../electron/engine/players/types';

export const settings = matchitAsciiGame.settings.parse({});

export const rowOf = (input: InstanceInput, position = 0): InstanceRow => ({ ...input, id: position + 1, datasetId: 1, subset: 'all', position });

export interface Driven {
  events: EventRecord[];
  calls: { seat: string; messages: ChatMessage[] }[];
}

/** Plays one episode; `reply` answers each call (it may throw CutOff to cut the episode off). */
export function drive(instance: InstanceRow, reply: (seat: string, messages: readonly ChatMessage[]) => string, prior: readonly EventRecord[] = []): Promise<Driven> {
  return playWithKit(matchitAsciiGame, instance, settings, reply, { prior, datasetKind: 'matchit_ascii' });
}


export const textOf = (m: ChatMessage): string => (typeof m.content === 'string' ? m.content : '');

/** The episode's scores by metric (episode-level) and by seat. */
export function scoresOf(events: readonly EventRecord[], instance: InstanceRow) {
  return scoresByLevel(matchitAsciiGame.score({ events, instance, settings, seats: [] }));
}
