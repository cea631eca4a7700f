/**
 * Every way a database path or file can be wrong gets one line naming the file and what to do, exit
 * code 2, and leaves the folder exactly as it was: no byte of the file changed, no -wal, -shm or
 * -journal left behind, no database created where none was asked for.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError } from '../../electron/engine/errors';
import { LATEST_SCHEMA_VERSION } from '../../electron/engine/store/migrations';
import { Store } from '../../electron/engine/store/store';
import { parlor, type CliResult } from '../support/cli';
import { seedRun } from '../support/seed';
import { tempDir } from '../support/tmp';
import { startMockProvider, type MockProvider } from '../mock-provider/server';

const LEGACY = new URL('../fixtures/legacy-v5/parlor-v5.db.gz', import.meta.url);

interface Case {
  what: string;
  /** Makes the bad file in `dir`; returns the --db path. */
  make(dir: string): string;
  args?: string[] | (() => string[]);
  message: RegExp;
}

const READ = ['runs'];
const WRITE = ['prices', 'set', 'openai:gpt-4o', '2.5', '10'];

/** A real Parlor database with one price in it (page 1 and the schema intact). */
function parlorDb(dir: string, name = 'parlor.db'): string {
  const path = join(dir, name);
  const store = Store.open(path);
  store.models.setPrice('openai', 'gpt-4o', 2.5, 10);
  store.close();
  return path;
}

/** Fills the pages of a table (and its indexes) with noise past their first bytes, as a bad disk sector would. */
function damageTable(path: string, table: string): void {
  const raw = new Database(path); // not read-only: its close tidies the WAL away, as Parlor's does
  const pages = raw.prepare(`SELECT pageno FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = ?)`).pluck().all(table) as number[];
  const size = Number(raw.pragma('page_size', { simple: true }));
  raw.close();
  const bytes = readFileSync(path);
  for (const page of pages) bytes.fill(0xa5, (page - 1) * size, page * size);
  writeFileSync(path, bytes);
}

/** A Parlor database holding a run whose process died mid-run: opening it would mark the run interrupted. */
function deadRunDb(dir: string): string {
  const path = parlorDb(dir);
  const store = Store.open(path);
  const { runId } = seedRun(store);
  store.runs.markRunning(runId, 999_999_999);
  store.close();
  return path;
}

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());
const NEW_RUN = () => ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--limit', '2', '-r', '1', '--seed', '1'];

/** A SQLite file made outside Parlor. */
function sqlite(dir: string, setup: (db: Database.Database) => void, name = 'other.db'): string {
  const path = join(dir, name);
  const db = new Database(path);
  setup(db);
  db.close();
  return path;
}

