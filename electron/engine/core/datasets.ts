/** What is shared by every game's instance loader: its error, and how problems are printed. */
import { createHash } from 'node:crypto';
import { basename, extname, join } from 'node:path';
import { UserError } from '../errors';
import { appRoot } from '../paths';
import type { DatasetProblem } from './game';

/** A dataset a run cannot use (missing, malformed, of the wrong kind); the message says what to fix. */
export class DatasetError extends UserError {
  constructor(message: string) {
    super(message, 'bad_request');
    this.name = 'DatasetError';
  }
}

export function formatProblems(problems: readonly DatasetProblem[], source: string): string {
  return problems.map((p) => `  ${p.severity === 'error' ? 'error' : 'warning'}: ${source}:${p.line}: ${p.message}`).join('\n');
}

/** Refuses a dataset with errors; returns the rest (warnings) for the caller to show. */
export function refuseErrors(problems: readonly DatasetProblem[], source: string): void {
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length) throw new DatasetError(`${source} has ${errors.length} error(s):\n${formatProblems(errors, source)}`);
}

/**
 * A user's file is stored under its own name and its content hash (`my-list@1a2b3c4d`), so it never
 * mixes with a bundled dataset, and another file of the same name is another dataset.
 */
export function fileDatasetName(path: string, text: string): { name: string; contentHash: string } {
  const contentHash = createHash('sha256').update(text).digest('hex');
  const base = basename(path, extname(path)).replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 60) || 'file';
  return { name: `${base}@${contentHash.slice(0, 8)}`, contentHash };
}

/** The bundled data live in `datasets/` (PARLOR_DATASETS_DIR overrides the root). */
export function datasetsRoot(): string {
  return process.env.PARLOR_DATASETS_DIR ?? join(appRoot(), 'datasets');
}
