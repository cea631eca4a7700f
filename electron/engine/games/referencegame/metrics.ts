/**
 * The reference game's scores, as clembench's ReferenceGameScorer logs them per episode, computed from
 * the two replies alone. Player-level scores (who aborted, the expression's length) are seat scores.
 */
import type { MetricSpec } from '../../../../shared/contract/game';
import type { EventRecord } from '../../core/events';
import type { Score, ScoreResult } from '../../core/game';
import { CLEM_METRICS } from '../clembench/adapter';
import { pyLen, pyTokens, readDescriber, readFollower, type Rules } from './rules';
import { replyOf } from './turn';

export const REF_METRICS: readonly MetricSpec[] = [
  ...CLEM_METRICS,
  { key: 'success', label: 'Success', direction: 'higher', kind: 'rate', digits: 2, range: [0, 1], description: 'The follower chose the target. Instances without modes (2024 rules) log 0 on aborted episodes too; with modes it is not scored there.' },
  { key: 'lose', label: 'Lose', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: '1 − Success (2024 rules: 1 on aborted episodes; with modes: not scored there).' },
  { key: 'request_count', label: 'Requests', direction: 'none', kind: 'mean', digits: 2, range: [0, 2], description: 'Replies the rules read: 1 when the describer was refused, else 2.' },
  { key: 'parsed_request_count', label: 'Parsed requests', direction: 'higher', kind: 'mean', digits: 2, range: [0, 2], description: 'Replies the rules accepted.' },
  { key: 'violated_request_count', label: 'Violated requests', direction: 'lower', kind: 'mean', digits: 2, range: [0, 2], description: 'Replies the rules refused.' },
  { key: 'request_success_ratio', label: 'Request success ratio', direction: 'higher', kind: 'mean', digits: 2, episodeDigits: 2, range: [0, 1], description: 'Parsed / requests, rounded to 4 digits.' },
  { key: 'abort_cause', label: 'Aborted here', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], scope: 'seat', description: "1 when this player's refused reply ended the episode (clembench's Aborted at Player 1 / Player 2)." },
  { key: 'expression_length', label: 'Expression length', direction: 'none', kind: 'mean', digits: 1, range: [0, 10_000], scope: 'seat', description: "Characters of the describer's expression (clembench's Generated Expression Length); not scored when the describer was refused." },
  { key: 'expression_tokens', label: 'Expression tokens', direction: 'none', kind: 'mean', digits: 1, range: [0, 10_000], scope: 'seat', description: 'Space-separated pieces of the expression (Generated Expression Number of Tokens).' },
];

export interface RefEpisode {
  outcome: ScoreResult['outcome'];
  /** The seat whose refused reply ended the episode. */
  abortedBy: 'describer' | 'follower' | null;
  expression: string | null;
  answer: string | null;
  correct: boolean;
}

/** Reads the episode the way the reference scorer reads interactions.json. */
export function readEpisode(events: readonly EventRecord[], rules: Rules): RefEpisode {
  const described = replyOf(events, 'describer');
  const first = described === null ? null : readDescriber(described, rules);
  if (!first?.ok) return { outcome: 'aborted', abortedBy: 'describer', expression: null, answer: null, correct: false };
  const guessed = replyOf(events, 'follower');
  const second = guessed === null ? null : readFollower(guessed, rules);
  if (!second?.ok) return { outcome: 'aborted', abortedBy: 'follower', expression: first.action.expression, answer: null, correct: false };
  const { answer, correct } = second.action;
  return { outcome: correct ? 'success' : 'failure', abortedBy: null, expression: first.action.expression, answer, correct };
}

export function scoreReference(events: readonly EventRecord[], rules: Rules): ScoreResult {
  const ep = readEpisode(events, rules);
  const aborted = ep.outcome === 'aborted';
  const requests = ep.abortedBy === 'describer' ? 1 : 2;
  const parsed = ep.abortedBy === 'describer' ? 0 : ep.abortedBy === 'follower' ? 1 : 2;
  const success = ep.correct ? 1 : 0;
  const scores: Score[] = [
    { metric: 'played', value: aborted ? 0 : 1 },
    { metric: 'request_count', value: requests },
    { metric: 'parsed_request_count', value: parsed },
    { metric: 'violated_request_count', value: requests - parsed },
    { metric: 'request_success_ratio', value: Math.round((parsed / requests) * 1e4) / 1e4 },
    { seat: 'describer', metric: 'abort_cause', value: ep.abortedBy === 'describer' ? 1 : 0 },
    { seat: 'follower', metric: 'abort_cause', value: ep.abortedBy === 'follower' ? 1 : 0 },
  ];
  if (!aborted) scores.push({ metric: 'main_score', value: success * 100 });
  if (!aborted || rules.set === '2024') scores.push({ metric: 'success', value: success }, { metric: 'lose', value: 1 - success });
  if (ep.expression !== null) {
    scores.push({ seat: 'describer', metric: 'expression_length', value: pyLen(ep.expression) }, { seat: 'describer', metric: 'expression_tokens', value: pyTokens(ep.expression) });
  }
  return { outcome: ep.outcome, scores };
}
