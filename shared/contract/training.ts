/**
 * Training-data export lines (JSONL): a seat's view of a game as a chat for fine-tuning (behaviour
 * cloning), and per-turn rewards for RL from game play. Every line is checked against these schemas
 * before it is written, and the tests check each line of a real export.
 */
import { z } from 'zod';

export const TrainingMessageSchema = z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }).strict();

/** Where a game came from, on lines that carry it. */
const Origin = {
  run: z.number().int().positive(),
  episode: z.number().int().positive(),
  game: z.string().min(1),
  dataset: z.string().min(1),
  subset: z.string().min(1),
  instance: z.string(),
  /** The player in the exported seat (`openai:gpt-4o`, `human:ada`). */
  player: z.string().min(1),
  outcome: z.string().min(1),
  scores: z.record(z.string(), z.number()),
};

/** Successful games only: exactly what fine-tuning services take, `messages` and nothing else. */
export const ChatLineSchema = z.object({ messages: z.array(TrainingMessageSchema).min(2) }).strict();
/** All games: the chat with its outcome and where it came from. */
export const ChatWithOutcomeLineSchema = z.object({ messages: z.array(TrainingMessageSchema).min(2), ...Origin }).strict();

export const TurnRewardSchema = z
  .object({
    turn: z.number().int().positive(),
    /** What the seat did (EDA: the question as it stands in the guesser's history). */
    action: z.string(),
    /** What it was told back (EDA: the judge's reply) and the game's reading of it. */
    answer: z.string(),
    label: z.string(),
    reward: z.number().finite(),
    final: z.boolean(),
  })
  .strict();

export const RewardsLineSchema = z
  .object({
    ...Origin,
    messages: z.array(TrainingMessageSchema).min(1),
    turns: z.array(TurnRewardSchema).min(1),
    /** The sum of the turn rewards (undiscounted). */
    return: z.number().finite(),
    /** The reward rule as applied (EDA: lambda, freeTurns, yesStart, yesSlope). */
    rule: z.record(z.string(), z.number()),
  })
  .strict();

export type TrainingMessage = z.infer<typeof TrainingMessageSchema>;
export type TurnReward = z.infer<typeof TurnRewardSchema>;
export type RewardsLine = z.infer<typeof RewardsLineSchema>;

export const TRAINING_FORMATS = ['chat', 'rewards'] as const;
export type TrainingFormat = (typeof TRAINING_FORMATS)[number];
