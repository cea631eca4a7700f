/**
 * The pairwise significance view: one value per row and counted episode (a row's seats averaged),
 * a paired t-test where two rows share episodes (AGE §4.1), Welch's where they share none (§4.2),
 * Holm over the table; checked against the t-tests run on the stored scores independently. Stores are
 * built by hand with known values, and once played by AGE's built-in players through the runner.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_INPUTS } from '../../shared/api/contract';
import { ExploreFiltersSchema } from '../../shared/contract/explore';
import { pairTable, significance, testPair, testsNote } from '../../electron/engine/analysis/explore/significance';
import { holm, pairedTTest, welchTTest } from '../../electron/engine/analysis/significance';
import { exploreFile } from '../../electron/engine/api/explore-handlers';
import { gameById } from '../../electron/engine/games/registry';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { parlor } from '../support/cli';
import { tempDir, tempStore } from '../support/tmp';
import { presetsOf } from '../../electron/engine/capabilities/presets/provision';

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const filters = (dataset: string, instances: 'common' | 'all' = 'common') => ExploreFiltersSchema.parse({ game: 'age', dataset, instances });

/** A run of AGE seats (seat → player) on a dataset; each episode's seat values of `age` (also stored as `age_kept`) and its `rounds`. */
function seedRun(store: Store, dataset: string, seats: Record<string, string>, episodes: { instance: number; repetition?: number; rounds?: number; values?: Record<string, number>; error?: boolean; invalid?: boolean }[]) {
  const datasetId = store.datasets.upsert({ game: 'age', name: dataset, kind: 'age', source: 'test', contentHash: null });
  const instances = store.datasets.upsertInstances(datasetId, 'A', [1, 2, 3, 4, 5, 6].map((k) => ({ key: `w${k}`, name: `w${k}`, payload: { a: `a${k}`, b: `b${k}` }, tags: { topic: 'general' } })));
  const runSeats = Object.entries(seats).map(([seat, player], member) => ({ seat, role: 'player', playerId: store.models.ensurePlayer('scripted', player, null), member }));
  const runId = store.runs.create({
    name: null, game: 'age', datasetId, subset: 'A', config: {}, seed: 1, appVersion: 't', seats: runSeats,
    episodes: episodes.map((e) => ({ instanceId: instances[e.instance - 1]!.id, repetition: e.repetition ?? 1, seed: 1 })),
  });
  const ids = store.episodes.ids(runId, ['pending']);
  episodes.forEach((e, i) => {
    const id = ids[i]!;
    if (e.error) return store.episodes.fail(id, 'server', 'down');
    const seatScores = Object.entries(e.values ?? {}).flatMap(([seat, value]) => [{ seat, metric: 'age', value }, { seat, metric: 'age_kept', value }]);
    store.episodes.finish(id, 'success', [{ metric: 'rounds', value: e.rounds ?? 5 }, ...seatScores]);
    if (e.invalid) store.episodes.setInvalid(id, 'test');
  });
  return runId;
}

// §4.1-like: A holds p1 and p4 (its value in an episode is their mean), B p2, C p3, in every episode.
const A1 = [0.9, 0.8, 0.85, 0.7, 0.95, 0.6];
const A4 = [0.7, 0.8, 0.75, 0.9, 0.85, 0.6];
const B = [0.6, 0.5, 0.7, 0.65, 0.55, 0.9];
const C = [0.3, 0.2, 0.5, 0.35, 0.4, 0.9];
const ROUNDS = [5, 4, 5, 3, 5, 2];
const A = A1.map((x, k) => (x + A4[k]!) / 2);

function sharedStore(store: Store) {
  seedRun(store, 'shared', { p1: 'm:a', p2: 'm:b', p3: 'm:c', p4: 'm:a' }, [
    ...[0, 1, 2, 3, 4, 5].map((k) => ({ instance: k + 1, rounds: ROUNDS[k], values: { p1: A1[k]!, p2: B[k]!, p3: C[k]!, p4: A4[k]! } })),
    // Instance 5 has an episode marked invalid, instance 6 one that errored: neither counts, and
    // neither instance is compared on by default (a player did not finish it).
    { instance: 5, repetition: 2, values: { p1: 0, p2: 1, p3: 1, p4: 0 }, invalid: true },
    { instance: 6, repetition: 2, error: true },
  ]);
}

