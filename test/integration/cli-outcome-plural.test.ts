/** `parlor run` counts a game's successes in its own plural (issue 27, item 21): AGE's "2 successful", never "2 successfuls". */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parlor } from '../support/cli';
import { tempDir } from '../support/tmp';

describe('the run progress line', () => {
  it("names AGE's successes in the plural the game gives", async () => {
    const db = join(tempDir(), 'p.db');
    const run = await parlor(db, ['run', '--game', 'age', '--dataset', 'age', '--split', 'business', '--player', 'builtin:reference,builtin:reference', '--limit', '2', '--repetitions', '1', '--seed', '3']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/2\/2 episodes · \d+ successful · 0 errors/);
    expect(run.stderr).not.toMatch(/successfuls/);
  }, 60_000);
});
