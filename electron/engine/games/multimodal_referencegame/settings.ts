import { z } from 'zod';

/**
 * Multimodal reference-game settings. Sampling as clembench's: one call per player at temperature 0
 * with at most 100 new tokens (`clem run`'s default for the v1.6 multimodal runs).
 */
export const MmRefSettingsSchema = z
  .object({
    /**
     * `v1.6`: the game master of the published v1.6 multimodal runs (May–June 2024): the describer's
     * reply is matched after str.strip() and the expression measured is the pattern's `content`.
     * `a717f23`: clembench a717f23's DialogueGameMaster port: the reply is matched as it is and the
     * expression measured is the whole reply. See rules.ts.
     */
    rules: z.enum(['v1.6', 'a717f23']).default('v1.6'),
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().min(1).max(32_768).default(100),
  })
  .strict();
export type MmRefSettings = z.infer<typeof MmRefSettingsSchema>;
