/**
 * The API's merge method: its input (spread into API_INPUTS) and result (extended by ApiOutputs), so an
 * app page "Merge a database" can bring other files into the open one as `parlor merge` does.
 */
import { MergeInputSchema, type MergeReport } from '../contract/merge';

export const MERGE_INPUTS = {
  /** Brings into this database what the files hold that it lacks (one transaction; the files are never written). */
  'db.merge': MergeInputSchema,
} as const;

export interface MergeOutputs {
  'db.merge': MergeReport;
}
