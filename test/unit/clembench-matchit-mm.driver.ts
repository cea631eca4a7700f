/** Drives the image MatchIt's game master without a runner: a fake kit whose players are functions and whose images are named hashes. */
import type { ContentPart } from '../../shared/contract/content';
import type { EventRecord } from '../../electron/engine/core/events';
import type { InstanceInput, InstanceRow } from '../../electron/engine/core/game';
import { playWithKit, scoresByLevel, stubRef } from '../support/kit';
import { matchitGame } from '../../electron/engine/games/matchit/game';
import type { ChatMessage } from '../../electron/engine/players/types';

export const settings = matchitGame.settings.parse({});

export const rowOf = (input: InstanceInput, position = 0): InstanceRow => ({ ...input, id: position + 1, datasetId: 1, subset: 'all', position });

export const refOf = stubRef;

export interface Driven {
  events: EventRecord[];
  calls: { seat: string; messages: ChatMessage[] }[];
}


/** Plays one episode; `reply` answers each call (it may throw CutOff to cut the episode off). */
export function drive(instance: InstanceRow, reply: (seat: string, messages: readonly ChatMessage[]) => string, prior: readonly EventRecord[] = []): Promise<Driven> {
  return playWithKit(matchitGame, instance, settings, reply, { prior, datasetKind: 'matchit' });
}

/** A message as the test reads it: its text, and the names of its images in order. */
export function shown(m: ChatMessage): { role: string; text: string; images: string[] } {
  const parts: readonly ContentPart[] = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
  return {
    role: m.role,
    text: parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join(''),
    images: parts.flatMap((p) => (p.type === 'image' ? [p.name ?? p.ref] : [])),
  };
}

/** The same messages as sent over the wire: image parts without their names. */
export const nameless = (messages: readonly ChatMessage[]): ChatMessage[] =>
  messages.map((m) => (typeof m.content === 'string' ? m : { ...m, content: m.content.map((p) => (p.type === 'image' ? { type: 'image' as const, ref: p.ref, mime: p.mime } : p)) }));

/** The episode's scores by metric (episode-level) and by seat. */
export function scoresOf(events: readonly EventRecord[], instance: InstanceRow) {
  return scoresByLevel(matchitGame.score({ events, instance, settings, seats: [] }));
}
