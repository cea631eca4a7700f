/**
 * What the file or the process does to a run: a full disk, a page damaged mid-run, SIGTERM and SIGHUP.
 * Each gets one line, the run marked interrupted (read back without Parlor's own reconcile), and a
 * resumed run ends as one never interrupted.
 */
import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor, startParlor, waitFor } from '../support/cli';
import { mockEdaPlayers, runOutcomes } from '../support/eda';
import { tempDir, tempStore } from '../support/tmp';

let mock: MockProvider;
let slow: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
  slow = await startMockProvider({ latencyMs: 20 });
});
afterAll(async () => {
  await mock.close();
  await slow.close();
});


/** Reads the file as any SQLite reader would, without Parlor (whose open would mark a dead run interrupted). */
function readRaw<T>(db: string, read: (raw: Database.Database) => T): T {
  const raw = new Database(db, { readonly: true });
  try {
    return read(raw);
  } finally {
    raw.close();
  }
}

/** A stored run, not yet played, in a file of its own (closed, so every page is in the main file). */
async function storedRun(config: Record<string, unknown>, url: string): Promise<string> {
  const db = join(tempDir(), 'parlor.db');
  const store = Store.open(db);
  await prepareRun(store, { ...config, preflight: false, players: mockEdaPlayers(url) });
  store.close();
  return db;
}

const lastLine = (stderr: string) => stderr.trimEnd().split('\n').at(-1)!;
const noStack = (stderr: string) => expect(stderr).not.toMatch(/\bat .*\.(ts|js|mjs):\d+|SqliteError|node:internal/);

describe('a full disk during a run', () => {
  it('says what to free in one line, leaves the run interrupted, and the resumed run ends as an uninterrupted one', async () => {
    const config = { dataset: { name: 'things', subset: 'test' }, limit: 6, repetitions: 1, seed: 31, concurrency: 2 };
    const reference = tempStore();
    const { runId: refId } = await prepareRun(reference, { ...config, preflight: false, players: mockEdaPlayers(mock.openaiBaseUrl) });
    await executeRun(reference, refId);

    const db = await storedRun(config, mock.openaiBaseUrl);
    const pages = readRaw(db, (raw) => Number(raw.pragma('page_count', { simple: true })));
    // SQLite answers SQLITE_FULL once the file would pass this size, as on a full disk; the run needs far more.
    const full = await parlor(db, ['run', '--resume', '1'], undefined, { PARLOR_TEST_MAX_PAGES: String(pages + 8) });
    expect(full.code, full.stderr).toBe(2);
    expect(lastLine(full.stderr)).toMatch(/^parlor: The disk holding .*parlor\.db is full: free some space \(about \d+ MB for the rest of run 1\) and resume with `parlor run --resume 1`\.$/);
    noStack(full.stderr);
    const after = readRaw(db, (raw) => ({
      status: raw.prepare(`SELECT status FROM runs WHERE id = 1`).pluck().get(),
      running: raw.prepare(`SELECT COUNT(*) FROM episodes WHERE status = 'running'`).pluck().get(),
      done: raw.prepare(`SELECT COUNT(*) FROM episodes WHERE status = 'done'`).pluck().get() as number,
      holes: raw.prepare(`SELECT episode_id FROM events GROUP BY episode_id HAVING COUNT(*) != MAX(idx)`).all(),
    }));
    expect(after).toMatchObject({ status: 'interrupted', running: 0, holes: [] });
    expect(after.done).toBeLessThan(6);

    const resumed = await parlor(db, ['run', '--resume', '1']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const store = Store.open(db);
    try {
      expect(store.runs.get(1).status).toBe('done');
      expect(runOutcomes(store, 1)).toEqual(runOutcomes(reference, refId));
    } finally {
      store.close();
    }
  }, 120_000);
});

describe('a data page damaged while a run plays', () => {
  it('stops the run with one line and marks it interrupted', async () => {
    const db = await storedRun({ dataset: { name: 'things', subset: 'test' }, limit: 4, repetitions: 1, seed: 5, concurrency: 1 }, slow.openaiBaseUrl);
    // The seats of the episodes: read when each episode starts, never written while the run plays.
    const seatPages = readRaw(db, (r) => r.prepare(`SELECT pageno FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name = 'episode_seats')`).pluck().all() as number[]);
    const pageSize = readRaw(db, (r) => Number(r.pragma('page_size', { simple: true })));
    const raw = new Database(db);
    const events = () => raw.prepare(`SELECT COUNT(*) FROM events`).pluck().get() as number;
    let pid = 0;
    const result = parlor(db, ['run', '--resume', '1'], (p) => (pid = p));
    try {
      await waitFor(() => events() >= 4);
      const bytes = readFileSync(db);
      for (const page of seatPages) bytes.fill(0xa5, (page - 1) * pageSize + 8, page * pageSize);
      writeFileSync(db, bytes);
      raw.prepare(`INSERT INTO run_tags (run_id, tag) VALUES (1, 'poke')`).run();
    } finally {
      raw.close();
    }
    const { code, stderr } = await result;
    expect(pid).toBeGreaterThan(0);
    expect(code, stderr).toBe(2);
    expect(lastLine(stderr)).toMatch(/^parlor: The database .*parlor\.db is damaged \(database disk image is malformed\): restore it from a backup\. Run 1 was stopped and marked interrupted\.$/);
    noStack(stderr);
    expect(readRaw(db, (r) => r.prepare(`SELECT status, error FROM runs WHERE id = 1`).get())).toMatchObject({ status: 'interrupted', error: expect.stringMatching(/malformed/) });
  }, 120_000);
});

describe('stopped by a signal', () => {
  it.each(['SIGTERM', 'SIGHUP'] as const)('%s marks the run interrupted on the way out, its episodes resumable', async (signal) => {
    const db = join(tempDir(), 'parlor.db');
    const child = startParlor(db, ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', slow.openaiBaseUrl, '--limit', '6', '-r', '1', '--seed', '3', '--concurrency', '2', '--no-preflight']);
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const events = () => {
      try {
        return readRaw(db, (raw) => raw.prepare(`SELECT COUNT(*) FROM events`).pluck().get() as number);
      } catch {
        return 0; // not created yet
      }
    };
    await waitFor(() => events() >= 6 || child.exitCode !== null);
    expect(child.exitCode).toBeNull();
    child.kill(signal);
    await ended;
    const after = readRaw(db, (raw) => ({
      status: raw.prepare(`SELECT status FROM runs WHERE id = 1`).pluck().get(),
      running: raw.prepare(`SELECT COUNT(*) FROM episodes WHERE status = 'running'`).pluck().get(),
    }));
    expect(after).toEqual({ status: 'interrupted', running: 0 });
  }, 60_000);
});
