/** The `parlor` command as a user runs it: a separate process, a real database file, the mock provider. */
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempDir } from '../support/tmp';
import { BIN, parlor, waitFor } from '../support/cli';

let mock: MockProvider;
let slow: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
  slow = await startMockProvider({ latencyMs: 15 });
});
afterAll(async () => {
  await mock.close();
  await slow.close();
});

const mockRun = (url: string) => ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', url];

describe('parlor CLI', () => {
  it('plays 100 Things-test entities × 5 repetitions, reports Table 1 and exports one CSV row per episode', async () => {
    const db = join(tempDir(), 'p.db');
    const run = await parlor(db, [...mockRun(mock.openaiBaseUrl), '--limit', '100', '-r', '5', '--concurrency', '32', '--seed', '3']);
    expect(run.stderr).toContain('run 1 done: 500 done, 0 errors, 500 episodes');
    expect(run.code).toBe(0);

    const report = await parlor(db, ['report', '1']);
    expect(report.code).toBe(0);
    expect(report.stdout).toMatch(/#Turns ↓\s+Success ↑\s+#Yes\s+Score ↑/);
    expect(report.stdout).toMatch(/openai:mock-guesser\s+\d+\.\d ± \d+\.\d\s+\d\.\d\d ± \d\.\d\d/);

    const json = JSON.parse((await parlor(db, ['report', '1', '--json'])).stdout);
    expect(json).toMatchObject({ done: 500, errors: 0, episodes: 500 });
    expect(json.repetitions).toHaveLength(5);

    const out = join(tempDir(), 'episodes.csv');
    expect((await parlor(db, ['export', '1', '--format', 'csv', '--out', out])).code).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(501);
    expect(lines[0]).toBe('run_id,episode_id,game,dataset,split,entity,repetition,guesser,judge,status,outcome,turns,success,yes,score,error_kind,error,final_question');
    const jsonl = (await parlor(db, ['export', '1', '--format', 'jsonl'])).stdout.trimEnd().split('\n');
    expect(jsonl).toHaveLength(500);

    // Every request and response is in the database.
    const raw = new Database(db, { readonly: true });
    const calls = raw.prepare(`SELECT COUNT(*) AS n, SUM(response IS NULL) AS missing FROM model_calls WHERE run_id = 1`).get() as { n: number; missing: number };
    // One call behind every reply of a seat (the rules' Bingo is the game master's, without a call).
    const replies = raw.prepare(`SELECT COUNT(*) FROM events WHERE from_seat IS NOT NULL`).pluck().get() as number;
    expect(calls.missing).toBe(0);
    expect(calls.n).toBe(replies);
    expect(raw.prepare(`SELECT COUNT(*) FROM events WHERE from_seat IS NOT NULL AND call_id IS NULL`).pluck().get()).toBe(0);
    raw.close();

    const show = await parlor(db, ['show', '1']);
    expect(show.stdout).toMatch(/^Episode 1 · run 1 · things\/test · repetition 1\nEntity: Oar/);
    expect(JSON.parse((await parlor(db, ['show', '1', '--json'])).stdout).calls.length).toBeGreaterThan(0);
    expect((await parlor(db, ['runs'])).stdout).toMatch(/1\s+done\s+eda\s+things\/test\s+openai:mock-guesser · judge openai:mock-judge\s+500\/500/);
  }, 120_000);

  it('takes a JSON config file, with flags overriding it', async () => {
    const dir = tempDir();
    const config = join(dir, 'run.json');
    writeFileSync(config, JSON.stringify({
      dataset: { name: 'celebrities', split: 'dev' },
      players: { guesser: { provider: 'openai', model: 'mock-guesser', baseUrl: mock.openaiBaseUrl }, judge: { provider: 'openai', model: 'mock-judge', baseUrl: mock.openaiBaseUrl } },
      repetitions: 3,
      limit: 10,
      settings: { maxTurns: 10 },
    }));
    const db = join(dir, 'p.db');
    const run = await parlor(db, ['run', '--config', config, '--repetitions', '1']);
    expect(run.code).toBe(0);
    const json = JSON.parse((await parlor(db, ['report', '1', '--json'])).stdout);
    expect(json.run).toMatchObject({ game: 'eda', dataset: 'celebrities', subset: 'dev' });
    expect(json.episodes).toBe(10);
    expect(json.metrics.turns.mean).toBeLessThanOrEqual(10);
  });

  it.each([
    ['a missing key', ['run', '--guesser', 'gpt-4o', '--judge', 'gpt-4o'], /OPENAI_API_KEY is not set/],
    ['an unknown model', ['run', '--guesser', 'mock-guesser', '--judge', 'gpt-4-nope', '--base-url', 'MOCK'], /judge: .*gpt-4-nope.*does not exist/],
    ['an unknown provider', ['run', '--guesser', 'cohere:command', '--judge', 'mock-judge'], /Unknown provider "cohere"/],
    ['a bad number', ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--repetitions', 'five'], /repetitions: .*number/i],
    ['a missing run', ['report', '42'], /No run with id 42/],
    ['a bad id', ['show', 'abc'], /Episode id must be a positive whole number/],
    ['an unknown game', ['run', '--game', 'chess', '--guesser', 'mock-guesser'], /Unknown game "chess"/],
    ['a missing role', ['run', '--guesser', 'mock-guesser'], /Say which model plays the judge of EDA: --seat judge=provider:model/],
    ['a bad setting', ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--set', 'maxTurns=1', '--no-preflight'], /EDA settings:\n\s+- maxTurns: .*>=2/],
    ['a custom list without its kind', ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--dataset-file', 'datasets/eda/celebrities/dev.txt', '--no-preflight'], /Say which prompts fit .*dev\.txt: set dataset\.kind \(--kind\)/],
  ])('explains %s and exits 2', async (_what, args, message) => {
    const db = join(tempDir(), 'p.db');
    Store.open(db).close();
    const result = await parlor(db, args.map((a) => (a === 'MOCK' ? mock.openaiBaseUrl : a)));
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(2);
  });

  it('a killed run shows as interrupted with every finished turn intact', async () => {
    const db = join(tempDir(), 'p.db');
    const child = spawn(process.execPath, [BIN, '--db', db, ...mockRun(slow.openaiBaseUrl), '--limit', '40', '-r', '2', '--concurrency', '8'], {
      stdio: 'ignore',
      env: { ...process.env },
    });
    // Opened once Parlor has made the file: an empty file at the path would be refused as not a database.
    await waitFor(() => existsSync(db) || child.exitCode !== null);
    const raw = new Database(db, { readonly: false, fileMustExist: true });
    try {
      // Wait until some episodes are finished and others are mid-game.
      for (let i = 0; i < 400; i++) {
        await new Promise((r) => setTimeout(r, 50));
        try {
          const done = raw.prepare(`SELECT COUNT(*) FROM episodes WHERE status = 'done'`).pluck().get() as number;
          const midGame = raw
            .prepare(`SELECT COUNT(*) FROM episodes e WHERE status = 'running' AND EXISTS (SELECT 1 FROM events v WHERE v.episode_id = e.id)`)
            .pluck()
            .get() as number;
          if (done > 2 && midGame > 0) break;
        } catch {
          /* schema not created yet */
        }
      }
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));

      const listed = JSON.parse((await parlor(db, ['runs', '--json'])).stdout) as { id: number; status: string; done: number; episodes: number }[];
      expect(listed[0]).toMatchObject({ id: 1, status: 'interrupted' });
      expect(listed[0]!.done).toBeLessThan(listed[0]!.episodes);

      // Events are contiguous per episode and each reply points at the stored call that produced it.
      const gaps = raw
        .prepare(`SELECT episode_id, COUNT(*) AS n, MAX(idx) AS last FROM events GROUP BY episode_id HAVING n != last`)
        .all();
      expect(gaps).toEqual([]);
      const orphans = raw
        .prepare(`SELECT COUNT(*) FROM events v LEFT JOIN model_calls c ON c.id = v.call_id WHERE v.from_seat IS NOT NULL AND c.status IS NOT 'ok'`)
        .pluck()
        .get();
      expect(orphans).toBe(0);
      const unfinished = raw.prepare(`SELECT COUNT(*) FROM episodes WHERE status = 'pending' AND id IN (SELECT episode_id FROM events)`).pluck().get() as number;
      expect(unfinished).toBeGreaterThan(0); // half-played episodes kept their events, ready to resume
      const report = await parlor(db, ['report', '1']);
      expect(report.stdout).toMatch(/interrupted/);
      expect(report.stdout).toMatch(/unfinished excluded/);
    } finally {
      raw.close();
      child.kill('SIGKILL');
    }
  }, 60_000);
});
