/** What every reader of another harness's output folder does first: list its files, read each as text. */
import { statSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { UserError } from '../errors';
import { filesBelow } from './file-tree';
import { LOG_FILE, readUserFile } from './user-file';

/** The files below a folder (or the one file named) ending in `ext`, in a stable order, each with its path relative to `base`. */
export function logFiles(root: string, ext: string): { base: string; files: { file: string; path: string }[] } {
  const full = resolve(root);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) throw new UserError(`No such file or folder: ${full}`);
  if (!stat.isDirectory()) return { base: dirname(full), files: [{ file: full, path: basename(full) }] };
  const files = filesBelow(full).filter((file) => file.endsWith(ext));
  return { base: full, files: files.map((file) => ({ file, path: relative(full, file) })) };
}

/** A log file's text, or why it has none: not UTF-8, too large, unreadable. */
export function logText(file: string, what: string): string | { problem: string } {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readUserFile(file, what, LOG_FILE));
  } catch (error) {
    return { problem: error instanceof TypeError ? 'not UTF-8 text' : (error as Error).message };
  }
}
