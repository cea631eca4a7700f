/**
 * `parlor merge <file>…`: brings into a database everything the files hold that it lacks (runs with
 * all that was played in them, datasets, media, models, prices, the response cache, subsets), in one
 * write transaction: a merge killed midway leaves the target as it was. Rows are matched by uid or
 * natural key, so merging a file twice changes nothing; rows both hold with different contents are
 * settled by rules that ignore which file is the target (settle.ts, copiers/episodes.ts), so A←B and
 * B←A end the same; the report lists what came in, what was there, and every conflict.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MergeInputSchema, type MergeReport } from '../../../shared/contract/merge';
import { UserError } from '../errors';
import { Db } from '../store/db';
import { FILL_ROW_UIDS } from '../store/migrations/014-row-uids';
import { MergeContext, quote } from './context';
import { MERGE_COPIERS } from './copiers';
import { prepareSource, sameFile, type MergeSource } from './source';
import { recomputeSums } from './sums';

export interface MergeOptions {
  /** One line per step (`a.db: events`), for a progress display. */
  onProgress?: (line: string) => void;
  /** Told when the target or a source's copy is upgraded from an older schema. */
  onUpgrade?: (file: string, from: number, to: number) => void;
  /** Where the sources' private copies go (the system's temp folder by default). */
  tempDir?: string;
}

export function mergeDatabases(target: string, files: readonly string[], options: MergeOptions = {}): MergeReport {
  const parsed = MergeInputSchema.safeParse({ files });
  if (!parsed.success) throw new UserError(`parlor merge: ${parsed.error.issues[0]?.message ?? 'bad file list'}.`);
  if (target === ':memory:') throw new UserError('parlor merge needs a database file to merge into, not an in-memory one.');
  for (const file of parsed.data.files) if (sameFile(file, target)) throw new UserError(`${file} is the database being merged into: give another file.`);
  const progress = options.onProgress ?? (() => undefined);
  const folder = mkdtempSync(join(options.tempDir ?? tmpdir(), 'parlor-merge-'));
  let db: Db | null = null;
  const attached: string[] = [];
  try {
    const sources: MergeSource[] = parsed.data.files.map((file, i) => {
      progress(`${file}: reading`);
      return prepareSource(file, folder, i, (from, to) => options.onUpgrade?.(file, from, to));
    });
    db = Db.open(target, { onUpgrade: (from, to) => options.onUpgrade?.(target, from, to) });
    // Attached before the transaction (SQLite refuses it inside one), detached after it.
    for (const [i, source] of sources.entries()) {
      db.exec(`ATTACH ${quote(source.copy)} AS merge_src${i}`);
      attached.push(`merge_src${i}`);
    }
    const open = db;
    const report = open.tx(() => mergeAll(open, target, sources, progress));
    return report;
  } finally {
    if (db) {
      for (const alias of attached) db.exec(`DETACH ${alias}`);
      db.close();
    }
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Inside the one write transaction: every file, then the sums. */
function mergeAll(db: Db, target: string, sources: readonly MergeSource[], progress: (line: string) => void): MergeReport {
  // Rows another tool wrote here without a uid get theirs, as a source's do.
  db.exec(FILL_ROW_UIDS);
  const report: MergeReport = { target, files: [], sumsRecomputed: false };
  for (const [i, source] of sources.entries()) {
    const ctx = new MergeContext(db, `merge_src${i}`, source.file, source.schemaVersion);
    try {
      for (const copier of MERGE_COPIERS) {
        progress(`${source.file}: ${copier.name}`);
        copier.run(ctx);
      }
    } finally {
      ctx.dispose();
    }
    report.files.push(ctx.report);
    if (ctx.sourceCount('runs') > 0) report.sumsRecomputed = true;
  }
  if (report.sumsRecomputed) {
    progress('recomputing the sums');
    recomputeSums(db);
  }
  holdForTest(progress);
  return report;
}

/**
 * Tests only (PARLOR_TEST_MERGE_HOLD=1): everything is written but not committed; says so and waits
 * to be killed, so a test can kill the merge there without guessing when.
 */
function holdForTest(progress: (line: string) => void): void {
  if (process.env.PARLOR_TEST_MERGE_HOLD !== '1') return;
  progress('holding before the commit (test)');
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