const CASES: Case[] = [
  { what: 'a folder', make: (d) => (mkdirSync(join(d, 'runs.db')), join(d, 'runs.db')), message: /runs\.db is a folder, not a database file: give the path of a \.db file\.$/ },
  { what: 'a symlink to a folder', make: (d) => (mkdirSync(join(d, 'real')), symlinkSync(join(d, 'real'), join(d, 'link.db')), join(d, 'link.db')), message: /link\.db is a folder, not a database file/ },
  { what: 'a missing file, for a command that only reads', make: (d) => join(d, 'nope.db'), message: /No database at .*nope\.db: check --db \(or PARLOR_DB\), or start a run to create one\.$/ },
  { what: 'a missing folder', make: (d) => join(d, 'no-such-folder', 'parlor.db'), args: WRITE, message: /Cannot create the database .*parlor\.db: the folder .*no-such-folder does not exist\.$/ },
  { what: 'a folder that is a file', make: (d) => (writeFileSync(join(d, 'notes'), 'x'), join(d, 'notes', 'parlor.db')), args: WRITE, message: /Cannot create the database .*: .*notes is a file, not a folder\.$/ },
  { what: 'an empty path', make: () => '', message: /^parlor: The database path is empty: give a file with --db or PARLOR_DB\.$/ },
  { what: 'a blank path', make: () => '   ', args: WRITE, message: /^parlor: The database path is empty/ },
  { what: 'a dangling symlink, for a write', make: (d) => (symlinkSync(join(d, 'gone', 'x.db'), join(d, 'dangling.db')), join(d, 'dangling.db')), args: WRITE, message: /Cannot open the database .*dangling\.db: unable to open database file\.$/ },
  { what: 'a FIFO', make: (d) => (execFileSync('mkfifo', [join(d, 'pipe.db')]), join(d, 'pipe.db')), message: /pipe\.db is not a regular file \(a device, pipe or socket\), so it cannot be a database\.$/ },
  { what: '/dev/null', make: () => '/dev/null', args: WRITE, message: /^parlor: \/dev\/null is not a regular file/ },
  { what: 'an empty file, for a command that only reads', make: (d) => (writeFileSync(join(d, 'empty.db'), ''), join(d, 'empty.db')), message: /empty\.db is empty: it holds no Parlor database\.$/ },
  { what: 'a text file', make: (d) => (writeFileSync(join(d, 'notes.txt'), 'my notes\n'.repeat(50)), join(d, 'notes.txt')), args: WRITE, message: /notes\.txt is not a SQLite database \(its first bytes are not SQLite's header\), so it is not a Parlor database\.$/ },
  { what: 'a JSON file', make: (d) => (writeFileSync(join(d, 'run.json'), JSON.stringify({ game: 'eda', players: {} })), join(d, 'run.json')), message: /run\.json is not a SQLite database/ },
  { what: 'a gzipped Parlor database', make: (d) => (copyFileSync(LEGACY, join(d, 'parlor.db.gz')), join(d, 'parlor.db.gz')), message: /parlor\.db\.gz is not a SQLite database/ },
  { what: 'a file cut inside the header', make: (d) => (writeFileSync(join(d, 'cut.db'), readFileSync(parlorDb(d, 'whole.db')).subarray(0, 50)), join(d, 'cut.db')), message: /cut\.db is truncated: it ends inside SQLite's 100-byte header\.$/ },
  { what: 'a copy cut short', make: (d) => (writeFileSync(join(d, 'half.db'), readFileSync(parlorDb(d, 'whole.db')).subarray(0, 8192)), join(d, 'half.db')), args: WRITE, message: /half\.db is truncated: SQLite's header says \d+ bytes, the file has 8192\. Restore it from a backup\.$/ },
  {
    what: 'a damaged schema page',
    make: (d) => {
      const path = parlorDb(d);
      const bytes = readFileSync(path);
      bytes.fill(0xa5, 100, 4096);
      writeFileSync(path, bytes);
      return path;
    },
    message: /The database .*parlor\.db is damaged \(.*malformed.*\): restore it from a backup\.$/,
  },
  {
    what: 'the SQLite header followed by noise',
    make: (d) => {
      const noise = Buffer.alloc(8192, 0x5a);
      Buffer.from('SQLite format 3\0', 'latin1').copy(noise);
      writeFileSync(join(d, 'noise.db'), noise);
      return join(d, 'noise.db');
    },
    message: /noise\.db starts like a SQLite database but its header is damaged \(page size 23130\): it cannot be opened\. Restore it from a backup\.$/,
  },
  { what: 'another application’s database', make: (d) => sqlite(d, (db) => db.exec('CREATE TABLE notes (body TEXT); CREATE TABLE tags (name TEXT)')), message: /other\.db is a SQLite database but not Parlor's \(it has tables of its own: notes, tags\)\.$/ },
  { what: 'a foreign application id', make: (d) => sqlite(d, (db) => db.pragma('application_id = 1234')), args: WRITE, message: /other\.db is a SQLite database of another application \(application id 1234\), not a Parlor database\.$/ },
  { what: 'a schema version without Parlor’s tables', make: (d) => sqlite(d, (db) => db.pragma('user_version = 3')), message: /other\.db says it is at schema version 3 but has no Parlor tables: it is not a Parlor database\.$/ },
  {
    what: 'a database from a newer Parlor (in WAL mode, as Parlor writes them)',
    make: (d) => {
      const path = parlorDb(d);
      sqlite(d, (db) => db.pragma('user_version = 42'), 'parlor.db');
      return path;
    },
    args: WRITE,
    message: /The database .*parlor\.db has schema version 42, but this Parlor build knows only up to version \d+\. It was written by a newer Parlor: upgrade Parlor to open it \(nothing was changed in the file\)\.$/,
  },
  { what: 'a negative schema version', make: (d) => (parlorDb(d), sqlite(d, (db) => db.pragma('user_version = -5'), 'parlor.db')), message: /parlor\.db says its schema version is -5, which no Parlor ever wrote: it is damaged or not a Parlor database \(nothing was changed in the file\)\.$/ },
  { what: 'a negative schema version, for a command that writes', make: (d) => (parlorDb(d), sqlite(d, (db) => db.pragma('user_version = -5'), 'parlor.db')), args: WRITE, message: /says its schema version is -5/ },
  { what: 'an empty file, for a command that writes', make: (d) => (writeFileSync(join(d, 'empty.db'), ''), join(d, 'empty.db')), args: WRITE, message: /empty\.db is an empty file, not a Parlor database: to start a new database there, delete the file, or give --db a path that does not exist yet\.$/ },
  { what: 'an empty file, for a new run', make: (d) => (writeFileSync(join(d, 'empty.db'), ''), join(d, 'empty.db')), args: NEW_RUN, message: /empty\.db is an empty file, not a Parlor database/ },
  {
    what: 'a damaged data page, with a run whose process died (marking it interrupted would be the first write)',
    make: (d) => {
      const path = deadRunDb(d);
      damageTable(path, 'prices');
      return path;
    },
    message: /The database .*parlor\.db is damaged \(SQLite's check found: .*\): restore it from a backup \(nothing was written to it\)\.$/,
  },
  {
    what: 'a damaged data page met by a new run after its preflight calls',
    make: (d) => {
      const path = parlorDb(d);
      damageTable(path, 'episodes');
      return path;
    },
    args: NEW_RUN,
    message: /The database .*parlor\.db\)? is damaged \(database disk image is malformed\): restore it from a backup\.$/,
  },
  {
    what: 'a database from a newer Parlor, for a command that only reads',
    make: (d) => (parlorDb(d), sqlite(d, (db) => db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`), 'parlor.db')),
    message: new RegExp(`has schema version ${LATEST_SCHEMA_VERSION + 1}, but this Parlor build knows only up to version ${LATEST_SCHEMA_VERSION}\\b`),
  },
];

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string, prefix: string) => {
    for (const name of readdirSync(folder).sort()) {
      const full = join(folder, name);
      const stat = statSync(full, { throwIfNoEntry: false });
      if (!stat) out[prefix + name] = 'dangling';
      else if (stat.isDirectory()) walk(full, `${prefix}${name}/`);
      else if (stat.isFile()) out[prefix + name] = createHash('sha256').update(readFileSync(full)).digest('hex');
      else out[prefix + name] = 'special';
    }
  };
  walk(dir, '');
  return out;
}

function expectOneClearLine(result: CliResult, message: RegExp) {
  expect(result.stdout).toBe('');
  // A run prints its estimate before it opens anything it could refuse: the refusal is still one line, and the last.
  const stderr = result.stderr.replace(/^(estimate: .*\n| {2}(live|batch): .*\n)*/, '');
  expect(stderr).toMatch(/^parlor: [^\n]+\n$/);
  expect(result.stderr.trimEnd()).toMatch(message);
  expect(result.stderr).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
  expect(result.code).toBe(2);
}

describe('bad database paths and files: one clear line, exit 2, nothing modified', () => {
  it.each(CASES.map((c) => [c.what, c] as const))('%s', async (_what, c) => {
    const dir = tempDir();
    const db = c.make(dir);
    const before = snapshot(dir);
    const result = await parlor(db, typeof c.args === 'function' ? c.args() : (c.args ?? READ));
    expectOneClearLine(result, c.message);
    expect(snapshot(dir)).toEqual(before);
  });

  it('a NUL in the path is refused by the store before any file is touched (argv cannot carry one)', () => {
    const dir = tempDir();
    expect(() => Store.open(join(dir, 'a\0b.db'))).toThrow(new DatabaseError('The database path contains a NUL character.'));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('`parlor serve` on a file from a newer Parlor says so and serves nothing', async () => {
    const dir = tempDir();
    const db = parlorDb(dir);
    sqlite(dir, (raw) => raw.pragma('user_version = 99'), 'parlor.db');
    const before = snapshot(dir);
    expectOneClearLine(await parlor(db, ['serve', '--port', '0']), /has schema version 99, but this Parlor build knows only up to version/);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('a database another program holds locked', () => {
  let dir: string;
  let db: string;
  let holder: Database.Database;
  let before: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'parlor-locked-'));
    db = parlorDb(dir);
    before = snapshot(dir);
    // An exclusive lock, as a backup tool or a stuck writer holds it: no reader or writer gets in.
    holder = new Database(db);
    holder.pragma('locking_mode = EXCLUSIVE');
    holder.exec('BEGIN EXCLUSIVE');
  });
  afterAll(() => {
    if (holder.open) holder.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['a command that reads', READ],
    ['a command that writes', WRITE],
  ])('%s waits, then says so in one line', async (_what, args) => {
    const result = await parlorWithEnv(db, args, { PARLOR_BUSY_TIMEOUT_MS: '300' });
    expectOneClearLine(result, /The database .*parlor\.db is locked by another program \(waited 0\.3 s\): database is locked\.$/);
  });

  it('and nothing in the file changed once the lock is gone', () => {
    holder.exec('ROLLBACK');
    holder.close();
    expect(snapshot(dir)).toEqual(before);
  });
});

function parlorWithEnv(db: string, args: string[], env: Record<string, string>): Promise<CliResult> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return parlor(db, args);
  } finally {
    process.env = saved;
  }
}
