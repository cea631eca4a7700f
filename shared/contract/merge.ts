/**
 * `parlor merge` and the API's `db.merge`: what a merge is asked (the files to bring in) and what it
 * reports, per file: the rows that came in, the rows already there, and every conflict with how it was
 * settled. Settled by rules that do not depend on which file is the target, so A←B and B←A agree.
 */
import { z } from 'zod';

/** At most this many files in one merge (SQLite attaches up to ten databases to one connection). */
export const MAX_MERGE_FILES = 8;

export const MergeInputSchema = z
  .object({
    files: z
      .array(z.string().trim().min(1, 'give the path of a database file').max(4096))
      .min(1, 'give at least one database file to merge')
      .max(MAX_MERGE_FILES, `merge at most ${MAX_MERGE_FILES} files at once (run it again for the rest)`),
  })
  .strict();

/** One difference between a row here and the same row in the other file, and which one now stands. */
export interface MergeConflict {
  table: string;
  /** The row, as a person names it (a price's provider:model, a run's name or uid, an episode's uid). */
  key: string;
  /** What differed. */
  what: string;
  /** The rule that settled it (the same whichever file is the target). */
  rule: string;
  /** Which file's version stands: this database's (`target`) or the merged file's (`source`). */
  kept: 'target' | 'source';
}

export interface MergeFileReport {
  file: string;
  /** The file's schema version; an older one was migrated on a private copy (the file is never written). */
  schemaVersion: number;
  /** Rows that came in, by table. */
  added: Record<string, number>;
  /** Rows of the file that were here already (the same uid or natural key), by table. */
  alreadyThere: Record<string, number>;
  conflicts: MergeConflict[];
}

export interface MergeReport {
  target: string;
  files: MergeFileReport[];
  /** The sums behind leaderboards and heatmaps were recomputed from the scores (any run came in or changed). */
  sumsRecomputed: boolean;
}
