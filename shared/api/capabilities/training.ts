/**
 * The API of the training export (capability `training`): its method's input (spread into API_INPUTS
 * through `index.ts`) and result (extended by ApiOutputs). The lines it writes are `contract/training.ts`.
 */
import { z } from 'zod';
import type { ExportFile } from '../views';
import { Id } from '../input-parts';

export const TRAINING_INPUTS = {
  /** Games of runs as JSONL training data: the trained seat's view as chats, or per-turn rewards (EDA). */
  'runs.trainingExport': z
    .object({
      runIds: z.array(Id).min(1).max(1000),
      format: z.enum(['chat', 'rewards']),
      games: z.enum(['successful', 'all']),
      subsets: z.array(z.string().min(1).max(100)).max(50).optional(),
      /** Games on a held-out split (EDA: test) are refused unless this is set. */
      allowHeldOut: z.boolean().default(false),
      rule: z.record(z.string(), z.number()).optional(),
    })
    .strict(),
} as const;

export interface TrainingOutputs {
  'runs.trainingExport': ExportFile & { notes: string[]; lines: number };
}
