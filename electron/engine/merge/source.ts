/**
 * A file to merge, read and never written: copied into a private folder (as it is when no connection
 * has it open; else as one consistent snapshot a read-only connection takes, VACUUM INTO, since another
 * process may be writing it), and that copy is brought to this version's schema (an older file is
 * migrated there; rows another tool wrote without a uid get theirs) and attached to the target. The
 * source file's bytes stay as they were, and nothing is left beside it.
 */
import { copyFileSync, existsSync, realpathSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { UserError } from '../errors';
import { Db } from '../store/db';
import { FILL_ROW_UIDS } from '../store/migrations/014-row-uids';
import { quote } from './context';

export interface MergeSource {
  /** The path as given. */
  file: string;
  /** The private copy to attach. */
  copy: string;
  /** The file's own schema version. */
  schemaVersion: number;
}

/** Same file, however named (a link, a relative path): merging a database into itself is refused. */
export function sameFile(a: string, b: string): boolean {
  try {
    return existsSync(a) && existsSync(b) && realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

export function prepareSource(file: string, folder: string, index: number, onUpgrade?: (from: number, to: number) => void): MergeSource {
  const copy = join(folder, `${index}-${basename(file).replace(/[^\w.-]/g, '_')}`);
  if (!existsSync(file)) throw new UserError(`No database at ${file}: nothing to merge (check the path).`);
  const schemaVersion = quietCopy(file, copy) ?? snapshot(file, copy);
  const migrated = Db.open(copy, { mustExist: true, ...(onUpgrade ? { onUpgrade } : {}) });
  try {
    migrated.tx(() => migrated.exec(FILL_ROW_UIDS));
  } finally {
    migrated.close();
  }
  return { file, copy, schemaVersion };
}

/**
 * A file no connection has open (no -wal beside it: Parlor's files are in WAL mode, and the first
 * connection makes one) is copied as it is: opening it, even to read, would leave a -wal and -shm beside
 * it. If one appears meanwhile, a writer came: null, and the snapshot is taken instead.
 */
function quietCopy(file: string, copy: string): number | null {
  if (existsSync(`${file}-wal`)) return null;
  copyFileSync(file, copy);
  if (existsSync(`${file}-wal`)) {
    rmSync(copy, { force: true });
    return null;
  }
  // Refuses a file that is not Parlor's, or one from a newer Parlor, as any open does (the copy, read only).
  const db = Db.open(copy, { mustExist: true, readOnly: true });
  try {
    return checkedVersion(file, db);
  } finally {
    db.close();
  }
}

/** A file another connection may be writing: a read-only connection copies one consistent snapshot of it. */
function snapshot(file: string, copy: string): number {
  const source = Db.open(file, { mustExist: true, readOnly: true });
  try {
    const version = checkedVersion(file, source);
    source.exec(`VACUUM INTO ${quote(copy)}`);
    return version;
  } finally {
    source.close();
  }
}

function checkedVersion(file: string, db: Db): number {
  const version = Number(db.pragma('user_version'));
  if (version === 0) throw new UserError(`${file} holds no Parlor database yet: nothing to merge.`);
  return version;
}
