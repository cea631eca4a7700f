import { z } from 'zod';

/**
 * How the players are sampled. clembench plays every game greedily (temperature 0) with its
 * `clem run` default completion budget, 100 tokens when the v1.6 instances were run (2024).
 */
export const MatchItSettingsSchema = z
  .object({
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().min(1).max(32_768).default(100),
  })
  .strict();

export type MatchItSettings = z.infer<typeof MatchItSettingsSchema>;
