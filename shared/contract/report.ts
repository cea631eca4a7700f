import { z } from 'zod';
import { DEFAULT_MIN_EPISODES } from '../stats/caution';

/**
 * A static HTML report of chosen runs (`parlor report --html`, the Leaderboard's "Export HTML report"):
 * which runs, and how their players are compared (the same choices as the explore views' filters).
 */
export const HtmlReportInputSchema = z
  .object({
    runIds: z.array(z.number().int().positive()).min(1, 'name at least one run').max(1000, 'at most 1000 runs in one report'),
    instances: z.enum(['common', 'all']).default('common'),
    commonWithHumans: z.boolean().default(false),
    minEpisodes: z.number().int().min(1).max(100_000).default(DEFAULT_MIN_EPISODES),
  })
  .strict();
export type HtmlReportInput = z.input<typeof HtmlReportInputSchema>;
export type HtmlReportOptions = z.output<typeof HtmlReportInputSchema>;
