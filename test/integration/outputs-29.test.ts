/**
 * Issue 29 (the redesign of the engine's core): the same databases give the same outputs. Four files —
 * written at schema versions 5, 7, 13 and 15 — each gunzipped to a fresh folder, opened (and migrated)
 * as the doors open them, and dumped (`test/support/outputs-dump.ts`: the API's views, what the CLI
 * prints, every cross-run view, the static HTML report); each dump must equal what the code before the
 * redesign gave (`test/fixtures/outputs-29/<name>.json.gz`). And the plays that made the schema-15 file
 * (`test/fixtures/schema-15/build.ts`), played again now into a fresh file, must show the same: every
 * event, call request, score, export and transcript, with only clocks, latencies, uids, the mock's port
 * and answer ids, and people's random seeds set aside.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASES, dumpFixture, expectedOutputs } from '../fixtures/outputs-29/fixtures';
import { playFixture } from '../fixtures/schema-15/build';
import { differenceReport, humanSeeds, normaliseBuild, withoutSeatPrompts } from '../support/outputs-compare';
import { dumpOutputs } from '../support/outputs-dump';
import { tempDir } from '../support/tmp';

/** `info` describes the games, not the data, and may change shape: only the games it lists must stay. */
const gameIds = (dump: Record<string, unknown>) => ((dump.info as { gamesList?: { id: string }[] } | undefined)?.gamesList ?? []).map((g) => g.id);

describe('outputs before and after the issue-29 redesign', () => {
  for (const { name } of DATABASES) {
    it(`the ${name} database shows what it showed before`, async () => {
      const expected = expectedOutputs(name);
      const now = await dumpFixture(name);
      // What the comparison must hold to mean something.
      expect(Object.keys(now).sort()).toEqual(['api', 'cli', 'html', 'info', 'views']);
      expect(Object.keys((now.api as { runs: object }).runs).length).toBeGreaterThan(0);
      expect(gameIds(now)).toEqual(gameIds(expected));
      const { info: _info, ...data } = now;
      const { info: _then, ...before } = expected;
      const report = differenceReport(`${name} outputs`, before, data);
      expect(report, report ?? '').toBeNull();
    }, 120_000);
  }

  it("replaying today's plays gives today's records", async () => {
    const db = join(tempDir(), 'parlor.db');
    await playFixture(db);
    const now = await dumpOutputs(db);
    const expected = expectedOutputs('v15');
    const a = normaliseBuild(expected, { seeds: humanSeeds(expected) }) as Record<string, unknown>;
    // The prompts the turn kit records beyond what the games recorded before (every message a call sends) set aside.
    const b = withoutSeatPrompts(a, normaliseBuild(now, { seeds: humanSeeds(now) })) as Record<string, unknown>;
    const { info: _a, ...before } = a;
    const { info: _b, ...after } = b;
    const report = differenceReport('v15 replayed', before, after);
    expect(report, report ?? '').toBeNull();
  }, 120_000);
});
