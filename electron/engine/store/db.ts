/**
 * The SQLite connection: the only module that imports better-sqlite3. It checks a file before
 * writing anything to it, takes write locks up front (BEGIN IMMEDIATE) and waits for other processes
 * with SQLite's backoff instead of failing, and group-commits appends: writes queued in one
 * event-loop turn share one transaction at its end, and every read commits them first.
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { DatabaseError } from '../errors';
import { Checkpointer } from './checkpointer';
import { LATEST_SCHEMA_VERSION, migrate } from './migrations';

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

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/** A prepared statement (the part of better-sqlite3's the store uses). */
export interface Statement {
  run(...params: unknown[]): RunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  raw(toggle?: boolean): Statement;
  pluck(toggle?: boolean): Statement;
}

export type Row = Record<string, unknown>;

/** How long a statement waits for another process's lock before giving up (SQLite backs off meanwhile). */
const BUSY_MS = Number(process.env.PARLOR_BUSY_TIMEOUT_MS ?? 30_000);
const MAX_BATCH = 1000;
/** Writes committed before a connection hands its checkpoints to a worker: a short session never starts one. */
const CHECKPOINTER_AFTER = 2_000;
const CHECKPOINT_EVERY_MS = 500;
const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

export interface OpenOptions {
  /** Refuse a missing or empty file instead of creating a database (commands that only read). */
  mustExist?: boolean;
  /** Told when this process upgrades a file written by an older Parlor (it can take minutes for a large one). */
  onUpgrade?: (from: number, to: number) => void;
}

export class Db {
  private readonly statements = new Map<string, Statement>();
  private pending: (() => void)[] = [];
  private flushScheduled = false;
  private writeErrors: unknown[] = [];
  private written = 0;
  private checkpointer: Checkpointer | null = null;

  private constructor(
    readonly path: string,
    private readonly conn: Database.Database,
  ) {}

  /** Opens a Parlor database, creating it if allowed, and brings its schema up to date. */
  static open(path: string, options: OpenOptions = {}): Db {
    checkPath(path, options.mustExist ?? false);
    const binding = process.env.PARLOR_SQLITE_BINDING;
    let conn: Database.Database;
    try {
      conn = new Database(path, { timeout: BUSY_MS, ...(binding ? { nativeBinding: binding } : {}) });
    } catch (error) {
      throw databaseError(path, error);
    }
    const db = new Db(path, conn);
    try {
      // Read-only checks first: nothing is written to a file Parlor will refuse.
      checkContents(db, path);
      conn.pragma('journal_mode = WAL');
      conn.pragma('foreign_keys = ON');
      // WAL + NORMAL survives any process crash; only an OS crash can lose the last commits.
      conn.pragma('synchronous = NORMAL');
      // Checkpoint every ~40 MB rather than every 4 MB: request bodies are large, and each checkpoint syncs.
      // Once this connection writes a lot, a worker does the routine checkpoints and this is the backstop.
      conn.pragma('wal_autocheckpoint = 10000');
      migrate(db, options.onUpgrade);
      return db;
    } catch (error) {
      conn.close();
      throw databaseError(path, error);
    }
  }

  get open(): boolean {
    return this.conn.open;
  }

  close(): void {
    try {
      this.flush();
    } finally {
      this.checkpointer?.close();
      this.conn.close();
    }
  }

  /** Counts committed writes and, past the threshold, moves routine checkpoints to a worker thread. */
  private wrote(count: number): void {
    this.written += count;
    if (this.written < CHECKPOINTER_AFTER || this.checkpointer || this.path === ':memory:') return;
    try {
      const target = {
        path: this.path,
        module: createRequire(import.meta.url).resolve('better-sqlite3'),
        binding: process.env.PARLOR_SQLITE_BINDING ?? null,
        busyMs: BUSY_MS,
        everyMs: CHECKPOINT_EVERY_MS,
      };
      // A worker that dies leaves SQLite's own checkpoints in charge: nothing to do but not start another.
      this.checkpointer = new Checkpointer(target, () => undefined);
    } catch {
      this.written = Number.NEGATIVE_INFINITY; // no worker threads here: SQLite's own checkpoints stay in charge
    }
  }

  /** A statement compiled once per connection; callers that read must go through `q`. */
  prepare(text: string): Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.conn.prepare(text) as unknown as Statement;
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** A statement to run now: queued appends are committed first, so it sees them. */
  q(text: string): Statement {
    this.flush();
    return this.prepare(text);
  }

  /** A statement with a variable-length `IN (?, ?, …)` list, not cached. */
  dynamic(text: string): Statement {
    this.flush();
    return this.conn.prepare(text) as unknown as Statement;
  }

