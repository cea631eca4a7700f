import { z } from 'zod';

/**
 * SimulBench evaluation settings. The paper's (§3.2) and the reference code's: the tested model at
 * temperature 0 with 1,024 tokens, the judge (GPT-4 in the paper) at temperature 0 with 1,024 tokens.
 * The reference re-asks a judge whose reply has no readable rating without limit; Parlor re-asks
 * `judgeRetries` times (with the prompt's own format line), then records a judge failure.
 */
export const SimulSettingsSchema = z
  .object({
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().min(1).max(32_768).default(1024),
    judgeTemperature: z.number().min(0).max(2).default(0),
    judgeMaxTokens: z.number().int().min(1).max(32_768).default(1024),
    judgeRetries: z.number().int().min(0).max(5).default(1),
  })
  .strict();

export type SimulSettings = z.infer<typeof SimulSettingsSchema>;
