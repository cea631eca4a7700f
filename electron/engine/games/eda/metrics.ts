import type { MetricSpec } from '../../../../shared/contract/game';
import type { JudgeLabel } from './rules';

/** Per-episode metrics (paper §3.1). */
export interface EdaMetrics {
  turns: number;
  success: 0 | 1;
  yes: number;
  score: number;
}

/** The columns of the paper's Table 1, in its order. */
export const EDA_METRICS: MetricSpec[] = [
  { key: 'turns', label: '#Turns', direction: 'lower', kind: 'mean', digits: 1, range: [1, 200], description: 'questions asked (the turn limit on a loss)' },
  { key: 'success', label: 'Success', direction: 'higher', kind: 'rate', digits: 2, range: [0, 1], description: 'the entity was named within the limit' },
  { key: 'yes', label: '#Yes', direction: 'none', kind: 'mean', digits: 1, range: [0, 200], description: 'judge answers labelled yes' },
  { key: 'score', label: 'Score', direction: 'higher', kind: 'mean', digits: 2, episodeDigits: 2, range: [0, 1], description: '1 − λ·max(#Turns − 5, 0) on a win, else 0 (Eq. 1)' },
];

export interface ScoreRule {
  /** λ of Eq. 1. */
  lambda: number;
  /** Turns that cost nothing (5 in the paper). */
  freeTurns: number;
}

/** Eq. 1 of the paper: 1 − λ·max(#Turns − 5, 0) on a win, 0 on a loss. */
export function edaScore(turns: number, won: boolean, rule: ScoreRule): number {
  if (!won) return 0;
  // Rounded to 12 decimals so 1 − 0.02·15 is stored as 0.7, not 0.7000000000000001.
  return Math.round((1 - rule.lambda * Math.max(turns - rule.freeTurns, 0)) * 1e12) / 1e12;
}

/**
 * Per-episode metrics from the judge labels of its turns, in order:
 * #Turns = questions asked, Success = the last answer was Bingo, #Yes = answers labelled yes.
 */
export function edaEpisodeMetrics(labels: readonly JudgeLabel[], rule: ScoreRule): EdaMetrics {
  const turns = labels.length;
  const won = turns > 0 && labels[turns - 1] === 'bingo';
  return {
    turns,
    success: won ? 1 : 0,
    yes: labels.filter((label) => label === 'yes').length,
    score: edaScore(turns, won, rule),
  };
}
