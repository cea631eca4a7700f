/**
 * Files a user names (issue 27, item 10): every door reads them through one bounded reader, which
 * refuses a device (/dev/zero grew the process to 9 GB), a named pipe (it hung the CLI and froze
 * browser mode), a folder and a file over its kind's limit, in one line naming the file and why, and
 * never hangs. Named pipes get a writer in these tests, so code that does open them finishes (and
 * fails the test) instead of hanging it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { DATASET_FILE, readUserFile } from '../../electron/engine/core/user-file';
import { findImages } from '../../electron/engine/capabilities/images/resolve';
import { Store } from '../../electron/engine/store/store';
import { BIN, type CliResult } from '../support/cli';
import { storeSnapshot } from '../support/store-snapshot';
import { tempDir } from '../support/tmp';

const MiB = 1024 * 1024;
const FIXTURES = join(import.meta.dirname, '../fixtures/clembench-runs');
const CLI_TIMEOUT = 120_000;
const EDA_PLAYERS = ['--guesser', 'builtin:reference', '--judge', 'builtin:reference', '--no-preflight', '--dry-run'];

/** Children started here (writers blocked on a pipe nobody reads), ended after each test. */
const children: ChildProcess[] = [];
afterEach(() => {
  while (children.length) children.pop()!.kill('SIGKILL');
});

