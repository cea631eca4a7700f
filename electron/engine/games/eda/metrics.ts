import type { EdaMetrics, JudgeLabel } from '../../../../shared/contract/records';

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
