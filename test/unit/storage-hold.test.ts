/**
 * Who hears of a group commit the file refused (here a full disk, as SQLite's page cap makes one). Work
 * that holds the store (a run, a person's move, the tagger) hears it at every flush until the last
 * holder lets go; then the store takes writes again and tells whoever waits. With no holder it is
 * raised once, to whoever flushes next, and the store goes on. A lost group is lost whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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
const full = expect.objectContaining({ code: 'SQLITE_FULL' });
const turn = () => new Promise((resolve) => setImmediate(resolve));

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** A store on a 200-page file (not test/support/tmp: it would load the store before the cap is set), one episode with event 1 committed. */
function fullStore() {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-hold-'));
  const store = Store.open(join(dir, 'p.db'));
  cleanups.push(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const episodeId = seedRun(store).episodeIds[0]!;
  store.events.append(episodeId, event(1));
  store.flush();
  // Far more than the 200-page file can hold, in one group.
  const overflow = () => {
    for (let idx = 2; idx <= 400; idx++) store.events.append(episodeId, event(idx));
  };
  const idxs = () => store.events.list(episodeId).map((e) => e.idx);
  return { store, episodeId, overflow, idxs };
}

describe('a group lost while nothing holds the store (the failure tagger between jobs, a preflight)', () => {
  it('is raised once to the flush that commits it, and the next write persists', () => {
    const { store, episodeId, overflow, idxs } = fullStore();
    overflow();
    expect(() => store.flush()).toThrow(full);
    store.events.append(episodeId, event(2)); // fits, now that the lost group is rolled back
    expect(() => store.flush()).not.toThrow();
    expect(idxs()).toEqual([1, 2]);
  });

  it('lost at the end of a turn, is raised once by the next read, and the writes queued since persist', async () => {
    const { store, episodeId, overflow, idxs } = fullStore();
    overflow();
    await turn(); // the group commit nobody called
    store.events.append(episodeId, event(2));
    expect(() => idxs()).toThrow(full);
    expect(idxs()).toEqual([1, 2]);
  });
});

describe('a group lost while work holds the store', () => {
  it('drops later appends and reaches every flush until the last holder lets go, which recovers and tells who waits', async () => {
    const { store, episodeId, overflow, idxs } = fullStore();
    const first = store.hold();
    const second = store.hold();
    overflow();
    await turn();
    const told: string[] = [];
    store.whenRecovered(() => told.push('first run'));
    store.events.append(episodeId, event(2)); // would fit, but would follow a lost group
    expect(() => store.flush()).toThrow(full);
    expect(() => idxs()).toThrow(full);

    first();
    first(); // idempotent: the second holder still holds
    expect(() => idxs()).toThrow(full);
    expect(told).toEqual([]);
    store.whenRecovered(() => told.push('second run'));

    second();
    expect(told).toEqual(['first run', 'second run']);
    expect(idxs()).toEqual([1]);
    store.events.append(episodeId, event(2));
    store.flush();
    expect(idxs()).toEqual([1, 2]);
  });

  it('is lost whole: after recover() by hand only what was committed before it is there', () => {
    const { store, episodeId, overflow, idxs } = fullStore();
    store.hold(); // as a run does while it plays
    overflow();
    expect(() => store.flush()).toThrow(full);
    store.events.append(episodeId, event(2)); // would fit, but would follow a lost group
    expect(() => store.flush()).toThrow(full);
    store.recover();
    expect(idxs()).toEqual([1]);
  });

  it('asks nobody to wait when no failure is held: whenRecovered runs at once, and a release without a failure changes nothing', () => {
    const { store, episodeId, idxs } = fullStore();
    const release = store.hold();
    let told = 0;
    store.whenRecovered(() => told++);
    expect(told).toBe(1);
    store.events.append(episodeId, event(2));
    release();
    expect(idxs()).toEqual([1, 2]);
  });
});
