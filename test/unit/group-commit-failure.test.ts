/**
 * A group commit the file refuses (here a full disk, as SQLite's page cap makes one) is lost whole, and
 * while work holds the store (a run) every append after it is dropped until the store recovers: a later
 * turn of an episode is never committed after an earlier one was lost. (Who hears of it, and when the
 * store recovers by itself: storage-hold.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../electron/engine/core/events';
import type { Store as StoreType } from '../../electron/engine/store/store';
import { seedRun } from '../support/seed';

let Store: typeof StoreType;
beforeAll(async () => {
  // Read when the store's module loads: this file's modules are its own.
  process.env.PARLOR_TEST_MAX_PAGES = '200';
  ({ Store } = await import('../../electron/engine/store/store'));
  delete process.env.PARLOR_TEST_MAX_PAGES;
});

const event = (idx: number): EventRecord => ({
  idx, round: idx, from: 'guesser', to: 'judge', kind: 'response', text: 'x'.repeat(3000), parts: null, action: null, valid: true, flags: [],
  callId: null, latencyMs: 1, inputTokens: 1, outputTokens: 1,
});

describe('a group commit on a full disk', () => {
  it('is lost whole, later appends are dropped, every read says so until recover()', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parlor-full-')); // not test/support/tmp: it would load the store before the cap is set
    const store = Store.open(join(dir, 'p.db'));
    store.hold(); // as a run does while it plays
    try {
      const { episodeIds } = seedRun(store);
      const episodeId = episodeIds[0]!;
      store.events.append(episodeId, event(1));
      store.flush();
      // Far more than the 200-page file can hold, in one group.
      for (let idx = 2; idx <= 400; idx++) store.events.append(episodeId, event(idx));
      expect(() => store.flush()).toThrow(expect.objectContaining({ code: 'SQLITE_FULL' }));
      store.events.append(episodeId, event(2)); // would fit, but would follow a lost group
      await new Promise((r) => setImmediate(r));
      expect(() => store.events.list(episodeId)).toThrow(expect.objectContaining({ code: 'SQLITE_FULL' }));
      store.recover();
      expect(store.events.list(episodeId).map((e) => e.idx)).toEqual([1]);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