  /**
   * Changes whenever the data may have: a commit by another connection (SQLite's data_version) or a
   * row written by this one (total_changes, autocommit writes included). Queued appends go in first.
   */
  dataStamp(): string {
    this.flush();
    const [version, changes] = this.prepare(`SELECT data_version, total_changes() FROM pragma_data_version`).raw().get() as [number, number];
    return `${version}:${changes}`;
  }

  pragma(text: string): unknown {
    return this.conn.pragma(text, { simple: true });
  }

  exec(sql: string): void {
    this.conn.exec(sql);
  }

  /** A write transaction that takes the write lock at its start, so it never fails half-way on a busy file. */
  tx<T>(fn: () => T): T {
    this.flush();
    const result = this.conn.transaction(fn).immediate();
    this.wrote(1);
    return result;
  }

  /**
   * Queues a write for the group commit at the end of this event-loop turn (or every 1,000 writes);
   * a failing write rolls back alone and is raised by the next read.
   */
  append(write: () => void): void {
    this.pending.push(write);
    if (this.pending.length >= MAX_BATCH) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        if (this.conn.open) this.flush();
      });
    }
  }

  flush(): void {
    if (this.pending.length) {
      const batch = this.pending;
      this.pending = [];
      this.conn
        .transaction(() => {
          for (const write of batch) {
            try {
              write();
            } catch (error) {
              this.writeErrors.push(error);
            }
          }
        })
        .immediate();
      this.wrote(batch.length);
    }
    if (this.writeErrors.length) {
      const [first] = this.writeErrors;
      this.writeErrors = [];
      throw first;
    }
  }
}

function checkPath(path: string, mustExist: boolean): void {
  if (!path.trim()) throw new DatabaseError('The database path is empty: give a file with --db or PARLOR_DB.');
  if (path.includes('\0')) throw new DatabaseError('The database path contains a NUL character.');
  if (!existsSync(path)) {
    if (mustExist) throw new DatabaseError(`No database at ${path}: check --db (or PARLOR_DB), or start a run to create one.`);
    const folder = dirname(path);
    if (!existsSync(folder)) throw new DatabaseError(`Cannot create the database ${path}: the folder ${folder} does not exist.`);
    if (!statSync(folder).isDirectory()) throw new DatabaseError(`Cannot create the database ${path}: ${folder} is a file, not a folder.`);
    return;
  }
  const stat = statSync(path);
  if (stat.isDirectory()) throw new DatabaseError(`${path} is a folder, not a database file: give the path of a .db file.`);
  if (!stat.isFile()) throw new DatabaseError(`${path} is not a regular file (a device, pipe or socket), so it cannot be a database.`);
  if (stat.size === 0) {
    if (mustExist) throw new DatabaseError(`${path} is empty: it holds no Parlor database.`);
    return;
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
}

const PARLOR_APPLICATION_ID = 0x50726c72; // "Prlr"

function checkContents(db: Db, path: string): void {
  const version = Number(db.pragma('user_version'));
  if (version > LATEST_SCHEMA_VERSION) throw new SchemaTooNewError(path, version);
  const appId = Number(db.pragma('application_id'));
  if (appId !== 0 && appId !== PARLOR_APPLICATION_ID) {
    throw new DatabaseError(`${path} is a SQLite database of another application (application id ${appId}), not a Parlor database.`);
  }
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
  if (version === 0 && tables.length > 0) {
    throw new DatabaseError(`${path} is a SQLite database but not Parlor's (it has tables of its own: ${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ', …' : ''}).`);
  }
  if (version > 0 && !tables.includes('runs')) {
    throw new DatabaseError(`${path} says it is at schema version ${version} but has no Parlor tables: it is not a Parlor database.`);
  }
}

export { PARLOR_APPLICATION_ID };

/** SQLite's failures on a file as one line a user can act on; anything else passes through. */
export function databaseError(path: string, error: unknown): unknown {
  if (error instanceof DatabaseError) return error;
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return error;
  const message = (error as Error).message;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new DatabaseError(`The database ${path} is locked by another program (waited ${BUSY_MS / 1000} s): ${message}.`, { cause: error });
  }
  if (code === 'SQLITE_NOTADB') return new DatabaseError(`${path} is not a SQLite database: ${message}.`, { cause: error });
  if (code.startsWith('SQLITE_CORRUPT')) return new DatabaseError(`The database ${path} is damaged (${message}): restore it from a backup.`, { cause: error });
  if (code.startsWith('SQLITE_CANTOPEN')) return new DatabaseError(`Cannot open the database ${path}: ${message}.`, { cause: error });
  if (code.startsWith('SQLITE_READONLY')) return new DatabaseError(`The database ${path} is read-only here: ${message}.`, { cause: error });
  if (code === 'SQLITE_FULL') return new DatabaseError(`The disk holding ${path} is full: ${message}.`, { cause: error });
  if (code.startsWith('SQLITE_IOERR')) return new DatabaseError(`Reading or writing ${path} failed: ${message}.`, { cause: error });
  return error;
}
