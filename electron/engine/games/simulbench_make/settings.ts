import { z } from 'zod';

/**
 * Settings of the script-making pipeline, defaulting to the paper's (§3.2) and the reference code's
 * (src/interaction_collection.py, src/script_extraction.py): 4 turns per dialogue; the user agent at
 * temperature 1.2 with 300 tokens; the simulator at 0 with 1,024; the challenging-turn judge at 0
 * with 200. The reference re-samples an unreadable user-agent or judge reply without limit; here each
 * is asked again `…Retries` times with its prompt's own format line, then the dialogue is recorded as
 * a failure. `taskConfig` reads the v1 per-task strategy texts, which the current code ignores.
 */
export const MakeSettingsSchema = z
  .object({
    turns: z.number().int().min(1).max(20).default(4),
    userAgentTemperature: z.number().min(0).max(2).default(1.2),
    userAgentMaxTokens: z.number().int().min(1).max(32_768).default(300),
    userAgentRetries: z.number().int().min(0).max(10).default(2),
    simulatorTemperature: z.number().min(0).max(2).default(0),
    simulatorMaxTokens: z.number().int().min(1).max(32_768).default(1024),
    judgeTemperature: z.number().min(0).max(2).default(0),
    judgeMaxTokens: z.number().int().min(1).max(32_768).default(200),
    judgeRetries: z.number().int().min(0).max(10).default(2),
    taskConfig: z.boolean().default(false),
  })
  .strict();

export type MakeSettings = z.infer<typeof MakeSettingsSchema>;
