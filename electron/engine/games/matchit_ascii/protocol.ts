/**
 * The order of MatchIt's moves and what the game master tells each player before each one, as in
 * clembench's MatchItAscii master. With D the instance's decision turn (rounds counted from 0 there,
 * from 1 here):
 *   round 0:      A describes, B describes, B asks (after reading A's description)
 *   rounds 1..D:  A answers, A asks, B answers, B asks (in round D: B decides)
 *   round D+1:    A decides (after reading B's last answer)
 * A message passes on the other player's last reply verbatim (without surrounding whitespace).
 */
import type { MatchItPayload } from './datasets';
import { initialPrompt, type Expect, type ReplyAction } from './rules';

export const SEATS = ['player_a', 'player_b'] as const;
export type Seat = (typeof SEATS)[number];

export interface Step {
  seat: Seat;
  expect: Expect;
  /** Parlor's round: clembench's round + 1. */
  round: number;
}

/** Every move of a complete episode, in order. */
export function matchitSteps(decisionTurn: number): Step[] {
  const steps: Step[] = [
    { seat: 'player_a', expect: 'description', round: 1 },
    { seat: 'player_b', expect: 'description', round: 1 },
    { seat: 'player_b', expect: 'question', round: 1 },
  ];
  for (let r = 1; r <= decisionTurn; r++) {
    steps.push(
      { seat: 'player_a', expect: 'answer', round: r + 1 },
      { seat: 'player_a', expect: 'question', round: r + 1 },
      { seat: 'player_b', expect: 'answer', round: r + 1 },
      { seat: 'player_b', expect: r < decisionTurn ? 'question' : 'decision', round: r + 1 },
    );
  }
  steps.push({ seat: 'player_a', expect: 'decision', round: decisionTurn + 2 });
  return steps;
}

export const otherSeat = (seat: Seat): Seat => (seat === 'player_a' ? 'player_b' : 'player_a');

/** Tracks the players' last replies and builds the game master's next message. */
export class MatchItProtocol {
  private readonly said: Record<Seat, Partial<Record<Expect, string>>> = { player_a: {}, player_b: {} };

  constructor(private readonly p: MatchItPayload) {}

  /** The message a player reads before the move (the new part of its conversation). */
  message(step: Step): string {
    const p = this.p;
    const other = this.said[otherSeat(step.seat)];
    if (step.expect === 'description') return initialPrompt(p, step.seat === 'player_a' ? p.gridA : p.gridB);
    if (step.round === 1) return `${p.descIntro}${other.description ?? ''}\n${p.qReprompt}`;
    if (step.expect === 'question') return p.qReprompt;
    if (step.expect === 'answer') {
      // A's first answer follows B's description; every other answer follows the other's last answer.
      const before = step.seat === 'player_a' && step.round === 2 ? `${p.descIntro}${other.description ?? ''}` : (other.answer ?? '');
      return `${before}\n${other.question ?? ''}${p.aRequest}`;
    }
    return step.seat === 'player_b' ? p.dReprompt : `${other.answer ?? ''}\n${p.dReprompt}`;
  }

  /** Remembers a valid reply for the messages that pass it on. */
  accept(step: Step, action: ReplyAction): void {
    this.said[step.seat][step.expect] = action.text;
  }
}
