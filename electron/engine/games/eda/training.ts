/**
 * EDA's games as training data (paper §4.3–4.4): the guesser's view of a game as a chat (what behaviour
 * cloning trains on), and per-turn rewards for RL from game play — Eq. 1 at the final turn, and Eq. 2's
 * intermediate reward, max(0.2 − 0.025·t, 0), at the other turns the judge answered Yes (Appendix K).
 */
import { z } from 'zod';
import type { TrainingMessage, TurnReward } from '../../../../shared/contract/training';
import type { EventRecord } from '../../core/events';
import type { TrainingHooks } from '../../capabilities/training/provision';
import { RunConfigError } from '../../core/run-config';
import { describeZodError } from '../../../../shared/contract/run';
import { edaScore } from './metrics';
import { edaPrompts, EdaKindSchema, type EdaSettings } from './settings';
import { edaTurns } from './turns';

const RuleSchema = (settings: EdaSettings) =>
  z
    .object({
      /** Eq. 1's λ and free turns; the run's own settings unless given. */
      lambda: z.number().min(0).max(1).default(settings.lambda),
      freeTurns: z.number().int().min(0).default(settings.freeTurns),
      /** Eq. 2: the Yes reward at turn t is max(yesStart − yesSlope·t, 0); 0 and 0 turn it off. */
      yesStart: z.number().min(0).max(10).default(0.2),
      yesSlope: z.number().min(0).max(10).default(0.025),
    })
    .strict();

const round12 = (x: number) => Math.round(x * 1e12) / 1e12;

/** Eq. 2 of the paper: the intermediate reward of a Yes at turn t. */
export function yesReward(turn: number, rule: { yesStart: number; yesSlope: number }): number {
  return round12(Math.max(rule.yesStart - rule.yesSlope * turn, 0));
}

export const edaTraining: TrainingHooks<EdaSettings> = {
  seat: 'guesser',
  heldOut: ['test'],
  dialogue(events: readonly EventRecord[], settings: EdaSettings, datasetKind: string): TrainingMessage[] {
    const prompts = edaPrompts(EdaKindSchema.catch('things').parse(datasetKind), settings);
    const turns = edaTurns(events).turns;
    // The guesser's history as the game master built it, ending with its last question.
    const messages: TrainingMessage[] = [{ role: 'user', content: prompts.guesser }];
    turns.forEach((t, i) => {
      messages.push({ role: 'assistant', content: t.history });
      if (i < turns.length - 1) messages.push({ role: 'user', content: t.reply });
    });
    return messages;
  },
  rewardRule(input: unknown, settings: EdaSettings): Record<string, number> {
    const parsed = RuleSchema(settings).safeParse(input ?? {});
    if (!parsed.success) throw new RunConfigError(describeZodError(parsed.error, 'reward rule'));
    return parsed.data;
  },
  rewards(events: readonly EventRecord[], rule: Record<string, number>): TurnReward[] {
    const turns = edaTurns(events).turns;
    const won = turns.at(-1)?.label === 'bingo';
    const eq1 = { lambda: rule.lambda ?? 0.02, freeTurns: rule.freeTurns ?? 5 };
    const eq2 = { yesStart: rule.yesStart ?? 0.2, yesSlope: rule.yesSlope ?? 0.025 };
    return turns.map((t, i) => {
      const final = i === turns.length - 1;
      const reward = final ? edaScore(turns.length, won, eq1) : t.label === 'yes' ? yesReward(t.idx, eq2) : 0;
      return { turn: t.idx, action: t.history, answer: t.reply, label: t.label, reward, final };
    });
  },
};
