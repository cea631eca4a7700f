import { z } from 'zod';

/**
 * The reference's values: 20 turns (hard-coded in its masters), temperature 0. clembench's CLI default
 * of 100 tokens cannot have been used for the published graph-reasoning runs (complete 8-room graphs
 * need more), so the default here is 300, enough for a complete graph of these maps.
 */
export const MapSettingsSchema = z
  .object({
    maxTurns: z.number().int().min(1).max(100).default(20),
    temperature: z.number().min(0).max(2).default(0),
    maxTokens: z.number().int().min(1).max(32_768).default(300),
  })
  .strict();
export type MapSettings = z.infer<typeof MapSettingsSchema>;
