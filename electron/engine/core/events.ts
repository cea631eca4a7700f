/** The record of an episode: every step of the game as an event, in order. */
import type { z } from 'zod';
import type { EventSchema } from '../../../shared/contract/rows';

export { EVENT_KINDS, MESSAGE_ROLES, type EventKind, type MessageRole } from '../../../shared/contract/game';

/** A stored model call; `id` is set once the write is committed (at the latest by the next read). */
export interface CallRef {
  id: number | null;
}

/** The id of the call behind an event: stored rows hold the number, events in flight a reference filled at commit. */
export function callIdOf(ref: number | CallRef | null): number | null {
  return ref === null || typeof ref === 'number' ? ref : ref.id;
}

/** One event as a game records and reads it: the stored event (`shared/contract/rows.ts`) before it has an id, with its call's figures. */
export type EventRecord = Omit<z.infer<typeof EventSchema>, 'id' | 'callId'> & {
  callId: number | CallRef | null;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
};

/** An event as stored. */
export type EventRow = Omit<EventRecord, 'callId'> & {
  id: number;
  episodeId: number;
  callId: number | null;
  createdAt: string;
};

/** The action of an event as an object (games store objects), or an empty one. */
export function actionOf(event: Pick<EventRecord, 'action'>): Record<string, unknown> {
  const action = event.action;
  return action && typeof action === 'object' && !Array.isArray(action) ? (action as Record<string, unknown>) : {};
}
