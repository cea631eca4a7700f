/**
 * A database written at schema version 7 (before rows per seat player) gives, once opened by today's
 * store (its migrations run), every cross-run view exactly as version 7 gave it: leaderboards, coverage,
 * heatmaps, difficulty, paired comparisons, their CSV and LaTeX files, suites and explore options, with
 * rows named by the game's subjects and by each role. See test/fixtures/schema-7/README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Store } from '../../electron/engine/store/store';
import { tempDir } from '../support/tmp';
import { dumpViews } from '../support/view-dump';
import { viewChanges } from '../support/intended-diff';

const FIXTURE = new URL('../fixtures/schema-7/', import.meta.url);

/** The explore options of the games with runs: a game added later (AGE) is listed without datasets, which says nothing here. */
function withRuns(dump: Record<string, unknown>): Record<string, unknown> {
  const options = dump.options as { games: { datasets: unknown[] }[] };
  return { ...dump, options: { ...options, games: options.games.filter((g) => g.datasets.length > 0) } };
}

describe('a schema-7 database', () => {
  it('gives the cross-run views version 7 gave, number for number, but for the statistics issue 17 changed on purpose; and exactly the views captured since', async () => {
    const before = JSON.parse(readFileSync(new URL('expected-views.json', FIXTURE), 'utf8')) as Record<string, unknown>;
    const path = join(tempDir(), 'parlor-v7.db');
    writeFileSync(path, gunzipSync(readFileSync(new URL('parlor-v7.db.gz', FIXTURE))));
    const store = Store.open(path);
    try {
      // What the fixture must hold for the comparison to mean something.
      expect(Object.keys(before.datasets as object)).toEqual(expect.arrayContaining(['eda/things', 'referencegame/v1.6', 'matchit_ascii/v1.6', 'textmapworld/v1.6']));
      const now = withRuns(await dumpViews(store));
      expect(viewChanges(now, withRuns(before))).toEqual([]);
      const since = new URL('expected-views-issue17.json', FIXTURE);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(since, `${JSON.stringify(now, null, 1)}\n`);
      expect(now).toEqual(JSON.parse(readFileSync(since, 'utf8')));
    } finally {
      store.close();
    }
  });
});
