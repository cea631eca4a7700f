import { z } from 'zod';

/** Which runs a cross-run view covers, and which instances its players are compared on. */
export const ExploreFiltersSchema = z.preprocess(
  (input) => {
    if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
    const { split, ...rest } = input as Record<string, unknown>;
    return split === undefined || 'subset' in rest ? input : { ...rest, subset: split };
  },
  z
    .object({
      game: z.string().min(1).default('eda'),
      dataset: z.string().min(1),
      subset: z.string().min(1).optional(),
      /** Only runs where these roles are played by these players (EDA: `{ judge: 'openai:gpt-3.5-turbo' }`). */
      conditions: z.record(z.string(), z.string().min(1)).optional(),
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      /** Only these players (leaderboard rows). */
      players: z.array(z.string().min(1)).optional(),
      /**
       * `common` (default): players are compared on the instances every one of them finished, so an
       * error never changes a ranking; `all`: every finished episode of each player counts.
       */
      instances: z.enum(['common', 'all']).default('common'),
    })
    .strict(),
);
export type ExploreFiltersInput = z.input<typeof ExploreFiltersSchema>;
export type ExploreFilters = z.output<typeof ExploreFiltersSchema>;
