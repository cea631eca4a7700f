/** Claiming a run: one atomic conditional UPDATE under the write lock, so two processes never both play it. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { executeRun } from '../../electron/engine/runner/execute';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { Store } from '../../electron/engine/store/store';
import { playScripted } from '../support/scripted-run';
import { seedRun } from '../support/seed';
import { tempDir } from '../support/tmp';

function twoConnections(): [Store, Store] {
  const path = join(tempDir(), 'p.db');
  const a = Store.open(path);
  return [a, Store.open(path)];
}

describe('Runs.claim', () => {
  it('of two connections claiming one run, exactly one wins; the other is told who plays it and writes nothing', () => {
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
