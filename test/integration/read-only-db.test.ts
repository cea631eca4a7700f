/**
 * A database that cannot be written here (a read-only file, or a file in a read-only folder) is still
 * read by every command that only reads, left byte for byte as it was, and a write is refused in one line.
 *
 * The tests run as root on CI, where permission bits stop nothing: there the CLI runs as the unprivileged
 * user `nobody` (uid 65534) against files owned by root, which is what a read-only file is to a user.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { Store } from '../../electron/engine/store/store';
import { BIN, waitFor, type CliResult } from '../support/cli';
import { playScripted } from '../support/scripted-run';
import { tempDir } from '../support/tmp';

const asRoot = process.getuid?.() === 0;
const NOBODY = 65534;

/** `parlor` as a user who may read the file but not write it (or its folder). */
function parlorReader(db: string, args: string[]): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--db', db, ...args], {
      env: { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' },
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `parlor serve` as that user: its API's runs.list and runs.get for run 1, then SIGTERM. */
async function serveViews(db: string): Promise<{ list: { id: number; status: string }[]; run: { summary: { id: number } } }> {
  const child = spawn(process.execPath, [BIN, '--db', db, 'serve', '--port', '0'], {
    env: { ...process.env, OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '' },
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(() => /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.test(out) || child.exitCode !== null, 60_000);
    const url = new URL(/(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)?.[1] ?? 'http://127.0.0.1:1/');
    const call = async (method: string, body: unknown) => {
      const res = await fetch(new URL(`/api/${method}`, url), { method: 'POST', headers: { Authorization: `Bearer ${url.searchParams.get('token')}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const reply = (await res.json()) as { ok: boolean; result: unknown; error?: { message: string } };
      if (!reply.ok) throw new Error(reply.error?.message);
      return reply.result;
    };
    return { list: (await call('runs.list', {})) as { id: number; status: string }[], run: (await call('runs.get', { runId: 1 })) as { summary: { id: number } } };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** A database with one played run and one whose process died (a writable open would mark it interrupted). */
async function database(dir: string): Promise<string> {
  const path = join(dir, 'parlor.db');
  const store = Store.open(path);
  const models = { guesser: ScriptedModel.fromLines('g', ['Is it an oar?']), judge: new ScriptedModel('j', () => 'Yes.') };
  await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 2, repetitions: 1, seed: 1 }, models);
  const dead = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 1, repetitions: 1, seed: 2 }, models);
  store.runs.markRunning(dead, 999_999_999);
  store.close();
  return path;
}

const hashes = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((n) => [n, createHash('sha256').update(readFileSync(join(dir, n))).digest('hex')]));

describe.each([
  ['a read-only file', 0o777, 0o444],
  ['a file in a read-only folder', 0o755, 0o644],
])('%s', (_what, folderMode, fileMode) => {
  it('is read by `runs`, `report`, `export` and the views of `serve`, refuses a write in one line, and is left as it was', async () => {
    const dir = tempDir();
    const db = await database(dir);
    const before = hashes(dir);
    chmodSync(db, fileMode);
    // Root's test folders are private (0700): the reader must reach the file to read it at all.
    chmodSync(dir, asRoot ? folderMode : folderMode & 0o555);
    try {
      const runs = await parlorReader(db, ['runs', '--json']);
      expect(runs.code, runs.stderr).toBe(0);
      expect((JSON.parse(runs.stdout) as { id: number; status: string }[]).map((r) => [r.id, r.status])).toEqual([[1, 'done'], [2, 'running']]);
      const report = await parlorReader(db, ['report', '1']);
      expect(report.code, report.stderr).toBe(0);
      expect(report.stdout).toMatch(/Run 1 · EDA things\/test/);
      const exported = await parlorReader(db, ['export', '1']);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout.trim().split('\n')).toHaveLength(3);
      const served = await serveViews(db);
      expect(served.list.map((r) => [r.id, r.status]).sort()).toEqual([[1, 'done'], [2, 'running']]);
      expect(served.run.summary.id).toBe(1);
      const write = await parlorReader(db, ['prices', 'set', 'openai:gpt-4o', '2.5', '10']);
      expect(write.code).toBe(2);
      expect(write.stderr).toMatch(/^parlor: The database \(.*parlor\.db\) cannot be written here \(the file or its folder is read-only\), and this command writes to it: make it writable, or use a command that only reads\.\n$/);
    } finally {
      chmodSync(dir, 0o755);
      chmodSync(db, 0o644);
    }
    // SQLite's -wal and -shm beside a read-only file are its own (a reader needs them); the database itself is unchanged.
    expect(hashes(dir)['parlor.db']).toBe(before['parlor.db']);
  }, 120_000);
});
