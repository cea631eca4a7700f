/**
 * Commands that fail say so in one line and leave no trace; commands with nothing to do change nothing.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor, type CliResult } from '../support/cli';
import { tempDir } from '../support/tmp';

let mock: MockProvider;
let shared: string;
let db: string;
beforeAll(async () => {
  mock = await startMockProvider();
  // One played run for every test here (tempDir's folders go after each test).
  shared = mkdtempSync(join(tmpdir(), 'parlor-side-effects-'));
  db = join(shared, 'parlor.db');
  const played = await parlor(db, ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--limit', '2', '-r', '1', '--seed', '2']);
  expect(played.code, played.stderr).toBe(0);
}, 60_000);
afterAll(async () => {
  rmSync(shared, { recursive: true, force: true });
  await mock.close();
});

function folderHash(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((name) => [name, createHash('sha256').update(readFileSync(join(dir, name))).digest('hex')]));
}

function expectOneLine(result: CliResult, message: RegExp) {
  expect(result.stderr).toMatch(/^parlor: [^\n]+\n$/);
  expect(result.stderr.trimEnd()).toMatch(message);
  expect(result.stderr).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
  expect(result.code).toBe(2);
}

describe('one line, not a stack trace', () => {
  it.each([['tag'], ['untag']])('`runs %s` of a run that does not exist', async (action) => {
    expectOneLine(await parlor(db, ['runs', action, '999', 'x']), /^parlor: No run with id 999 in this database\.$/);
  });

  it.each([
    ['export 1 -o /dev/full', ['export', '1', '-o', '/dev/full']],
    ['show 1 --bundle /dev/full', ['show', '1', '--bundle', '/dev/full']],
    ['tags 1 --format csv -o /dev/full', ['tags', '1', '--format', 'csv', '-o', '/dev/full']],
    ['export training -o /dev/full', ['export', 'training', '--runs', '1', '--games', 'all', '--allow-test', '-o', '/dev/full']],
  ])('%s: the disk is full', async (_what, args) => {
    expectOneLine(await parlor(db, args), /^parlor: Cannot write \/dev\/full: the disk is full; free some space and run the command again\.$/);
  });

  it('a bundle into a folder that does not exist leaves nothing behind', async () => {
    const dir = tempDir();
    expectOneLine(await parlor(db, ['show', '1', '--bundle', join(dir, 'nope', 'e.zip')]), /Cannot write .*e\.zip: its folder does not exist \(nothing was written there\)\.$/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('nothing written when nothing is done', () => {
  it('a run refused at preflight writes no model config and no call', async () => {
    const dir = tempDir();
    const fresh = join(dir, 'p.db');
    expect((await parlor(fresh, ['prices', 'set', 'openai:gpt-4o', '2.5', '10'])).code).toBe(0);
    const before = folderHash(dir);
    const refused = await parlor(fresh, ['run', '--guesser', 'no-such-model', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--limit', '1', '-r', '1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/The run was not started: a model is not usable\.\n\s+- guesser: .*no-such-model/);
    expect(folderHash(dir)).toEqual(before);
  }, 60_000);

  it('`--resume` of a done run plays nothing and keeps its finish time', async () => {
    const finished = () => {
      const raw = new Database(db, { readonly: true });
      try {
        return raw.prepare(`SELECT status, finished_at, heartbeat_at, pid FROM runs WHERE id = 1`).get();
      } finally {
        raw.close();
      }
    };
    const before = finished();
    const calls = mock.requests.length;
    const again = await parlor(db, ['run', '--resume', '1']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/run 1 is already done \(2 of 2 episodes, 0 errors\): nothing to play, nothing changed/);
    expect(finished()).toEqual(before);
    expect(mock.requests.length).toBe(calls);
    expect(existsSync(db)).toBe(true);
  }, 60_000);
});
