/** An upper bound on one EDA episode's tokens, for the estimate shown before a run. */
import type { EpisodeEstimate } from '../../core/game';

export interface RoleShape {
  /** Characters of the fixed prompt this role gets every call. */
  promptChars: number;
  maxTokens: number;
}

/**
 * At ~4 characters per token: every game lasts all its turns, every question uses its whole
 * completion budget, and the guesser re-reads the growing dialogue.
 */
export function estimateEdaTokens(maxTurns: number, guesser: RoleShape, judge: RoleShape): EpisodeEstimate {
  const instruction = guesser.promptChars / 4;
  const perTurn = guesser.maxTokens + judge.maxTokens + 10; // a question, a reply, the cues
  let guesserInput = 0;
  for (let t = 1; t <= maxTurns; t++) guesserInput += instruction + (t - 1) * perTurn;
  const judgeInput = maxTurns * (judge.promptChars / 4 + guesser.maxTokens);
  return {
    guesser: { calls: maxTurns, inputTokens: guesserInput, outputTokens: maxTurns * guesser.maxTokens },
    judge: { calls: maxTurns, inputTokens: judgeInput, outputTokens: maxTurns * judge.maxTokens },
  };
}