describe('significance view: rows that share episodes (AGE §4.1)', () => {
  it('pairs on the shared episodes, a row its seats averaged, on the instances every row finished', () => {
    const store = tempStore();
    sharedStore(store);
    const view = significance(store, filters('shared'), 'age');
    expect(view.coverage).toEqual({ mode: 'common', total: 6, common: 4, leftOutByFailures: 2, outside: [], everyoneShapes: false, minEpisodes: 5 });
    expect(view.players.map((p) => [p.player, p.episodes])).toEqual([['m:a', 4], ['m:b', 4], ['m:c', 4]]);
    expect(view.players[0]!.mean).toBeCloseTo(mean(A.slice(0, 4)), 12);
    const four = (xs: number[]) => xs.slice(0, 4);
    const expected = [[A, B], [A, C], [B, C]].map(([x, y]) => pairedTTest(four(x!), four(y!)));
    const adjusted = holm(expected.map((e) => e.p));
    expect(view.pairs.map((p) => [p.a, p.b, p.test, p.n])).toEqual([['m:a', 'm:b', 'paired', 4], ['m:a', 'm:c', 'paired', 4], ['m:b', 'm:c', 'paired', 4]]);
    view.pairs.forEach((p, i) => {
      expect(p.difference).toBeCloseTo(expected[i]!.meanDifference!, 12);
      expect(p.t).toBeCloseTo(expected[i]!.t!, 10);
      expect(p.df).toBe(3);
      expect(p.p).toBeCloseTo(expected[i]!.p!, 12);
      expect(p.pHolm).toBeCloseTo(adjusted[i]!, 12);
      expect(p.significant).toBe(adjusted[i]! < 0.01);
      expect(p.meanA! - p.meanB!).toBeCloseTo(p.difference!, 12);
    });
    // A − C is large and steady: significant at 0.05 after Holm, but not at the paper's 0.01.
    expect(significance(store, filters('shared'), 'age', 0.05).pairs[1]!.significant).toBe(true);
    expect(view.pairs[1]!.significant).toBe(false);
    expect(view.note).toMatch(/^Paired t-tests .* Holm's method over the 3 tests .* Holm p < 0\.01\.$/);
  });

  it('counts every finished episode (none marked invalid) in `all` mode', () => {
    const store = tempStore();
    sharedStore(store);
    const view = significance(store, filters('shared', 'all'), 'age');
    const ab = pairedTTest(A, B);
    expect(view.pairs[0]).toMatchObject({ a: 'm:a', b: 'm:b', test: 'paired', n: 6 });
    expect(view.pairs[0]!.t).toBeCloseTo(ab.t!, 10);
    expect(view.pairs[0]!.p).toBeCloseTo(ab.p!, 12);
  });

  it('an episode metric counts for every row of its run: identical samples, p = 1, no t', () => {
    const store = tempStore();
    sharedStore(store);
    const view = significance(store, filters('shared'), 'rounds');
    for (const p of view.pairs) expect(p).toMatchObject({ test: 'paired', n: 4, difference: 0, t: null, p: 1, pHolm: 1, significant: false });
  });

  it('leaves out rows without a value of the metric, and refuses a metric the game lacks', () => {
    const store = tempStore();
    sharedStore(store);
    const view = significance(store, filters('shared'), 'first_guess');
    expect(view.players).toEqual([]);
    expect(view.pairs).toEqual([]);
    expect(view.without).toEqual(['m:a', 'm:b', 'm:c']);
    expect(() => significance(store, filters('shared'), 'nope')).toThrow(/has no metric "nope"/);
  });
});

// §4.2-like: X and Y each play their own conversations against the same baseline.
const X = [0.9, 0.85, 0.8, 0.95, 0.7];
const BX = [0.5, 0.6, 0.55, 0.4, 0.6];
const Y = [0.3, 0.45, 0.2, 0.4, 0.35];
const BY = [0.5, 0.55, 0.65, 0.45, 0.5];

function separateStore(store: Store) {
  seedRun(store, 'separate', { p1: 'm:x', p2: 'm:base' }, X.map((x, k) => ({ instance: k + 1, values: { p1: x, p2: BX[k]! } })));
  seedRun(store, 'separate', { p1: 'm:y', p2: 'm:base' }, Y.map((y, k) => ({ instance: k + 1, values: { p1: y, p2: BY[k]! } })));
}

describe('significance view: rows with their own episodes (AGE §4.2)', () => {
  it('pairs a model with the baseline it sat with, and two models over the word pairs both played (issue 27)', () => {
    const store = tempStore();
    separateStore(store);
    const view = significance(store, filters('separate'), 'age');
    expect(view.players.map((p) => [p.player, p.episodes])).toEqual([['m:x', 5], ['m:base', 10], ['m:y', 5]]);
    // x and y never sat together but played the same five word pairs: paired by word pair, not Welch's.
    expect(view.pairs.map((p) => [p.a, p.b, p.test, p.nA, p.nB])).toEqual([
      ['m:x', 'm:base', 'paired', 5, 5],
      ['m:x', 'm:y', 'paired-instances', 5, 5],
      ['m:base', 'm:y', 'paired', 5, 5],
    ]);
    const expected = [pairedTTest(X, BX), pairedTTest(X, Y), pairedTTest(BY, Y)];
    const adjusted = holm(expected.map((e) => e.p));
    view.pairs.forEach((p, i) => {
      expect(p.difference).toBeCloseTo(expected[i]!.meanDifference!, 12);
      expect(p.t).toBeCloseTo(expected[i]!.t!, 10);
      expect(p.df).toBeCloseTo(expected[i]!.df!, 10);
      expect(p.p).toBeCloseTo(expected[i]!.p!, 12);
      expect(p.pHolm).toBeCloseTo(adjusted[i]!, 12);
    });
    expect(view.pairs[1]!.n).toBe(5);
    expect(view.note).toMatch(/^Paired t-tests where two players sat in the same episodes .*; paired t-tests over the word pairs two players both played, each one's repetitions on one averaged first .*/);
  });

  it("compares players with no instance in common by Welch's test", () => {
    const store = tempStore();
    seedRun(store, 'apart', { p1: 'm:x', p2: 'm:base' }, X.slice(0, 3).map((x, k) => ({ instance: k + 1, values: { p1: x, p2: BX[k]! } })));
    seedRun(store, 'apart', { p1: 'm:y', p2: 'm:base' }, Y.slice(0, 3).map((y, k) => ({ instance: k + 4, values: { p1: y, p2: BY[k]! } })));
    const view = significance(store, filters('apart', 'all'), 'age');
    const xy = view.pairs.find((p) => [p.a, p.b].sort().join() === 'm:x,m:y')!;
    const want = welchTTest(X.slice(0, 3), Y.slice(0, 3));
    expect(xy).toMatchObject({ test: 'welch', n: 6, nA: 3, nB: 3 });
    expect(Math.abs(xy.t!)).toBeCloseTo(Math.abs(want.t!), 10);
    expect(xy.p).toBeCloseTo(want.p!, 12);
    expect(view.note).toMatch(/Welch's t-tests where they share no word pair/);
  });
});

describe('significance table, pure parts', () => {
  it('chooses the test by shared episodes; Holm over the table; nulls are no test and not significant', () => {
    // Episode id → value (and the episode's instance): a and b sat in episodes 1–3, c played its own instance.
    const sample = (values: [number, number][]) => new Map(values.map(([id, value]) => [id, { value, instanceId: id }]));
    const a = sample([[1, 0.9], [2, 0.8], [3, 0.7]]);
    const b = sample([[1, 0.5], [2, 0.5], [3, 0.3]]);
    const c = sample([[7, 0.1]]);
    expect(testPair('a', 'b', a, b).test).toBe('paired');
    expect(testPair('a', 'c', a, c)).toMatchObject({ test: 'welch', nA: 3, nB: 1, t: null, p: null });
    const table = pairTable(['a', 'b', 'c'], new Map([['a', a], ['b', b], ['c', c]]), 0.5);
    expect(table.map((p) => [p.a, p.b])).toEqual([['a', 'b'], ['a', 'c'], ['b', 'c']]);
    expect(table[0]!.pHolm).toBe(table[0]!.p); // the only p-value in the table: Holm leaves it alone
    expect(table[1]).toMatchObject({ pHolm: null, significant: false });
    expect(testsNote(table, 0.5)).toMatch(/over the 1 test of the table/);
  });
});

describe('significance exports, API and CLI', () => {
  it('CSV and a booktabs LaTeX table through exploreFile; the API input checks alpha', () => {
    const store = tempStore();
    separateStore(store);
    const csv = exploreFile(store, 'significance', 'csv', filters('separate'), { metric: 'age' });
    expect(csv.filename).toBe('significance-separate-age.csv');
    expect(csv.content.split('\r\n')[0]).toBe('a,b,metric,test,n,n_a,n_b,mean_a,mean_b,difference,t,df,p,p_holm,alpha,significant');
    expect(csv.content.split('\r\n')[2]).toMatch(/^m:x,m:y,age,paired-instances,5,5,5,/);
    const tex = exploreFile(store, 'significance', 'latex', filters('separate'), { alpha: 0.05 }).content;
    expect(tex).toContain('\\toprule');
    expect(tex).toContain('A & B & n & $\\Delta$ & t & df & p & Holm p & Test \\\\');
    expect(tex).toMatch(/m:x & m:y & 5 & .* & paired \(instances\) \\\\/);
    expect(tex).toContain('Holm p \\textless{} 0.05');
    expect(API_INPUTS['explore.significance'].safeParse({ filters: { game: 'age', dataset: 'x' }, metric: 'age', alpha: 1 }).success).toBe(false);
    expect(API_INPUTS['explore.export'].parse({ view: 'significance', format: 'latex', filters: { game: 'age', dataset: 'x' }, alpha: 0.05 }).alpha).toBe(0.05);
  });

  it('parlor export significance --format latex|csv', async () => {
    const db = join(tempDir(), 'parlor.db');
    const store = Store.open(db);
    separateStore(store);
    store.close();
    const tex = await parlor(db, ['export', 'significance', '--game', 'age', '--dataset', 'separate', '--metric', 'age', '--format', 'latex']);
    expect(tex.stderr).toBe('');
    expect(tex.code).toBe(0);
    expect(tex.stdout).toContain('\\begin{tabular}{llrrrrrrl}');
    const csv = await parlor(db, ['export', 'significance', '--game', 'age', '--dataset', 'separate', '--alpha', '2']);
    expect(csv.code).not.toBe(0);
    expect(csv.stderr).toMatch(/--alpha must be a number between 0 and 1/);
  }, 30_000);
});

describe('significance view on AGE played by its built-in players', () => {
  const age = gameById('age');
  const builtin = (v: string) => ({ provider: 'builtin', model: `reference-${v}` });
  async function play(store: Store, preset: string, players: unknown[], limit: number, repetitions: number) {
    const p = presetsOf(age).find((x) => x.id === preset)!;
    const { runId } = await prepareRun(store, { game: 'age', dataset: p.dataset, settings: p.settings, repetitions, limit, seed: 5, concurrency: 4, players: { player: players } });
    await executeRun(store, runId);
    return runId;
  }
  /** Row → episode id → mean of the row's seats' `age`, read from the stored episodes. */
  function stored(store: Store, runIds: number[]): Map<string, Map<number, number>> {
    const out = new Map<string, Map<number, number>>();
    for (const runId of runIds) {
      const run = store.runs.get(runId);
      for (const e of store.episodes.list(runId)) {
        if (e.status !== 'done' || e.invalid) continue;
        for (const player of new Set(run.seats.map((s) => s.player))) {
          const values = run.seats.filter((s) => s.player === player).map((s) => e.seatScores[s.seat]?.age).filter((v): v is number => v !== undefined);
          if (values.length) out.set(player, (out.get(player) ?? new Map<number, number>()).set(e.id, mean(values)));
        }
      }
    }
    return out;
  }
  const same = (got: number | null, want: number | null) => (want === null ? expect(got).toBeNull() : expect(got).toBeCloseTo(want, 10));

  it('§4.1 (four models in every conversation): paired tests equal to those on the stored scores', async () => {
    const store = tempStore();
    const runId = await play(store, 'age-4.1', ['a', 'b', 'c', 'd'].map(builtin), 3, 2);
    const view = significance(store, filters('age', 'all'), 'age');
    const values = stored(store, [runId]);
    expect(view.pairs).toHaveLength(6);
    for (const p of view.pairs) {
      const ids = [...values.get(p.a)!.keys()].sort((x, y) => x - y);
      const want = pairedTTest(ids.map((id) => values.get(p.a)!.get(id)!), ids.map((id) => values.get(p.b)!.get(id)!));
      expect([p.test, p.n]).toEqual(['paired', 6]);
      same(p.difference, want.meanDifference);
      same(p.t, want.t);
      same(p.p, want.p);
    }
  }, 60_000);

  it('§4.2 (each model against the baseline): paired with the baseline, and between models over the word pairs both played, repetitions averaged', async () => {
    const store = tempStore();
    const runs = [await play(store, 'age-4.2', [builtin('x'), builtin('base')], 3, 2), await play(store, 'age-4.2', [builtin('y'), builtin('base')], 3, 2)];
    const view = significance(store, filters('age', 'all'), 'age');
    const values = stored(store, runs);
    const models = view.pairs.find((p) => p.test === 'paired-instances')!;
    expect([models.a, models.b].sort()).toEqual(['builtin:reference-x', 'builtin:reference-y']);
    // Each model's mean per word pair over its two repetitions, paired by word pair.
    const instanceOf = new Map(runs.flatMap((id) => store.episodes.list(id).map((e) => [e.id, e.instance.id] as const)));
    const perInstance = (player: string) => {
      const acc = new Map<number, number[]>();
      for (const [episode, v] of values.get(player)!) acc.set(instanceOf.get(episode)!, [...(acc.get(instanceOf.get(episode)!) ?? []), v]);
      return new Map([...acc].map(([i, vs]) => [i, mean(vs)]));
    };
    const [ma, mb] = [perInstance(models.a), perInstance(models.b)];
    const shared = [...ma.keys()].filter((i) => mb.has(i)).sort((x, y) => x - y);
    expect(models.n).toBe(shared.length);
    const want = pairedTTest(shared.map((i) => ma.get(i)!), shared.map((i) => mb.get(i)!));
    same(models.difference, want.meanDifference);
    same(models.t, want.t);
    same(models.p, want.p);
    expect(view.pairs.filter((p) => p.test === 'paired').map((p) => [p.a, p.b].includes('builtin:reference-base'))).toEqual([true, true]);
  }, 60_000);
});
