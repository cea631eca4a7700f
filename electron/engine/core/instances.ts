import type { z } from 'zod';
import type { InstanceSchema } from '../../../shared/contract/rows';

/** An instance of a game's dataset as stored: the shared row (`shared/contract/rows.ts`) and its dataset's id. */
export type InstanceRow = z.infer<typeof InstanceSchema> & { datasetId: number };

/** An instance as a game's dataset loads it, before it is stored. */
export type InstanceInput = Pick<InstanceRow, 'key' | 'name' | 'payload' | 'tags'>;
