import { z } from 'zod';

/**
 * Reference-game settings. The defaults are clembench's: one call per player at temperature 0 with at
 * most 100 new tokens (`clem run`'s default when the v1.6 leaderboard was played), no reprompts.
 */
export const RefSettingsSchema = z
  .object({
    /** `instance`: the rules the instance was made for (see rules.ts); `v1.6`: the v1.6 leaderboard's rules for any instance. */
    rules: z.enum(['instance', 'v1.6']).default('instance'),
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().min(1).max(32_768).default(100),
  })
  .strict();
export type RefSettings = z.infer<typeof RefSettingsSchema>;
