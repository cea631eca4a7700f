/**
 * Issue 31: SimulBench runs written as the reference scripts' output records (`parlor export <run>
 * --format simulbench-json -o <folder>`) read back through `parlor import simulbench` as the same games:
 * the same answers and judge texts as events, the same ratings and verdicts. And the published-format
 * fixture (test/fixtures/simulbench-reference/, see its README) imports with every file it cannot read
 * one line of the report.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { parlor } from '../support/cli';

const FIXTURES = fileURLToPath(new URL('../fixtures/simulbench-reference/', import.meta.url));
const BUILTIN = { provider: 'builtin', model: 'reference' } as const;

let dir: string;
let db: string;
const runs: Record<string, number> = {};

/** Each episode of a run by script: every response's seat and text, and its scores. */
function games(store: Store, run: number) {
  return Object.fromEntries(
    store.episodes.list(run).map((e) => [e.instance.key, { replies: store.events.list(e.id).filter((v) => v.kind === 'response').map((v) => [v.from, v.text]), outcome: e.outcome, scores: e.scores }]),
  );
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'parlor-simulbench-round-trip-'));
  db = join(dir, 'parlor.db');
  const store = Store.open(db);
  try {
    for (const [game, players] of [
      ['simulbench', { simulator: BUILTIN, judge: BUILTIN }],
      ['simulbench_pairwise', { model_a: BUILTIN, model_b: BUILTIN, judge: BUILTIN }],
    ] as const) {
      const { runId } = await prepareRun(store, { game, dataset: { name: 'simulbench', subset: 'firstchan' }, limit: 5, seed: 4, preflight: false, players });
      await executeRun(store, runId);
      runs[game] = runId;
    }
  } finally {
    store.close();
  }
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SimulBench runs as the reference scripts’ records, and back', () => {
  for (const game of ['simulbench', 'simulbench_pairwise']) {
    it(`${game}: the same answers, judge texts and scores after export and import`, async () => {
      const out = join(dir, `${game}-out`);
      const exported = await parlor(db, ['export', String(runs[game]), '--format', 'simulbench-json', '-o', out]);
      expect(exported.stderr).toContain('wrote 5 simulbench-json files');
      const imported = await parlor(db, ['import', 'simulbench', out]);
      expect(imported.code).toBe(0);
      expect(imported.stdout).toContain("Parlor's scorer agrees on every score of 5");
      const store = Store.open(db);
      try {
        const back = store.runs.all().find((r) => r.game === game && r.name?.startsWith('imported'))!;
        expect(games(store, back.id)).toEqual(games(store, runs[game]!));
      } finally {
        store.close();
      }
    }, 120_000);
  }

  it('imports the published-format records, and lists every file it cannot read in one line', async () => {
    const fresh = join(dir, 'fixture.db');
    const r = await parlor(fresh, ['import', 'simulbench', FIXTURES]);
    expect(r.stderr).toContain('imported 3 episodes');
    expect(r.stdout).toContain("3 had logged scores, and Parlor's scorer agrees on every score of 3");
    const line = (file: string) => r.stdout.split('\n').filter((l) => l.includes(file));
    expect(line('1_x/mistral.json')).toEqual([expect.stringContaining("an answer without the judge's rating")]);
    expect(line('pairwise_gpt-4o_vs_mistral.json')).toEqual([expect.stringContaining('a verdict in one order only')]);
    expect(line('9999_nowhere')).toEqual([expect.stringContaining('no test script with id 9999')]);
    expect(line('scoring_latin1.json')).toEqual([expect.stringContaining('not UTF-8 text')]);
    expect(line('scoring_truncated.json')).toEqual([expect.stringContaining('not JSON')]);
    const store = Store.open(fresh);
    try {
      const rated = store.runs.all().find((x) => x.game === 'simulbench' && x.name?.includes('gpt-4o'))!;
      const [episode] = store.episodes.list(rated.id);
      // The judge's "Rating: [[7]]", read by Parlor's rule.
      expect(episode!.scores).toMatchObject({ score: 7 });
      const pair = store.runs.all().find((x) => x.game === 'simulbench_pairwise')!;
      expect(store.episodes.list(pair.id)[0]!.scores).toMatchObject({ win: 1, tie: 0, lose: 0, flip: 0 });
    } finally {
      store.close();
    }
  }, 60_000);
});
