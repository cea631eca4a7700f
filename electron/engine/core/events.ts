/** The record of an episode: every step of the game as an event, in order. */
import type { ContentPart } from '../../../shared/contract/content';
import type { EventKind, MessageRole } from '../../../shared/contract/game';

export { EVENT_KINDS, MESSAGE_ROLES, type EventKind, type MessageRole } from '../../../shared/contract/game';

/** A stored model call; `id` is set once the write is committed (at the latest by the next read). */
export interface CallRef {
  id: number | null;
}

/** The id of the call behind an event: stored rows hold the number, events in flight a reference filled at commit. */
export function callIdOf(ref: number | CallRef | null): number | null {
  return ref === null || typeof ref === 'number' ? ref : ref.id;
}

/** One event as a game records and reads it. */
export interface EventRecord {
  /** 1-based order within the episode. */
  idx: number;
  /** The game's own round or turn number. */
  round: number;
  /** The seat that spoke; null for the game master. */
  from: string | null;
  to: string | null;
  kind: EventKind;
  /** The text of the content (images left out). */
  text: string | null;
  /** The content when it holds more than text (images), else null. */
  parts: ContentPart[] | null;
  /** What the game read from it (EDA: the question; the answer's label). */
  action: unknown;
  /** Whether the reply followed the game's format; null where there is no reply. */
  valid: boolean | null;
  flags: string[];
  callId: number | CallRef | null;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /**
   * The role the event's content has as a chat message in its seat's view (`core/seat-view.ts`): a
   * reply is in the view of the seat that gave it (`from`), anything else in the view of `to`.
   * Absent or null: not a message any seat was sent (a decision of the rules; events written before
   * schema 16).
   */
  message?: MessageRole | null;
  /** The message replaces the seat's message at this index (0-based); the later ones stay. */
  at?: number | null;
  /** The message comes after the seat's first `keep` messages, the rest dropped (0: a new conversation). */
  keep?: number | null;
}

/** An event as stored. */
export interface EventRow extends Omit<EventRecord, 'callId'> {
  id: number;
  episodeId: number;
  callId: number | null;
  createdAt: string;
}

/** The action of an event as an object (games store objects), or an empty one. */
export function actionOf(event: Pick<EventRecord, 'action'>): Record<string, unknown> {
  const action = event.action;
  return action && typeof action === 'object' && !Array.isArray(action) ? (action as Record<string, unknown>) : {};
}
