/**
 * MatchIt ASCII's scores, computed from an episode's events alone as clembench's MatchItScorer does
 * from interactions.json: every checked reply is a request (parsed when its flag was right, violated
 * when it broke a rule; a decision with the right flag but wrong words is both); an aborted episode has
 * Success 0, Lose 0 and no Main or Player Score; otherwise Main Score is 100 when both players decided
 * right, else 0, and Player Score is 50 per player who decided right.
 */
import type { MetricSpec, Outcome } from '../../../../shared/contract/game';
import { actionOf, type EventRecord } from '../../core/events';
import type { Score } from '../../core/game';
import { CLEM_METRICS } from '../clembench/adapter';
import { SEATS, type Seat } from './protocol';
import { INVALID_DECISION } from './rules';

export const MATCHIT_METRICS: readonly MetricSpec[] = [
  ...CLEM_METRICS,
  { key: 'aborted', label: 'Aborted', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: 'a reply broke a rule (empty, wrong flag, or a decision in other words), which ends the episode (clembench "Aborted")' },
  { key: 'success', label: 'Success', direction: 'higher', kind: 'rate', digits: 2, range: [0, 1], description: 'both players decided right (clembench "Success"; 0 on aborted episodes)' },
  { key: 'lose', label: 'Lose', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: 'played to the end, but at least one player decided wrong (clembench "Lose"; 0 on aborted episodes)' },
  { key: 'player_score', label: 'Player Score', direction: 'higher', kind: 'mean', digits: 2, episodeDigits: 0, range: [0, 100], description: '50 per player who decided right (clembench "Player Score"); not scored for aborted episodes' },
  { key: 'request_count', label: 'Requests', direction: 'none', kind: 'mean', digits: 2, range: [0, 40], description: 'replies checked by the game master, a refused decision counting twice (clembench "Request Count")' },
  { key: 'parsed_request_count', label: 'Parsed requests', direction: 'none', kind: 'mean', digits: 2, range: [0, 40], description: 'replies that began with the right flag (clembench "Parsed Request Count")' },
  { key: 'violated_request_count', label: 'Violated requests', direction: 'lower', kind: 'mean', digits: 2, range: [0, 2], description: 'replies that broke a rule (clembench "Violated Request Count")' },
  { key: 'correct', label: 'Decided right', direction: 'higher', kind: 'rate', digits: 2, range: [0, 1], scope: 'seat', description: "this player's decision named the right answer (Parlor's per-player view of Player Score)" },
];

export interface MatchItTally {
  aborted: boolean;
  parsed: number;
  violated: number;
  /** Each player's decision, when it was made and valid. */
  decided: Partial<Record<Seat, 'success' | 'loss'>>;
}

/** What the events say: requests, the players' decisions, and whether a rule ended the episode. */
export function matchitTally(events: readonly Pick<EventRecord, 'kind' | 'from' | 'valid' | 'flags' | 'action'>[]): MatchItTally {
  const tally: MatchItTally = { aborted: false, parsed: 0, violated: 0, decided: {} };
  for (const event of events) {
    if (event.kind === 'system' && typeof actionOf(event).abort === 'string') tally.aborted = true;
    if ((event.kind !== 'response' && event.kind !== 'input') || !(SEATS as readonly (string | null)[]).includes(event.from)) continue;
    if (event.valid) {
      tally.parsed++;
      const decision = actionOf(event).decision;
      if (decision === 'success' || decision === 'loss') tally.decided[event.from as Seat] = decision;
    } else {
      tally.aborted = true;
      tally.violated++;
      if (event.flags.includes(INVALID_DECISION)) tally.parsed++;
    }
  }
  return tally;
}

/** The outcome and clembench's episode scores (plus Parlor's per-seat view) of a tally. */
export function matchitScores(tally: MatchItTally): { outcome: Outcome; scores: Score[] } {
  const requests: Score[] = [
    { metric: 'request_count', value: tally.parsed + tally.violated },
    { metric: 'parsed_request_count', value: tally.parsed },
    { metric: 'violated_request_count', value: tally.violated },
  ];
  if (tally.aborted) {
    const scores = [{ metric: 'played', value: 0 }, { metric: 'aborted', value: 1 }, { metric: 'success', value: 0 }, { metric: 'lose', value: 0 }, ...requests];
    return { outcome: 'aborted', scores };
  }
  const right = SEATS.filter((seat) => tally.decided[seat] === 'success').length;
  const both = right === SEATS.length;
  const scores: Score[] = [
    { metric: 'played', value: 1 },
    { metric: 'main_score', value: both ? 100 : 0 },
    { metric: 'aborted', value: 0 },
    { metric: 'success', value: both ? 1 : 0 },
    { metric: 'lose', value: both ? 0 : 1 },
    { metric: 'player_score', value: 50 * right },
    ...requests,
    ...SEATS.filter((seat) => tally.decided[seat] !== undefined).map((seat) => ({ seat, metric: 'correct', value: tally.decided[seat] === 'success' ? 1 : 0 })),
  ];
  return { outcome: both ? 'success' : 'failure', scores };
}
