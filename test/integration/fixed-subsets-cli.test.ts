/** `parlor subsets` and `parlor run --fixed`: define, list, show, run on, refuse, remove. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor } from '../support/cli';
import { tempDir } from '../support/tmp';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

describe('parlor subsets', () => {
  it('creates a subset, lists it beside EDA’s own, runs on it and on celebrities-30 alone, and removes it', async () => {
    const db = join(tempDir(), 'p.db');
    const made = await parlor(db, ['subsets', 'create', 'pilot-3', '--dataset', 'things', '--split', 'dev', '--size', '3', '--seed', '4']);
    expect(made.stdout).toMatch(/fixed subset pilot-3: 3 of things\/dev \(seed 4\); play it with parlor run --fixed pilot-3/);
    const listed = await parlor(db, ['subsets']);
    expect(listed.stdout).toMatch(/things-30\s.*things\/test\s.*30\s.*30\s.*game/);
    expect(listed.stdout).toMatch(/pilot-3\s.*things\/dev\s.*3\s.*4\s.*user/);
    const shown = JSON.parse((await parlor(db, ['subsets', 'show', 'pilot-3', '--json'])).stdout) as { keys: string[] };
    expect(shown.keys).toHaveLength(3);

    const models = ['--guesser', 'mock-guesser', '--judge', 'mock-judge', '--base-url', mock.openaiBaseUrl, '-r', '1', '--seed', '2', '--no-preflight'];
    const run = await parlor(db, ['run', '--fixed', 'pilot-3', ...models]);
    expect(run.code, run.stderr).toBe(0);
    const celebs = await parlor(db, ['run', '--fixed', 'celebrities-30', '--limit', '2', ...models]);
    expect(celebs.code, celebs.stderr).toBe(0);
    const store = Store.open(db);
    try {
      const [first, second] = store.runs.list();
      const keysOf = (runId: number) => store.episodes.list(runId).map((e) => e.instance.key);
      const ids = [first!.id, second!.id].sort((a, b) => a - b);
      expect(keysOf(ids[0]!)).toEqual(shown.keys);
      expect(store.episodes.list(ids[1]!).map((e) => e.instance.subset)).toEqual(['test', 'test']);
      expect(store.runs.get(ids[1]!).config).toMatchObject({ dataset: { name: 'celebrities', fixed: 'celebrities-30' } });
    } finally {
      store.close();
    }

    const wrong = await parlor(db, ['run', '--fixed', 'pilot-3', '--dataset', 'celebrities', ...models]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/The fixed subset pilot-3 samples things\/dev, not celebrities: choose dataset things/);
    const unknown = await parlor(db, ['run', '--fixed', 'nope', ...models]);
    expect(unknown.stderr).toMatch(/EDA has no fixed subset nope; it has things-30, celebrities-30, pilot-3/);
    expect((await parlor(db, ['subsets', 'rm', 'pilot-3'])).code).toBe(0);
    expect((await parlor(db, ['subsets'])).stdout).not.toMatch(/pilot-3/);
    expect((await parlor(db, ['subsets', 'create', 'x', '--dataset', 'things', '--size', 'lots'])).stderr).toMatch(/--size must be a whole number, not "lots"/);
  }, 180_000); // ten CLI processes, two of them runs: several seconds each on a loaded machine
});
