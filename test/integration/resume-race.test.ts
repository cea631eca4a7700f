/**
 * Two `parlor run --resume` of one run started at the same moment: exactly one plays it, the other is
 * told in one line who does (exit 2) and writes nothing; no model call or event is recorded twice.
 */
import Database from 'better-sqlite3';
import { readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor, waitFor, type CliResult } from '../support/cli';
import { tempDir } from '../support/tmp';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ latencyMs: 2 });
});
afterAll(() => mock.close());

const TRIALS = 10;

/** Whether these processes have the file open (Linux: /proc); elsewhere the lock still lines them up, less tightly. */
function haveOpened(pids: number[], path: string): boolean {
  try {
    return pids.every((pid) => readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === path;
      } catch {
        return false;
      }
    }));
  } catch {
    return true;
  }
}

async function race(): Promise<{ db: string; results: CliResult[] }> {
  const db = join(tempDir(), 'race.db');
  const store = Store.open(db);
  const url = mock.openaiBaseUrl;
  await prepareRun(store, {
    dataset: { name: 'things', subset: 'test' }, limit: 3, repetitions: 1, seed: 4, concurrency: 3, preflight: false,
    players: { guesser: { provider: 'openai', model: 'mock-guesser', baseUrl: url, maxAttempts: 1 }, judge: { provider: 'openai', model: 'mock-judge', baseUrl: url, maxAttempts: 1 } },
  });
  store.close();
  // Both processes wait on this lock at their open, and are let go together: their claims meet.
  const holder = new Database(db);
  holder.pragma('locking_mode = EXCLUSIVE');
  holder.exec('BEGIN EXCLUSIVE');
  const pids: number[] = [];
  const results = Promise.all([0, 1].map(() => parlor(db, ['run', '--resume', '1'], (pid) => pids.push(pid))));
  try {
    await waitFor(() => pids.length === 2 && haveOpened(pids, db), 30_000);
  } finally {
    holder.exec('ROLLBACK');
    holder.close();
  }
  return { db, results: await results };
}

describe('two resumes of one run at once', () => {
  it(`exactly one plays it, the other writes nothing, the run ends done (${TRIALS} trials)`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const { db, results } = await race();
      const played = results.filter((r) => /run 1: 3 of 3 episodes to play/.test(r.stderr));
      expect(played.length, results.map((r) => r.stderr).join('\n---\n')).toBe(1);
      expect(played[0]!.code).toBe(0);
      const other = results.find((r) => r !== played[0])!;
      // Refused while the winner plays; had the winner already finished, it finds nothing to play.
      if (other.code === 2) {
        expect(other.stderr).toMatch(/^(database: .*\n)?parlor: Run 1 is being played by process \d+ on \S+; wait for it or stop it\.\n$/);
      } else {
        expect(other.stderr).toMatch(/run 1 is already done/);
        expect(other.code).toBe(0);
      }
      expect(other.stderr).not.toMatch(/\bat .*\.(ts|js|mjs):\d+|UNIQUE/);
      const raw = new Database(db, { readonly: true });
      try {
        expect(raw.prepare(`SELECT status FROM runs WHERE id = 1`).pluck().get()).toBe('done');
        expect(raw.prepare(`SELECT COUNT(*) FROM episodes WHERE status = 'done'`).pluck().get()).toBe(3);
        // Every call and event once: each episode's calls are one per round and seat, its events numbered without gaps.
        expect(raw.prepare(`SELECT episode_id, round, role, attempt FROM model_calls WHERE episode_id IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING COUNT(*) > 1`).all()).toEqual([]);
        expect(raw.prepare(`SELECT episode_id FROM events GROUP BY episode_id HAVING COUNT(*) != MAX(idx)`).all()).toEqual([]);
        expect(raw.prepare(`SELECT COUNT(*) FROM model_calls WHERE run_id = 1`).pluck().get()).toBe(raw.prepare(`SELECT COUNT(*) FROM events WHERE call_id IS NOT NULL`).pluck().get());
      } finally {
        raw.close();
      }
    }
  }, 240_000);
});
