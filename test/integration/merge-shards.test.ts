/**
 * The test of a run across machines: one run played as 4 shards by 4 processes on 4 database
 * files, merged into a fifth, gives the exports and the report of the same run played by one process
 * (ids aside): the same episodes, events and metrics.
 */
import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor } from '../support/cli';
import { tempDir } from '../support/tmp';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

const play = (db: string, extra: string[] = []) =>
  parlor(db, ['run', '--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '--limit', '7', '-r', '2', '--seed', '29', '--no-preflight', ...extra]);

/** A run's export with its ids left out, one row per episode in draw order (repetition, then entity as listed). */
async function exported(db: string, runId: number) {
  const csv = parse((await parlor(db, ['export', String(runId), '--format', 'csv'])).stdout, { columns: true }) as Record<string, string>[];
  const jsonl = (await parlor(db, ['export', String(runId), '--format', 'jsonl'])).stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const withoutIds = <T extends Record<string, unknown>>({ run_id: _run, episode_id: _episode, ...rest }: T) => rest;
  const order = (a: Record<string, unknown>, b: Record<string, unknown>) => Number(a.repetition) - Number(b.repetition) || String(a.entity).localeCompare(String(b.entity));
  return { csv: csv.map(withoutIds).sort(order), jsonl: jsonl.map(withoutIds).sort(order) };
}

describe('a run played on 4 machines', () => {
  it('merged from its 4 shard files, exports and reports as the run played in one process', async () => {
    const dir = tempDir();
    const whole = join(dir, 'whole.db');
    expect((await play(whole)).code).toBe(0);

    const shards = [1, 2, 3, 4].map((i) => join(dir, `shard-${i}.db`));
    const played = await Promise.all(shards.map((db, k) => play(db, ['--shard', `${k + 1}/4`])));
    expect(played.map((p) => p.code)).toEqual([0, 0, 0, 0]);

    const merged = join(dir, 'merged.db');
    const merge = await parlor(merged, ['merge', ...shards, '--json']);
    expect(merge.code).toBe(0);
    const runs = JSON.parse((await parlor(merged, ['runs', '--json'])).stdout) as { id: number; status: string }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('done');

    const [expected, got] = [await exported(whole, 1), await exported(merged, runs[0]!.id)];
    expect(got.csv).toHaveLength(14);
    expect(got.csv).toEqual(expected.csv);
    expect(got.jsonl).toEqual(expected.jsonl);
    // The paper's table of the run (means ± std over repetitions), printed the same.
    const report = async (db: string, id: number) => (await parlor(db, ['report', String(id)])).stdout.replace(/\brun \d+\b/gi, 'run');
    expect(await report(merged, runs[0]!.id)).toBe(await report(whole, 1));

    // Merging a shard again changes nothing.
    expect((await parlor(merged, ['merge', shards[2]!])).code).toBe(0);
    expect(await exported(merged, runs[0]!.id)).toEqual(got);
  }, 300_000);
});
