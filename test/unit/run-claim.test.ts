/**
 * Claiming a run: one conditional UPDATE under the write lock, so two processes never both play it.
 * Two claims made one after the other show what the loser is told; the race itself (both reading the
 * run before either writes) is ruled out by the lock, which the last test checks is held from the read on.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { executeRun } from '../../electron/engine/runner/execute';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { Store } from '../../electron/engine/store/store';
import { playScripted } from '../support/scripted-run';
import { seedRun } from '../support/seed';
import { tempDir } from '../support/tmp';

function twoConnections(): [Store, Store, string] {
  const path = join(tempDir(), 'p.db');
  const a = Store.open(path);
  return [a, Store.open(path), path];
}

describe('Runs.claim', () => {
  it('of two connections claiming one run in turn, the first wins; the second is told who plays it and writes nothing', () => {
    const [a, b] = twoConnections();
    try {
      const { runId } = seedRun(a);
      const alive = () => true;
      const first = a.runs.claim(runId, alive, 1111);
      const second = b.runs.claim(runId, alive, 2222);
      expect(first).toMatchObject({ claimed: true, previous: { status: 'created', pid: null } });
      expect(second).toMatchObject({ claimed: false, owner: { pid: 1111, status: 'running' } });
      const row = b.runs.get(runId);
      expect([row.status, row.pid]).toEqual(['running', 1111]);
    } finally {
      a.close();
      b.close();
    }
  });

  it('takes over a run whose owner is dead, and gives a claim back as it was when nothing is played', () => {
    const [a, b] = twoConnections();
    try {
      const { runId } = seedRun(a);
      expect(a.runs.claim(runId, () => true, 1111).claimed).toBe(true);
      const taken = b.runs.claim(runId, () => false, 2222);
      expect(taken).toMatchObject({ claimed: true, previous: { status: 'running', pid: 1111 } });
      expect(a.runs.get(runId).pid).toBe(2222);
      b.runs.finish(runId, 'interrupted', 'stopped');
      const before = b.runs.get(runId);
      const again = a.runs.claim(runId, () => true, 3333);
      if (!again.claimed) throw new Error('not claimed');
      a.runs.release(runId, again.previous, 3333);
      const after = b.runs.get(runId);
      expect([after.status, after.error, after.finishedAt, after.pid]).toEqual([before.status, before.error, before.finishedAt, before.pid]);
    } finally {
      a.close();
      b.close();
    }
  });

  it('decides under the write lock: while a claim reads the run and asks whether its owner lives, no other connection can write it', () => {
    const [a, b, path] = twoConnections();
    // Another process, as raw as it gets: no busy wait, so a held lock is an immediate SQLITE_BUSY.
    const other = new Database(path, { timeout: 0 });
    try {
      const { runId } = seedRun(a);
      expect(a.runs.claim(runId, () => true, 1111).claimed).toBe(true);
      // The owner is dead: b takes the run over, and in the middle of its decision another process tries
      // to take it too. Were the lock taken only at the UPDATE, that write would go through here.
      const attempts: string[] = [];
      const taken = b.runs.claim(runId, () => {
        try {
          other.prepare(`UPDATE runs SET pid = 3333 WHERE id = ?`).run(runId);
          attempts.push('written');
        } catch (error) {
          attempts.push((error as { code?: string }).code ?? String(error));
        }
        return false;
      }, 2222);
      expect(attempts).toEqual(['SQLITE_BUSY']);
      expect(taken).toMatchObject({ claimed: true, previous: { status: 'running', pid: 1111 } });
      expect(a.runs.get(runId).pid).toBe(2222);
    } finally {
      other.close();
      a.close();
      b.close();
    }
  });
});

describe('resuming a done run', () => {
  it('plays nothing and leaves the run as it was, its finish time included', async () => {
    const path = join(tempDir(), 'p.db');
    const store = Store.open(path);
    try {
      const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 1, repetitions: 1 }, {
        guesser: ScriptedModel.fromLines('g', ['Is it an oar?']),
        judge: new ScriptedModel('j', () => 'Yes.'),
      });
      const before = store.runs.get(runId);
      expect(before.status).toBe('done');
      const result = await executeRun(store, runId, { createModel: () => new ScriptedModel('x', () => 'never called') });
      expect(result).toMatchObject({ status: 'done', alreadyDone: true, done: 1, total: 1 });
      expect(store.runs.get(runId)).toEqual(before);
    } finally {
      store.close();
    }
  });
});