/** `parlor`, killed if it has not answered within `ms` (generous: a start takes seconds on busy cores): a hang fails the test instead of stalling the suite. */
function parlorWithin(db: string, args: string[], ms = 90_000): Promise<CliResult & { timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--db', db, ...args], { env: { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' } });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, ms);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/** A named pipe with a writer waiting on it: code that opens the pipe reads `content` and goes on. */
function fifo(content = 'Apple\nPear\n', name = 'pipe.txt'): string {
  const path = join(tempDir(), name);
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr.toString()}`);
  children.push(spawn('sh', ['-c', 'printf "%s" "$1" > "$2"', 'writer', content, path], { stdio: 'ignore' }));
  return path;
}

/** A sparse file of `bytes` (no disk used), with `head` at the start. */
function sized(bytes: number, head = '', name = 'big.txt'): string {
  const path = join(tempDir(), name);
  writeFileSync(path, head);
  truncateSync(path, bytes);
  return path;
}

function expectOneLine(result: CliResult & { timedOut: boolean }, message: RegExp): void {
  expect(result.timedOut, 'parlor hung').toBe(false);
  expect(result.stderr).toMatch(message);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.code).toBe(2);
}

describe('the CLI refuses what is not a regular file within its limit, in one line', () => {
  let db: string;
  beforeEach(() => {
    db = join(tempDir(), 'parlor.db');
  });

  it('--config /dev/zero', async () => {
    expectOneLine(await parlorWithin(db, ['run', '--config', '/dev/zero', ...EDA_PLAYERS]), /^parlor: Cannot read config file \/dev\/zero: it is a character device, not a regular file\.$/m);
  }, CLI_TIMEOUT);

  it('--config on a named pipe, a folder, an over-limit file', async () => {
    expectOneLine(await parlorWithin(db, ['run', '--config', fifo('{}'), ...EDA_PLAYERS]), /config file .*pipe\.txt: it is a named pipe \(FIFO\), not a regular file\./);
    expectOneLine(await parlorWithin(db, ['run', '--config', tempDir(), ...EDA_PLAYERS]), /config file .*: it is a folder, not a regular file\./);
    expectOneLine(await parlorWithin(db, ['run', '--config', sized(5 * MiB, '{}'), ...EDA_PLAYERS]), /config file .*big\.txt: it is 5 MiB; Parlor reads run configs up to 4 MiB\./);
  }, 3 * CLI_TIMEOUT);

  it('--dataset-file on a named pipe and an over-limit file', async () => {
    expectOneLine(await parlorWithin(db, ['run', '--dataset-file', fifo(), '--kind', 'things', ...EDA_PLAYERS]), /entity list .*pipe\.txt: it is a named pipe \(FIFO\)/);
    expectOneLine(await parlorWithin(db, ['run', '--dataset-file', sized(17 * MiB, 'Apple\n'), '--kind', 'things', ...EDA_PLAYERS]), /entity list .*big\.txt: it is 17 MiB; Parlor reads dataset files up to 16 MiB\./);
  }, 2 * CLI_TIMEOUT);

  it('--dataset-file of a dataset audit and an image check', async () => {
    expectOneLine(await parlorWithin(db, ['datasets', 'audit', '--game', 'simulbench', '--dataset-file', '/dev/zero']), /Cannot read .*\/dev\/zero: it is a character device/);
    expectOneLine(await parlorWithin(db, ['images', 'check', '--game', 'matchit', '--dataset-file', fifo('{"experiments": []}', 'i.json')]), /instances .*i\.json: it is a named pipe \(FIFO\)/);
  }, 2 * CLI_TIMEOUT);

  it('an imported results tree with a named pipe for an interactions.json: that episode is listed, the others imported', async () => {
    const root = tempDir();
    const pair = 'Qwen2.5-7B-Instruct-t0.0--Qwen2.5-7B-Instruct-t0.0';
    cpSync(join(FIXTURES, 'v2.0', pair), join(root, pair), { recursive: true });
    const episode = join(root, pair, 'textmapworld_specificroom', '1_close', 'episode_9');
    mkdirSync(episode);
    spawnSync('mkfifo', [join(episode, 'interactions.json')]);
    children.push(spawn('sh', ['-c', 'printf "{}" > "$1"', 'writer', join(episode, 'interactions.json')], { stdio: 'ignore' }));
    const result = await parlorWithin(db, ['import', 'clembench', root]);
    expect(result.timedOut, 'parlor hung').toBe(false);
    expect(result.stdout).toMatch(/2 episodes replayed/);
    expect(result.stdout).toMatch(/episode_9: Cannot read interactions\.json: it is a named pipe \(FIFO\), not a regular file\./);
  }, CLI_TIMEOUT);
});

describe('the API refuses them too, at once, and stores nothing', () => {
  let path: string;
  let store: Store;
  let service: ApiService;
  beforeEach(() => {
    path = join(tempDir(), 'parlor.db');
    store = Store.open(path);
    service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
  });
  afterEach(async () => {
    await service.close();
    store.close();
  });

  const config = (game: string, file: string) => ({
    game,
    dataset: { name: 'mine', file, ...(game === 'eda' ? { kind: 'things' } : {}) },
    players: game === 'eda' ? { guesser: { provider: 'builtin', model: 'reference' }, judge: { provider: 'builtin', model: 'reference' } } : { simulator: { provider: 'builtin', model: 'reference' }, judge: { provider: 'builtin', model: 'reference' } },
  });

  // /dev/null stands for every device here: old code read it as an empty file instead of refusing it.
  it.each([
    ['a character device', 'eda', () => '/dev/null', /entity list \/dev\/null: it is a character device, not a regular file\./],
    ['a named pipe', 'eda', () => fifo(), /entity list .*pipe\.txt: it is a named pipe \(FIFO\), not a regular file\./],
    ['a folder', 'simulbench', () => tempDir(), /: it is a folder, not a regular file\./],
    ['a file over the limit', 'simulbench', () => sized(16 * MiB + 1, '', 's.jsonl'), /s\.jsonl: it is 16 MiB; Parlor reads dataset files up to 16 MiB\./],
  ])('runs.estimate and runs.start with %s as dataset.file', async (_what, game, file, message) => {
    const before = storeSnapshot(path);
    const input = config(game, file());
    for (const method of ['runs.estimate', 'runs.start'] as const) {
      const reply = await service.registry.dispatch(method, { config: input });
      expect(reply.ok).toBe(false);
      if (!reply.ok) {
        expect(reply.error.code).toBe('bad_request');
        expect(reply.error.message).toMatch(message);
        expect(reply.error.message).not.toContain('\n');
      }
    }
    expect(storeSnapshot(path)).toEqual(before);
  });
});

describe('the bounded reader', () => {
  it('never yields more than its limit, even from a file that is longer than its size said', () => {
    // Files under /proc say they are empty and are not: the read, not the stat, must enforce the limit.
    const small = { noun: 'test files', maxBytes: 64 };
    expect(() => readUserFile('/proc/self/maps', 'maps', small)).toThrow(/^Cannot read maps: it grew past 64 bytes while it was read; Parlor reads test files up to 64 bytes\.$/);
    expect(readUserFile('/proc/self/cmdline', 'cmdline', DATASET_FILE).length).toBeGreaterThan(0);
  });

  it('images in a folder: a link to a named pipe or an over-limit file is one line of where Parlor looked', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'photos'));
    symlinkSync(fifo('not an image', 'pipe.png'), join(root, 'photos', 'piped.png'));
    symlinkSync(sized(51 * MiB, '', 'huge.png'), join(root, 'photos', 'enormous.png'));
    const store = Store.open(join(tempDir(), 'parlor.db'));
    try {
      const search = await findImages(store, ['photos/piped.png', 'photos/enormous.png'], { folders: [root], download: false });
      const looked = Object.fromEntries(search.missing.map((m) => [m.name, m.looked.join(' | ')]));
      expect(looked['photos/piped.png']).toMatch(/piped\.png: it is a named pipe \(FIFO\), not a regular file\./);
      expect(looked['photos/enormous.png']).toMatch(/enormous\.png: it is 51 MiB; Parlor reads images up to 50 MiB\./);
    } finally {
      store.close();
    }
  });
});
