/**
 * The SQLite connection: the only module that imports better-sqlite3. It checks a file before
 * writing anything to it, takes write locks up front (BEGIN IMMEDIATE) and waits for other processes
 * with SQLite's backoff instead of failing, and group-commits appends: writes queued in one
 * event-loop turn share one transaction at its end, and every read commits them first.
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { copyFileSync, constants, existsSync, linkSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { DatabaseError } from '../errors';
import { registerUidFunctions } from './uid';
import { Checkpointer } from './checkpointer';
import { accessOf, checkContents, checkPath, databaseError as describeDatabaseError, isStorageFailure } from './db-checks';
import { LATEST_SCHEMA_VERSION, migrate } from './migrations';

export { PARLOR_APPLICATION_ID, SchemaTooNewError, isStorageFailure } from './db-checks';

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
/** Tests only: caps the file at this many pages, so SQLite answers SQLITE_FULL as on a full disk. */
const MAX_PAGES = Number(process.env.PARLOR_TEST_MAX_PAGES ?? 0);

export interface OpenOptions {
  /** Refuse a missing or empty file instead of creating a database (commands that only read). */
  mustExist?: boolean;
  /** Told when this process upgrades a file written by an older Parlor (it can take minutes for a large one). */
  onUpgrade?: (from: number, to: number) => void;
  /**
   * Open for reading only, whatever the file's permissions, and at any schema version up to this one:
   * the caller reads `user_version` and no more than it knows (`parlor merge` copies a source this way).
   */
  readOnly?: boolean;
}

export class Db {
  private readonly statements = new Map<string, Statement>();
  private pending: (() => void)[] = [];
  private flushScheduled = false;
  private writeErrors: unknown[] = [];
  private written = 0;
  private checkpointer: Checkpointer | null = null;
  /**
   * A group commit that failed for the file's sake (disk full, damaged, locked) while work held the
   * store (see `hold()`): later appends are dropped and every flush raises it until the last holder lets go.
   */
  private failure: unknown = null;
  /** A group lost while nothing held the store, in a flush nobody called (the end of a turn): the next flush raises it, once. */
  private unraised: unknown = null;
  /** Work under way that must learn of a lost group before it writes on (runs, a person's moves, the tagger). */
  private holders = 0;
  /** Told once a storage failure is over: the last holder let go and the store takes writes again. */
  private recovered: (() => void)[] = [];

  private constructor(
    readonly path: string,
    private readonly conn: Database.Database,
    /** Opened for reading only: the file (or its folder) cannot be written here. */
    readonly readOnly = false,
    /** The private folder a read-only folder's file was copied into, removed on close. */
    private readonly copyFolder: string | null = null,
  ) {}

  /** Opens a Parlor database, creating it if allowed, and brings its schema up to date. */
  static open(path: string, options: OpenOptions = {}): Db {
    if (path === ':memory:') return Db.connect(path, path, 'write', null, options);
    if (checkPath(path, options.mustExist ?? false) === 'new') createWhole(path, (temp) => Db.connect(temp, temp, 'write', null, {}).close());
    const access = options.readOnly && accessOf(path) === 'write' ? 'read' : accessOf(path);
    const copyFolder = access === 'copy' ? privateCopy(path) : null;
    return Db.connect(path, copyFolder ? join(copyFolder, basename(path)) : path, access, copyFolder, options);
  }

