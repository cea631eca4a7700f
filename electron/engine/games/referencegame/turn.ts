/** Reading an episode's events back: each player's one reply, and whether the rules ended the episode. */
import type { EventRecord } from '../../core/events';

const REPLY_KINDS = new Set(['response', 'input']);

/** The text of a seat's reply (a model's response or a person's input), null before it replied. */
export function replyOf(events: readonly Pick<EventRecord, 'from' | 'kind' | 'text'>[], seat: string): string | null {
  const e = events.find((x) => x.from === seat && REPLY_KINDS.has(x.kind));
  return e ? (e.text ?? '') : null;
}
