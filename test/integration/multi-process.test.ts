/**
 * One database file, many processes: two `parlor run`s and `parlor serve` at once, and several
 * processes migrating the same old file at the same moment. Nothing waits forever, nothing fails busy.
 */
import Database from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { startServe } from '../support/browser';
import { parlor, waitFor } from '../support/cli';
import { tempDir } from '../support/tmp';
import { LATEST_SCHEMA_VERSION } from '../../electron/engine/store/migrations';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ latencyMs: 3 });
});
afterAll(() => mock.close());

const run = (seed: number) => ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--limit', '30', '-r', '3', '--concurrency', '16', '--seed', String(seed), '--no-preflight'];

interface Polled {
  method: string;
  status: number;
  ok: boolean;
  message?: string;
}

describe('one file, many processes', () => {
  it('two runs and `parlor serve` on one new file all finish, and the API answers throughout', async () => {
    const db = join(tempDir(), 'parlor.db');
    // Both runs create and migrate the file at the same moment.
    const runs = [parlor(db, run(1)), parlor(db, run(2))];
    await waitFor(() => existsSync(db), 20_000);
    const serve = await startServe(db);
    const url = new URL(serve.openUrl);
    const token = url.searchParams.get('token')!;
    const polled: Polled[] = [];
    let running = true;
    const poll = (async () => {
      while (running) {
        for (const method of ['runs.list', 'explore.leaderboard', 'explore.options']) {
          const body = method === 'explore.leaderboard' ? { filters: { game: 'eda', dataset: 'things' } } : {};
          const res = await fetch(new URL(`/api/${method}`, url), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
          const reply = (await res.json()) as { ok: boolean; error?: { message: string } };
          polled.push({ method, status: res.status, ok: reply.ok, message: reply.error?.message });
        }
        await new Promise((r) => setTimeout(r, 30));
      }
    })();
    try {
      const results = await Promise.all(runs);
      running = false;
      await poll;
      for (const result of results) {
        expect(result.stderr).not.toMatch(/BUSY|locked/i);
        expect(result.code, result.stderr).toBe(0);
        expect(result.stderr).toMatch(/run \d done: 90 done, 0 errors, 90 episodes/);
      }
      expect(polled.filter((p) => !p.ok)).toEqual([]);
      expect(polled.length).toBeGreaterThan(9);
      const listed = await fetch(new URL('/api/runs.list', url), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
      const rows = ((await listed.json()) as { result: { id: number; status: string; done: number }[] }).result;
      expect(rows.map((r) => [r.id, r.status, r.done]).sort()).toEqual([[1, 'done', 90], [2, 'done', 90]]);
    } finally {
      running = false;
      await serve.stop();
    }
    expect(serve.output()).not.toMatch(/BUSY|locked|Error:/);
  }, 120_000);

  it('three processes opening a version-5 file at once migrate it once, and all print the numbers version 5 printed', async () => {
    const dir = tempDir();
    const legacy = gunzipSync(readFileSync(new URL('../fixtures/legacy-v5/parlor-v5.db.gz', import.meta.url)));
    const [db, alone] = [join(dir, 'parlor.db'), join(dir, 'alone.db')];
    writeFileSync(db, legacy);
    writeFileSync(alone, legacy);
    const expected = readFileSync(new URL('../fixtures/legacy-v5/expected/run-1-report.txt', import.meta.url), 'utf8');
    const results = await Promise.all([1, 2, 3].map(() => parlor(db, ['report', '1'])));
    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(expected);
    }
    // Exactly one of them did the upgrade, and said so.
    expect(results.map((r) => r.stderr).filter(Boolean)).toEqual([`parlor: upgrading ${db} from schema version 5 to ${LATEST_SCHEMA_VERSION}, once (a large file takes a few minutes)…\n`]);
    // The same rows as one process migrating alone: nothing was migrated twice.
    expect((await parlor(alone, ['report', '1'])).stdout).toBe(expected);
    const counts = (path: string) => {
      const raw = new Database(path, { readonly: true });
      try {
        return {
          version: raw.pragma('user_version', { simple: true }),
          ...Object.fromEntries(['runs', 'episodes', 'events', 'scores', 'episode_seats', 'model_calls', 'annotations'].map((t) => [t, raw.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get()])),
        };
      } finally {
        raw.close();
      }
    };
    expect(counts(db)).toEqual(counts(alone));
    expect(counts(db)).toMatchObject({ version: LATEST_SCHEMA_VERSION, runs: 11 });
  }, 60_000);
});