  private static connect(path: string, file: string, access: 'write' | 'read' | 'copy', copyFolder: string | null, options: OpenOptions): Db {
    const binding = process.env.PARLOR_SQLITE_BINDING;
    const readOnly = access !== 'write';
    let conn: Database.Database;
    try {
      conn = new Database(file, { timeout: BUSY_MS, readonly: readOnly, ...(binding ? { nativeBinding: binding } : {}) });
    } catch (error) {
      if (copyFolder) rmSync(copyFolder, { recursive: true, force: true });
      throw databaseError(path, error);
    }
    registerUidFunctions(conn); // migrations give existing rows their uids in SQL
    const db = new Db(path, conn, readOnly, copyFolder);
    try {
      // Read-only checks first: nothing is written to a file Parlor will refuse.
      const version = path === ':memory:' ? 0 : checkContents({ pragma: (text) => db.pragma(text), tableNames: () => db.tableNames() }, path);
      if (readOnly && version < LATEST_SCHEMA_VERSION && !options.readOnly) {
        throw new DatabaseError(`${path} cannot be written here (${access === 'copy' ? 'its folder is read-only' : 'the file is read-only'}) and was written by an older Parlor, so it needs a one-time upgrade, which writes to it: make it writable, or copy it somewhere writable.`);
      }
      if (!readOnly) {
        // An upgrade or a switch to WAL is the first write an open makes: a damaged file is refused before it.
        if (version < LATEST_SCHEMA_VERSION && version > 0) db.checkIntegrity();
        else if (path !== ':memory:' && String(conn.pragma('journal_mode', { simple: true })) !== 'wal') db.checkIntegrity();
        conn.pragma('journal_mode = WAL');
      }
      conn.pragma('foreign_keys = ON');
      // WAL + NORMAL survives any process crash; only an OS crash can lose the last commits.
      conn.pragma('synchronous = NORMAL');
      // Checkpoint every ~40 MB rather than every 4 MB: request bodies are large, and each checkpoint syncs.
      // Once this connection writes a lot, a worker does the routine checkpoints and this is the backstop.
      conn.pragma('wal_autocheckpoint = 10000');
      if (MAX_PAGES > 0) conn.pragma(`max_page_count = ${MAX_PAGES}`);
      if (!readOnly) migrate(db, options.onUpgrade);
      return db;
    } catch (error) {
      conn.close();
      if (copyFolder) rmSync(copyFolder, { recursive: true, force: true });
      throw databaseError(path, error);
    }
  }

  private tableNames(): string[] {
    return this.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
  }

  /** SQLite's quick check of every page, read-only: a damaged file is refused before Parlor writes to it. */
  checkIntegrity(): void {
    const rows = this.conn.pragma('quick_check(1)', { simple: false }) as { quick_check: string }[];
    // One problem is enough to refuse the file; SQLite heads its list with "*** in database main ***".
    const found = rows.flatMap((r) => r.quick_check.split('\n')).map((line) => line.trim()).filter((line) => line && line !== 'ok' && !line.startsWith('***'));
    if (found.length) {
      throw new DatabaseError(`The database ${this.path} is damaged (SQLite's check found: ${found[0]}): restore it from a backup (nothing was written to it).`);
    }
  }

  get open(): boolean {
    return this.conn.open;
  }

  close(): void {
    try {
      if (!this.failure) this.flush();
    } finally {
      this.checkpointer?.close();
      this.conn.close();
      if (this.copyFolder) rmSync(this.copyFolder, { recursive: true, force: true });
    }
  }

  /** Counts committed writes and, past the threshold, moves routine checkpoints to a worker thread. */
  private wrote(count: number): void {
    this.written += count;
    if (this.written < CHECKPOINTER_AFTER || this.checkpointer || this.path === ':memory:' || this.readOnly) return;
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

  /**
   * Holds the store for work that writes over many turns (a run, a person's move, the tagger); the
   * returned function lets go (once, however often called). A group lost while anything holds the store
   * is raised to every flush until the last holder lets go: each run or game among the holders learns
   * its writes may be lost and stops, so none writes a turn after one the file lost. Then the store
   * recovers by itself and tells `whenRecovered`.
   */
  hold(): () => void {
    this.holders++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holders--;
      if (this.holders === 0 && this.failure) this.recover();
    };
  }

  /**
   * Runs `callback` once the store takes writes again (at once when no failure is held): a stopped
   * run records what happened only after every other holder has stopped too.
   */
  whenRecovered(callback: () => void): void {
    if (this.failure) this.recovered.push(callback);
    else callback();
  }

