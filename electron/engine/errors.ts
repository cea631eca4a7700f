/**
 * The one kind of failure a user can act on: a bad input, a missing thing, a conflict, an unusable
 * model or database. Every door maps it the same way (CLI: one line, exit code 2; API: its code and
 * message; UI: the message beside what caused it). Anything else is a bug and keeps its stack.
 */
export type UserErrorCode = 'bad_request' | 'not_found' | 'conflict' | 'provider' | 'database';

export class UserError extends Error {
  constructor(
    message: string,
    readonly code: UserErrorCode = 'bad_request',
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'UserError';
  }
}

export class NotFoundError extends UserError {
  constructor(what: string, id: number | string) {
    super(`No ${what} with id ${id} in this database.`, 'not_found');
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends UserError {
  constructor(message: string) {
    super(message, 'conflict');
    this.name = 'ConflictError';
  }
}

/** A database file Parlor cannot use: its path, its format, its version, or a lock held too long. */
export class DatabaseError extends UserError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, 'database', options);
    this.name = 'DatabaseError';
  }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * A failure as the user should see it, or null for a bug. SQLite's own failures on a file (locked,
 * damaged, not a database, disk full) are the user's too: they arrive as errors with an SQLITE_ code.
 */
export function asUserError(error: unknown, dbPath?: string): UserError | null {
  if (error instanceof UserError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('SQLITE_')) {
    const where = dbPath ? ` (${dbPath})` : '';
    const message = (error as Error).message;
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return new DatabaseError(`The database${where} is locked by another program: ${message}.`, { cause: error });
    if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return new DatabaseError(`The database${where} is damaged (${message}): restore it from a backup.`, { cause: error });
    if (code === 'SQLITE_FULL') return new DatabaseError(`The disk holding the database${where} is full: free some space on it and try again.`, { cause: error });
    if (code.startsWith('SQLITE_READONLY')) return new DatabaseError(`The database${where} cannot be written here (the file or its folder is read-only), and this command writes to it: make it writable, or use a command that only reads.`, { cause: error });
    if (code.startsWith('SQLITE_IOERR')) return new DatabaseError(`Reading or writing the database${where} failed: ${message}.`, { cause: error });
  }
  const errno = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof errno === 'string' && /^E[A-Z]+$/.test(errno) && (error as NodeJS.ErrnoException).path) {
    const e = error as NodeJS.ErrnoException;
    const why = { ENOENT: 'no such file or folder', EACCES: 'permission denied', EISDIR: 'it is a folder', ENOTDIR: 'a part of the path is not a folder', ENOSPC: 'the disk is full', EROFS: 'read-only file system' }[errno] ?? e.message;
    return new UserError(`Cannot use ${e.path}: ${why}.`);
  }
  return null;
}
