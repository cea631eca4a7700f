/**
 * What a game offers for the planning/reasoning ablation (EDA's Tables 4 and 6, "X → Y"): an
 * episode cut just before one seat's last move, so another model can make that move from the same
 * history. The capability copies the cut into a new run (its config's `lastTurn`); the runner plays on
 * for that one round and the game scores the episode as usual.
 */
import type { CapabilityCheck } from '../../core/capability';
import type { EventRecord } from '../../core/events';

/** A game offering this must stop after `EpisodeContext.untilRound`. */
export interface LastMoveHooks {
  /** The seat whose last move is swapped (EDA: the guesser's final question). */
  readonly seat: string;
  /** Pure: the events before the seat's last move and that move's round; null when the seat never moved. */
  cut(events: readonly EventRecord[]): { prefix: EventRecord[]; round: number } | null;
}

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; the cut does not read it
  interface Provisions<S> {
    'last-move': LastMoveHooks;
  }
}

export const lastMoveCheck: CapabilityCheck<'last-move'> = {
  key: 'last-move',
  problems(hooks) {
    const problems: string[] = [];
    if (typeof hooks.seat !== 'string' || !hooks.seat) problems.push('seat must name the seat whose last move is swapped');
    if (typeof hooks.cut !== 'function') problems.push("cut must be a function of an episode's events");
    return problems;
  },
  info: { field: 'lastMove', of: (hooks) => ({ seat: hooks.seat }) },
};
