/** Files the CLI writes where the user asked (`-o`, `--bundle`): whole or not at all, and a failure in one line. */
import { randomBytes } from 'node:crypto';
import { chmodSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CliError } from './context';

const WHY: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file is too large for this file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  EISDIR: 'it is a folder',
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of the path is not a folder',
  EIO: 'an input/output error',
};

/**
 * Writes `content` to `path`. A regular file is written beside itself under a temporary name and
 * renamed into place once whole, so a full disk leaves neither half a file nor a damaged earlier one;
 * a device or pipe (/dev/stdout, a FIFO) is written as it is.
 */
export function writeOutput(path: string, content: string | Uint8Array): void {
  const full = resolve(path);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) {
    try {
      writeFileSync(full, content);
    } catch (error) {
      throw cannotWrite(full, error, false);
    }
    return;
  }
  // A symlink keeps pointing where it did: the file it names is the one replaced.
  const target = stat ? realpathSync(full) : full;
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.part`);
  try {
    writeFileSync(temp, content);
    if (stat) chmodSync(temp, stat.mode & 0o7777);
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw cannotWrite(full, error, true);
  }
}

function cannotWrite(path: string, error: unknown, whole: boolean): CliError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const why = WHY[code] ?? (error as Error).message;
  const space = code === 'ENOSPC' || code === 'EDQUOT' ? '; free some space and run the command again' : '';
  return new CliError(`Cannot write ${path}: ${why}${space}${whole ? ' (nothing was written there)' : ''}.`);
}