  /**
   * Forgets a storage failure (and the writes queued since), then runs the `whenRecovered` callbacks,
   * which record what happened, best effort. Called by the last holder's release (tests call it too).
   */
  recover(): void {
    this.failure = null;
    this.unraised = null;
    this.pending = [];
    this.writeErrors = [];
    const callbacks = this.recovered;
    this.recovered = [];
    for (const callback of callbacks) {
      try {
        callback();
      } catch {
        // Best effort: one callback's failed record must not keep the others from theirs.
      }
    }
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
   * a failing write rolls back alone and is raised by the next read in its turn. A group the file
   * itself refuses (disk full, damaged, locked) is lost whole; while work holds the store (`hold()`), so
   * is every write after it until the last holder lets go: committing a later turn of an episode whose
   * earlier turn was lost would leave a hole in it.
   */
  append(write: () => void): void {
    if (this.failure) return;
    this.pending.push(write);
    if (this.pending.length >= MAX_BATCH) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        if (!this.conn.open || this.failure) return;
        try {
          this.commit();
        } catch (error) {
          // Held: `failure` reaches every holder. Not held: nobody called, so the next flush raises it.
          if (!this.failure) this.unraised = error;
          return;
        }
        // A write's own error reaches only a read in the turn it was queued in, as it always has.
        this.writeErrors = [];
      });
    }
  }

  /**
   * Commits queued appends; raises the storage failure that lost a group (while held: every time until
   * the last holder lets go; not held: once), or else a write that failed.
   */
  flush(): void {
    if (this.failure) throw this.failure;
    this.commit();
    if (this.unraised !== null) {
      const lost = this.unraised;
      this.unraised = null;
      throw lost;
    }
    if (this.writeErrors.length) {
      const [first] = this.writeErrors;
      this.writeErrors = [];
      throw first;
    }
  }

  /** Commits the queued appends as one group. */
  private commit(): void {
    if (this.pending.length) {
      const batch = this.pending;
      this.pending = [];
      try {
        this.conn
          .transaction(() => {
            for (const write of batch) {
              try {
                write();
              } catch (error) {
                if (isStorageFailure(error)) throw error; // the whole group rolls back
                this.writeErrors.push(error);
              }
            }
          })
          .immediate();
      } catch (error) {
        // Work that holds the store may have lost writes in this group: it must hear of it before it
        // writes on. With no holder, no run or game can write a turn after a lost one: the store goes on.
        if (this.holders > 0) this.failure = error;
        throw error;
      }
      this.wrote(batch.length);
    }
  }
}

/** SQLite's failures on a file as one line a user can act on; anything else passes through. */
export function databaseError(path: string, error: unknown): unknown {
  return describeDatabaseError(path, error, BUSY_MS);
}

/**
 * Creates a new database under a private name and links it into place whole: another process never
 * sees a half-made file there, and an empty file at the path is never Parlor's.
 */
function createWhole(path: string, make: (temp: string) => void): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.new`);
  try {
    make(temp);
    try {
      linkSync(temp, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return; // another process made it first: theirs is opened
      // No hard links on this file system: an exclusive copy is as safe, only slower.
      try {
        copyFileSync(temp, path, constants.COPYFILE_EXCL);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code !== 'EEXIST') throw databaseError(path, copyError);
      }
    }
  } catch (error) {
    throw error instanceof DatabaseError ? error : new DatabaseError(`Cannot create the database ${path}: ${(error as Error).message}.`, { cause: error });
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(temp + suffix, { force: true });
  }
}

/** A read-only folder's database, copied (with its WAL) into a private folder that SQLite may write its -shm into. */
function privateCopy(path: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'parlor-readonly-'));
  try {
    copyFileSync(path, join(folder, basename(path)));
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, join(folder, `${basename(path)}-wal`));
    return folder;
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new DatabaseError(`Cannot read the database ${path}: its folder is read-only and it could not be copied to read it (${(error as Error).message}).`, { cause: error });
  }
}
