import { z } from 'zod';

/** Which runs a cross-run view covers. */
export const ExploreFiltersSchema = z
  .object({
    dataset: z.string().min(1),
    split: z.string().min(1).optional(),
    judge: z.string().min(1).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    players: z.array(z.string().min(1)).optional(),
  })
  .strict();
export type ExploreFiltersInput = z.input<typeof ExploreFiltersSchema>;

export const HeatmapMetricSchema = z.enum(['score', 'success']);
