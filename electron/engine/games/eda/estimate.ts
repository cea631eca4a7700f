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
export function estimateEdaTokens(maxTurns: number, guesser: RoleShape, judge: RoleShape, probe?: RoleShape): EpisodeEstimate {
  const instruction = guesser.promptChars / 4;
  const perTurn = guesser.maxTokens + judge.maxTokens + 10; // a question, a reply, the cues
  let guesserInput = 0;
  for (let t = 1; t <= maxTurns; t++) guesserInput += instruction + (t - 1) * perTurn;
  const judgeInput = maxTurns * (judge.promptChars / 4 + guesser.maxTokens);
  // A probe before every question re-reads the same dialogue plus its own sentence (its model is the guesser's).
  const probes = probe ? { calls: maxTurns, inputTokens: guesserInput + maxTurns * (probe.promptChars / 4), outputTokens: maxTurns * probe.maxTokens } : { calls: 0, inputTokens: 0, outputTokens: 0 };
  return {
    guesser: { calls: maxTurns + probes.calls, inputTokens: guesserInput + probes.inputTokens, outputTokens: maxTurns * guesser.maxTokens + probes.outputTokens },
    judge: { calls: maxTurns, inputTokens: judgeInput, outputTokens: maxTurns * judge.maxTokens },
  };
}
