/**
 * What a game offers for the planning/reasoning ablation (EDA's Tables 4 and 6, "X → Y"): an
 * episode cut just before one seat's last move, so another model can make that move from the same
 * history. The core copies the cut, plays on for that one round and scores the episode as usual.
 */
import type { EventRecord } from './events';

/** A game offering this must stop after `EpisodeContext.untilRound`. */
export interface LastMoveHooks {
  /** The seat whose last move is swapped (EDA: the guesser's final question). */
  readonly seat: string;
  /** Pure: the events before the seat's last move and that move's round; null when the seat never moved. */
  cut(events: readonly EventRecord[]): { prefix: EventRecord[]; round: number } | null;
}
