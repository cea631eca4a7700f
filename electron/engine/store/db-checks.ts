/**
 * What Parlor checks about a database path and file before it writes a byte to it, and how SQLite's
 * failures on a file read as one line a user can act on.
 */
import { accessSync, closeSync, constants, existsSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseError } from '../errors';
import { LATEST_SCHEMA_VERSION } from './migrations';

/** A database written by a newer Parlor: refused before anything is written to it. */
export class SchemaTooNewError extends DatabaseError {
  constructor(path: string, found: number) {
    super(
      `The database ${path} has schema version ${found}, but this Parlor build knows only up to ` +
        `version ${LATEST_SCHEMA_VERSION}. It was written by a newer Parlor: upgrade Parlor to open it ` +
        `(nothing was changed in the file).`,
    );
    this.name = 'SchemaTooNewError';
  }
}

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');
export const PARLOR_APPLICATION_ID = 0x50726c72; // "Prlr"

/** Whether the path names a file to create (`new`) or one that exists and starts like a SQLite database. */
export function checkPath(path: string, mustExist: boolean): 'new' | 'existing' {
  if (!path.trim()) throw new DatabaseError('The database path is empty: give a file with --db or PARLOR_DB.');
  if (path.includes('\0')) throw new DatabaseError('The database path contains a NUL character.');
  if (!existsSync(path)) {
    if (mustExist) throw new DatabaseError(`No database at ${path}: check --db (or PARLOR_DB), or start a run to create one.`);
    const folder = dirname(path);
    if (!existsSync(folder)) throw new DatabaseError(`Cannot create the database ${path}: the folder ${folder} does not exist.`);
    if (!statSync(folder).isDirectory()) throw new DatabaseError(`Cannot create the database ${path}: ${folder} is a file, not a folder.`);
    return 'new';
  }
  const stat = statSync(path);
  if (stat.isDirectory()) throw new DatabaseError(`${path} is a folder, not a database file: give the path of a .db file.`);
  if (!stat.isFile()) throw new DatabaseError(`${path} is not a regular file (a device, pipe or socket), so it cannot be a database.`);
  if (stat.size === 0) {
    // Parlor creates a database under another name and links it into place whole, so an empty file is
    // never one of its own in the making: it is someone's file, and not a database.
    if (mustExist) throw new DatabaseError(`${path} is empty: it holds no Parlor database.`);
    throw new DatabaseError(`${path} is an empty file, not a Parlor database: to start a new database there, delete the file, or give --db a path that does not exist yet.`);
  }
  const head = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 16 || !head.subarray(0, 16).equals(HEADER)) {
    throw new DatabaseError(`${path} is not a SQLite database (its first bytes are not SQLite's header), so it is not a Parlor database.`);
  }
  if (read < 100) throw new DatabaseError(`${path} is truncated: it ends inside SQLite's 100-byte header.`);
  // Pages the header says the file has, against its length (a copy cut short); a WAL may hold the rest.
  const pageSize = head.readUInt16BE(16) === 1 ? 65536 : head.readUInt16BE(16);
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0) {
    throw new DatabaseError(`${path} starts like a SQLite database but its header is damaged (page size ${pageSize}): it cannot be opened. Restore it from a backup.`);
  }
  const pages = head.readUInt32BE(28);
  const validFor = head.readUInt32BE(92) === head.readUInt32BE(24);
  const wal = `${path}-wal`;
  const walBytes = existsSync(wal) ? statSync(wal).size : 0;
  if (validFor && pages > 0 && pageSize * pages > stat.size && walBytes === 0) {
    throw new DatabaseError(`${path} is truncated: SQLite's header says ${pages * pageSize} bytes, the file has ${stat.size}. Restore it from a backup.`);
  }
  return 'existing';
}

/**
 * How an existing file can be opened: `write`, or only `read` because the file cannot be written here,
 * or `copy` because its folder cannot be written either (SQLite needs a -shm beside a WAL file even to
 * read it, so a read-only folder is read from a private copy).
 */
export function accessOf(path: string): 'write' | 'read' | 'copy' {
  const can = (target: string, mode: number) => {
    try {
      accessSync(target, mode);
      return true;
    } catch {
      return false;
    }
  };
  if (!can(dirname(path), constants.W_OK)) return 'copy';
  return can(path, constants.W_OK) ? 'write' : 'read';
}

/** Minimal reader of the file's pragmas and schema (a `Db`, before anything is written). */
export interface ContentReader {
  pragma(text: string): unknown;
  tableNames(): string[];
}

/** The header and schema checks: a file that is not Parlor's, or from a newer Parlor, is refused untouched. */
export function checkContents(db: ContentReader, path: string): number {
  const version = Number(db.pragma('user_version'));
  if (version > LATEST_SCHEMA_VERSION) throw new SchemaTooNewError(path, version);
  if (version < 0) {
    throw new DatabaseError(`${path} says its schema version is ${version}, which no Parlor ever wrote: it is damaged or not a Parlor database (nothing was changed in the file).`);
  }
  const appId = Number(db.pragma('application_id'));
  if (appId !== 0 && appId !== PARLOR_APPLICATION_ID) {
    throw new DatabaseError(`${path} is a SQLite database of another application (application id ${appId}), not a Parlor database.`);
  }
  const tables = db.tableNames();
  if (version === 0 && tables.length > 0) {
    throw new DatabaseError(`${path} is a SQLite database but not Parlor's (it has tables of its own: ${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''}).`);
  }
  if (version > 0 && !tables.includes('runs')) {
    throw new DatabaseError(`${path} says it is at schema version ${version} but has no Parlor tables: it is not a Parlor database.`);
  }
  return version;
}

/** SQLite's failures that mean the file or its disk, not the statement, is the trouble: a write group that meets one is lost whole. */
export function isStorageFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return /^SQLITE_(FULL|IOERR|CORRUPT|NOTADB|READONLY|CANTOPEN|BUSY|LOCKED)/.test(code);
}

/** SQLite's failures on a file as one line a user can act on; anything else passes through. */
export function databaseError(path: string, error: unknown, busyMs: number): unknown {
  if (error instanceof DatabaseError) return error;
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return error;
  const message = (error as Error).message;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new DatabaseError(`The database ${path} is locked by another program (waited ${busyMs / 1000} s): ${message}.`, { cause: error });
  }
  if (code === 'SQLITE_NOTADB') return new DatabaseError(`${path} is not a SQLite database: ${message}.`, { cause: error });
  if (code.startsWith('SQLITE_CORRUPT')) return new DatabaseError(`The database ${path} is damaged (${message}): restore it from a backup.`, { cause: error });
  if (code.startsWith('SQLITE_CANTOPEN')) return new DatabaseError(`Cannot open the database ${path}: ${message}.`, { cause: error });
  if (code.startsWith('SQLITE_READONLY')) return new DatabaseError(`The database ${path} is read-only here: ${message}.`, { cause: error });
  if (code === 'SQLITE_FULL') return new DatabaseError(`The disk holding ${path} is full: free some space on it and try again.`, { cause: error });
  if (code.startsWith('SQLITE_IOERR')) return new DatabaseError(`Reading or writing ${path} failed: ${message}.`, { cause: error });
  return error;
}
