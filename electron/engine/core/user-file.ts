/**
 * The one door through which a file a user names is read (a dataset, a run config, a clembench log,
 * an image in the user's folder). A path can name anything: /dev/zero never ends, a named pipe blocks
 * the process until someone writes to it, a folder has no bytes, a 10 GB file fills the memory. So
 * the file is stat'ed first and refused unless it is a regular file within the limit of its kind; it
 * is then opened without blocking, checked again on the open descriptor (it may have been swapped
 * since) and read with a bound, so it can never yield more than its limit even while it grows.
 * Every refusal is one line naming the file and why.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { DatasetError } from './datasets';

const MiB = 1024 * 1024;

/** A kind of file and the most bytes Parlor reads of it; `noun` names the kind in messages ("run configs"). */
export interface FileKind {
  noun: string;
  maxBytes: number;
}

/** A run config (`--config`): a few kilobytes of JSON in practice. */
export const CONFIG_FILE: FileKind = { noun: 'run configs', maxBytes: 4 * MiB };
/** A dataset file (EDA list, SimulBench JSONL, AGE word list, clembench instance file): the largest bundled one is 1.7 MB. */
export const DATASET_FILE: FileKind = { noun: 'dataset files', maxBytes: 16 * MiB };
/** One file of an imported clembench results tree (interactions.json, scores.json, raw.csv of a whole benchmark). */
export const LOG_FILE: FileKind = { noun: 'log files', maxBytes: 64 * MiB };
/** An image in the user's folders: the same bound as a download. */
export const IMAGE_FILE: FileKind = { noun: 'images', maxBytes: 50 * MiB };

/** What a path names, in words, when it is not a regular file. */
function kindOf(stat: Stats): string | null {
  if (stat.isFile()) return null;
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Bytes as a person reads them: "812 bytes", "3.4 MiB", "9.3 GiB". */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const [unit, size] = bytes < MiB ? ['KiB', 1024] : bytes < 1024 * MiB ? ['MiB', MiB] : ['GiB', 1024 * MiB];
  return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
}

function refuseKind(stat: Stats, what: string): void {
  const kind = kindOf(stat);
  if (kind) throw new DatasetError(`Cannot read ${what}: it is ${kind}, not a regular file.`);
}

function refuseSize(size: number, kind: FileKind, what: string, grown = false): void {
  if (size > kind.maxBytes) {
    const said = grown ? `grew past ${byteSize(kind.maxBytes)} while it was read` : `is ${byteSize(size)}`;
    throw new DatasetError(`Cannot read ${what}: it ${said}; Parlor reads ${kind.noun} up to ${byteSize(kind.maxBytes)}.`);
  }
}

/**
 * The bytes of a regular file of at most `kind.maxBytes`; anything else is a DatasetError (a UserError)
 * naming `what` ("config file /tmp/c.json"). Never reads more than `kind.maxBytes` + 1 bytes.
 */
export function readUserFile(path: string, what: string, kind: FileKind): Buffer {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch (error) {
    throw new DatasetError(`Cannot read ${what}: ${reason(error)}.`);
  }
  refuseKind(stat, what);
  refuseSize(stat.size, kind, what);
  let fd: number;
  try {
    // O_NONBLOCK: were the file swapped for a named pipe since the stat, opening it must not wait for a writer.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new DatasetError(`Cannot read ${what}: ${reason(error)}.`);
  }
  try {
    const opened = fstatSync(fd);
    refuseKind(opened, what);
    refuseSize(opened.size, kind, what);
    return readBounded(fd, Math.min(opened.size, kind.maxBytes) + 1, kind, what);
  } finally {
    closeSync(fd);
  }
}

/** Reads to the end, starting with room for `initial` bytes; refuses the file once it holds more than its kind allows. */
function readBounded(fd: number, initial: number, kind: FileKind, what: string): Buffer {
  let buffer = Buffer.allocUnsafe(initial);
  let total = 0;
  for (;;) {
    if (total === buffer.length) {
      refuseSize(total, kind, what, true);
      const bigger = Buffer.allocUnsafe(Math.min(kind.maxBytes + 1, buffer.length * 2));
      buffer.copy(bigger, 0, 0, total);
      buffer = bigger;
    }
    let read: number;
    try {
      read = readSync(fd, buffer, total, buffer.length - total, null);
    } catch (error) {
      throw new DatasetError(`Cannot read ${what}: ${reason(error)}.`);
    }
    if (read === 0) break;
    total += read;
  }
  refuseSize(total, kind, what, true);
  return buffer.subarray(0, total);
}

function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const known: Record<string, string> = { ENOENT: 'no such file', EACCES: 'permission denied', EISDIR: 'it is a folder', ENOTDIR: 'a part of the path is not a folder', ELOOP: 'too many symbolic links' };
  return (e.code && known[e.code]) ?? e.message;
}
