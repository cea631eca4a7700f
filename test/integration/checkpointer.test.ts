/**
 * WAL checkpoints move to a worker once a connection has written a lot: the rows reach the database
 * file without the writer checkpointing in place, and closing still leaves a tidy file behind.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Db } from '../../electron/engine/store/db';
import { tempDir } from '../support/tmp';

function fill(db: Db, rows: number): void {
  db.exec('CREATE TABLE IF NOT EXISTS scratch (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO scratch (text) VALUES (?)');
  for (let i = 0; i < rows; i++) db.append(() => insert.run(`row ${i} `.padEnd(200, '·')));
  db.flush();
}

describe('background checkpoints', () => {
  it('a connection that has written thousands of rows has them copied into the database file by the worker', async () => {
    const path = join(tempDir(), 'a.db');
    const db = Db.open(path);
    try {
      const before = statSync(path).size;
      fill(db, 3_000); // a few hundred WAL pages: far below SQLite's own threshold of 10,000
      expect(statSync(path).size).toBe(before); // nothing checkpointed in place
      const deadline = Date.now() + 10_000;
      while (statSync(path).size === before && Date.now() < deadline) await sleep(100);
      expect(statSync(path).size).toBeGreaterThan(before + 3_000 * 150);
      expect(db.q('SELECT COUNT(*) AS n FROM scratch').get()).toEqual({ n: 3_000 });
    } finally {
      db.close();
    }
    // The worker let go first, so the owner's close was the last one and removed the WAL.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const again = Db.open(path, { mustExist: true });
    expect(again.q('SELECT COUNT(*) AS n FROM scratch').get()).toEqual({ n: 3_000 });
    again.close();
  });

  it('a short session starts no worker and leaves the checkpoint to SQLite at close', () => {
    const path = join(tempDir(), 'b.db');
    const db = Db.open(path);
    const before = statSync(path).size;
    fill(db, 100);
    expect(statSync(path).size).toBe(before);
    db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(statSync(path).size).toBeGreaterThan(before);
  });
});
