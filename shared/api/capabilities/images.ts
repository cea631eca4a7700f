/**
 * The images capability's API: a check of every image a run would need, before it is made (the New run
 * form's "Check images", as `parlor images check` does). Spread into the contract by `index.ts`.
 */
import { z } from 'zod';
import { ImageSourcesSchema } from '../../contract/run';

export const IMAGES_INPUTS = {
  'images.check': z
    .object({
      game: z.string().min(1),
      dataset: z.object({ name: z.string().min(1), subset: z.string().min(1).optional(), experiments: z.array(z.string().min(1)).optional() }).strict(),
      /** As the run would: the first N instances of each experiment. */
      limit: z.number().int().min(1).optional(),
      images: ImageSourcesSchema.optional(),
    })
    .strict(),
} as const;

/** Which images a run would need, which were found (and stored), and where Parlor looked for the others. */
export interface ImageCheckView {
  needed: number;
  found: number;
  missing: { name: string; looked: string[]; experiments: string[] }[];
  complete: string[];
  incomplete: string[];
  hint: string | null;
}

export interface ImagesOutputs {
  'images.check': ImageCheckView;
}
