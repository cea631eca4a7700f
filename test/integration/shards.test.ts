/**
 * A run split into shards (`--shard i/n`): each shard stores and plays every n-th episode of the whole
 * run's draw, seeded and seated as in the whole run, under one run uid; together they are the run
 * played in one place. (Merging the shard files into one run: merge-shards.test.ts.)
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor } from '../support/cli';
import { mockEdaPlayers, runOutcomes } from '../support/eda';
import { tempDir, tempStore } from '../support/tmp';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

const config = () => ({ dataset: { name: 'things', subset: 'test' }, limit: 5, repetitions: 2, seed: 17, concurrency: 4, preflight: false, players: mockEdaPlayers(mock.openaiBaseUrl) });

/** What makes an episode this episode, whichever file holds it: its draw, seats and play. */
function episodes(store: Store, runId: number) {
  const played = runOutcomes(store, runId);
  return store.episodes.list(runId).map((e, k) => ({ ...played[k]!, seed: e.seed, seats: e.seats.map((s) => [s.seat, s.role, s.player, s.member, s.given ?? null]) }));
}
const byDraw = (a: { instance: string; rep: number }, b: { instance: string; rep: number }) => a.instance.localeCompare(b.instance) || a.rep - b.rep;

describe('a run played as 4 shards', () => {
  it('shares the episodes out once each, seeded and seated as the whole run, played as the whole run, under one run uid', async () => {
    const whole = tempStore();
    const { runId } = await prepareRun(whole, config());
    await executeRun(whole, runId);
    const expected = episodes(whole, runId).sort(byDraw);

    const shards = [];
    for (let index = 1; index <= 4; index++) {
      const store = tempStore();
      const { runId: shardRun } = await prepareRun(store, config(), { shard: { index, count: 4 } });
      expect(await executeRun(store, shardRun)).toMatchObject({ status: 'done', errors: 0 });
      shards.push({ store, runId: shardRun, episodes: episodes(store, shardRun) });
    }
    // 10 episodes dealt in turn: 3, 3, 2, 2.
    expect(shards.map((s) => s.episodes.length)).toEqual([3, 3, 2, 2]);
    expect(shards.flatMap((s) => s.episodes).sort(byDraw)).toEqual(expected);

    const uids = shards.map((s) => {
      const raw = new Database(s.store.path, { readonly: true });
      try {
        return {
          run: raw.prepare(`SELECT uid FROM runs WHERE id = ?`).pluck().get(s.runId) as string,
          episodes: raw.prepare(`SELECT uid FROM episodes WHERE run_id = ?`).pluck().all(s.runId) as string[],
        };
      } finally {
        raw.close();
      }
    });
    expect(new Set(uids.map((u) => u.run)).size).toBe(1);
    expect(new Set(uids.flatMap((u) => u.episodes)).size).toBe(10);
  });
});

describe('parlor run --shard at the door', () => {
  const run = (db: string, extra: string[]) =>
    parlor(db, ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--limit', '2', '-r', '1', '--no-preflight', ...extra]);

  it('refuses a shard without a shared seed, a shard out of range and text that is not i/n, in one line each', async () => {
    const db = join(tempDir(), 'p.db');
    const noSeed = await run(db, ['--shard', '1/2']);
    expect(noSeed.code).toBe(2);
    expect(noSeed.stderr.trim()).toBe('parlor: A sharded run needs a seed every shard shares: add --seed <n> (the same on every machine).');
    const outOfRange = await run(db, ['--shard', '3/2', '--seed', '4']);
    expect(outOfRange.stderr.trim()).toBe("parlor: --shard 3/2: the shard's number must be between 1 and 2.");
    const notShard = await run(db, ['--shard', 'half', '--seed', '4']);
    expect(notShard.stderr.trim()).toBe('parlor: --shard takes i/n, the shard\'s number and the number of shards, e.g. 3/8 (got "half").');
  }, 120_000);

  it('plays its share, and refuses a second shard of the same run into the same file, saying what to do', async () => {
    const db = join(tempDir(), 'p.db');
    const first = await run(db, ['--shard', '1/2', '--seed', '4']);
    expect(first.code).toBe(0);
    const runs = JSON.parse((await parlor(db, ['runs', '--json'])).stdout) as { id: number; status: string; episodes: number }[];
    expect(runs).toMatchObject([{ id: 1, status: 'done' }]);
    const second = await run(db, ['--shard', '2/2', '--seed', '4']);
    expect(second.code).toBe(2);
    expect(second.stderr.trim().split('\n')).toContain('shard 2/2: plays every 2nd episode from the 2nd; the estimate is the whole run\'s');
    expect(second.stderr.trim().split('\n').at(-1)).toBe('parlor: This database already holds this sharded run (run 1: a shard of it, or shards merged): give each shard its own database file, or continue run 1 with parlor run --resume 1.');
  }, 120_000);
});
