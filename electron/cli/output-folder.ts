/**
 * A folder the CLI writes where the user asked (`parlor report --html -o dir`): whole or not at all.
 * Its files go into a temporary folder beside it, renamed into place once every one is written, so a
 * full disk or a kill leaves no half report under that name. An existing folder is used only when it
 * is empty; `--force` replaces one only when it is a report Parlor wrote before (it holds `marker`),
 * so a mistyped `-o ~ --force` can never delete someone's files.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { CliError } from './context';

const WHY: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  EIO: 'an input/output error',
  ENAMETOOLONG: 'a file name is too long for this file system',
};

/** Refuses a target the report may not be written to, before any work is done; returns its full path. */
export function checkOutputFolder(path: string, marker: string, force: boolean): string {
  const full = resolve(path);
  const parent = dirname(full);
  const parentStat = statSync(parent, { throwIfNoEntry: false });
  if (!parentStat) throw new CliError(`Cannot write ${full}: the folder ${parent} does not exist.`);
  if (!parentStat.isDirectory()) throw new CliError(`Cannot write ${full}: ${parent} is not a folder.`);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return full;
  if (!stat.isDirectory()) throw new CliError(`Cannot write the report to ${full}: it is a file; give a folder (new or empty).`);
  const entries = readdirSync(full);
  if (entries.length === 0) return full;
  if (!force) throw new CliError(`Cannot write the report to ${full}: the folder is not empty. Give a new or empty folder, or --force to replace a report written there before.`);
  if (!entries.includes(marker)) throw new CliError(`Cannot replace ${full}: it holds files and is not a Parlor report (no ${marker}); --force replaces only a report. Give a new or empty folder.`);
  return full;
}

/** Writes `files` (relative path → bytes) as the folder `target`, replacing what `checkOutputFolder` allowed. */
export function writeFolder(target: string, files: ReadonlyMap<string, Uint8Array>): void {
  const parent = dirname(target);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = join(parent, `.${basename(target)}.${tag}.part`);
  try {
    mkdirSync(temp);
    for (const [path, bytes] of files) {
      const file = resolve(temp, path);
      // Paths are the report's own (numbers and fixed names); a path leaving the folder would be a bug.
      if (!file.startsWith(temp + sep)) throw new Error(`report file ${path} lies outside its folder`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, bytes);
    }
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw cannotWrite(target, error);
  }
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return moveInto(temp, target);
  if (readdirSync(target).length === 0) {
    rmdirSync(target);
    return moveInto(temp, target);
  }
  // The old report steps aside first and comes back if the new one cannot take its place.
  const old = join(parent, `.${basename(target)}.${tag}.old`);
  renameSync(target, old);
  try {
    renameSync(temp, target);
  } catch (error) {
    renameSync(old, target);
    rmSync(temp, { recursive: true, force: true });
    throw cannotWrite(target, error);
  }
  rmSync(old, { recursive: true, force: true });
}

function moveInto(temp: string, target: string): void {
  try {
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw cannotWrite(target, error);
  }
}

function cannotWrite(path: string, error: unknown): CliError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const why = WHY[code] ?? (error as Error).message;
  const space = code === 'ENOSPC' || code === 'EDQUOT' ? '; free some space and run the command again' : '';
  return new CliError(`Cannot write the report to ${path}: ${why}${space} (nothing was written there).`);
}
