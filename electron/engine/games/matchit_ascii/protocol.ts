/**
 * The order of MatchIt's moves and what the game master tells each player before each one, as in
 * clembench's MatchItAscii master. With D the instance's decision turn (rounds counted from 0 there,
 * from 1 here):
 *   round 0:      A describes, B describes, B asks (after reading A's description)
 *   rounds 1..D:  A answers, A asks, B answers, B asks (in round D: B decides)
 *   round D+1:    A decides (after reading B's last answer)
 * A message passes on the other player's last reply verbatim (without surrounding whitespace). The image
 * MatchIt (clembench's `matchit`) sends the same messages, its first one with the player's image.
 */
import type { ContentPart } from '../../../../shared/contract/content';
import type { MatchItScript } from './datasets';
import type { Expect, ReplyAction } from './rules';

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

/** A player's first message: the initial prompt with its grid (ASCII) or with its image (parts). */
export type Opening = (seat: Seat) => string | readonly ContentPart[];

/** Tracks the players' last replies and builds the game master's next message. */
export class MatchItProtocol {
  private readonly said: Record<Seat, Partial<Record<Expect, string>>> = { player_a: {}, player_b: {} };

  constructor(
    private readonly p: Pick<MatchItScript, 'descIntro' | 'qReprompt' | 'aRequest' | 'dReprompt'>,
    private readonly opening: Opening,
  ) {}

  /** The message a player reads before the move (the new part of its conversation). */
  message(step: Step): string | readonly ContentPart[] {
    const p = this.p;
    const other = this.said[otherSeat(step.seat)];
    if (step.expect === 'description') return this.opening(step.seat);
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

/**
 * An upper bound on a player's model use, at ~4 characters per token: every move uses its whole budget
 * and re-reads the player's dialogue (a 130-token prompt, then each earlier exchange at two budgets
 * and 40 tokens of the game master's text), plus `imageTokens` a call for an image that stays in it.
 */
export function matchitEstimate(maxTokens: number, imageTokens = 0): Record<Seat, { calls: number; inputTokens: number; outputTokens: number }> {
  const steps = matchitSteps(3);
  const prompt = 130;
  const estimate = (seat: Seat) => {
    const calls = steps.filter((s) => s.seat === seat).length;
    let input = 0;
    for (let k = 0; k < calls; k++) input += prompt + imageTokens + k * (2 * maxTokens + 40);
    return { calls, inputTokens: input, outputTokens: calls * maxTokens };
  };
  return { player_a: estimate('player_a'), player_b: estimate('player_b') };
}
