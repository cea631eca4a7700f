/**
 * Issue 27, items 3–5, on stores built by hand with known scores:
 * - one hinted human game (or a player with a handful of episodes) no longer shrinks the instances
 *   every model is compared on; the coverage names who did not narrow them and why; people narrow
 *   them only when asked (`commonWithHumans`, `--common-with-humans`);
 * - the breakdown export applies the page's minimum and best rules (a one-game 0.96 is "(n=1)", not bold);
 * - two players with repeated games on the same instances are compared per instance (repetitions
 *   averaged first) by the Pairwise panel and the Significance table alike, with the same p.
 */
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { pairedTTest, welchTTest } from '../../electron/engine/analysis/significance';
import { Store } from '../../electron/engine/store/store';
import { seedEda, withOnePerson, type SeededGame } from '../support/explore-seed';
import { parlor } from '../support/cli';
import { tempDir } from '../support/tmp';
import { apiCaller } from '../support/api';

function api(store: Store) {
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  const call = apiCaller(service);
  return { call, close: () => service.close() };
}

describe('who narrows the compared instances', () => {
  it("one person's game and a player with three games leave the models compared on all eight entities, and are named", async () => {
    const dir = tempDir();
    const store = Store.open(join(dir, 'parlor.db'));
    withOnePerson(store);
    const { call, close } = api(store);
    const board = await call('explore.leaderboard', { filters: { dataset: 'things' } });
    expect(board.coverage).toEqual({
      mode: 'common', total: 8, common: 8, leftOutByFailures: 0, everyoneShapes: false, minEpisodes: 5,
      outside: [{ player: 'human:ada', reason: 'human', episodes: 1 }, { player: 'openai:x', reason: 'too-few', episodes: 3 }],
    });
    const n = (player: string) => board.rows.find((r) => r.player === player)!.metrics.score!.n;
    expect([n('openai:alpha'), n('openai:beta'), n('human:ada'), n('openai:x')]).toEqual([8, 8, 1, 3]);
    expect(board.best.score).toEqual(['openai:alpha']);
    const csv = parse((await call('explore.export', { view: 'leaderboard', format: 'csv', filters: { dataset: 'things' } })).content, { columns: true }) as Record<string, string>[];
    expect(csv.find((r) => r.player === 'human:ada')!.notes).toContain('does not narrow the compared instances (a person)');
    expect(csv.find((r) => r.player === 'openai:x')!.notes).toContain('does not narrow the compared instances (3 episodes, fewer than 5)');
    const tex = (await call('explore.export', { view: 'leaderboard', format: 'latex', filters: { dataset: 'things' } })).content;
    expect(tex).toContain('human:ada (a person, 1 episode) and openai:x (3 episodes, fewer than the minimum of 5) do not narrow the comparison: shown on those entities only.');

    // People narrow it only when asked, and only with enough episodes: at the default minimum ada's one game still does not.
    const asked = await call('explore.leaderboard', { filters: { dataset: 'things', commonWithHumans: true } });
    expect(asked.coverage).toMatchObject({ common: 8, outside: [{ player: 'human:ada', reason: 'too-few', episodes: 1 }, { player: 'openai:x', reason: 'too-few', episodes: 3 }] });
    // A minimum of 1: x narrows the comparison to its three entities; ada, a person, does not unless asked.
    expect((await call('explore.leaderboard', { filters: { dataset: 'things', minEpisodes: 1 } })).coverage).toMatchObject({ common: 3, outside: [{ player: 'human:ada', reason: 'human', episodes: 1 }] });
    // Both: every player narrows it to the one entity everyone played, as before issue 27.
    const narrowed = await call('explore.leaderboard', { filters: { dataset: 'things', commonWithHumans: true, minEpisodes: 1 } });
    expect(narrowed.coverage).toMatchObject({ common: 1, outside: [] });
    expect(narrowed.rows.find((r) => r.player === 'openai:alpha')!.metrics.score!.n).toBe(1);
    // Nobody qualifies (everyone below 10 episodes): every player narrows it, and the coverage says so.
    expect((await call('explore.leaderboard', { filters: { dataset: 'things', minEpisodes: 10 } })).coverage).toMatchObject({ common: 1, outside: [], everyoneShapes: true });

    // Every explore view compares on the same instances: heatmap, difficulty, significance, a cell's episodes.
    const map = await call('explore.heatmap', { filters: { dataset: 'things' }, topic: 'category', metric: 'score' });
    expect(map.cells.filter((c) => c.player === 'openai:alpha').map((c) => c.n)).toEqual([4, 4]);
    const difficulty = await call('explore.difficulty', { filters: { dataset: 'things' }, axis: 'item' });
    expect(difficulty.rows).toHaveLength(8);
    const cell = await call('explore.cell', { filters: { dataset: 'things', commonWithHumans: true, minEpisodes: 1 }, topic: 'category', value: 'objects', player: 'openai:alpha' });
    expect(cell.episodes).toEqual([]);
    await close();
    store.close();

    const cli = await parlor(join(dir, 'parlor.db'), ['export', 'leaderboard', '--dataset', 'things', '--common-with-humans', '--min-episodes', '1']);
    expect(cli.stderr).toBe('');
    const rows = parse(cli.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.player === 'openai:alpha')!.episodes).toBe('1');
    const plain = parse((await parlor(join(dir, 'parlor.db'), ['export', 'leaderboard', '--dataset', 'things'])).stdout, { columns: true }) as Record<string, string>[];
    expect(plain.find((r) => r.player === 'openai:alpha')!.episodes).toBe('8');
  });

  it('the breakdown export applies the minimum and the best rule: a one-game 0.96 is "(n=1)", never bold', async () => {
    const store = Store.open(join(tempDir(), 'parlor.db'));
    withOnePerson(store);
    const { call, close } = api(store);
    // Four entities per category: a minimum of 4 lets the models' cells show.
    const filters = { dataset: 'things', minEpisodes: 4 };
    const tex = (await call('explore.export', { view: 'breakdown', format: 'latex', filters, topic: 'category', metric: 'score' })).content;
    // animals (entities 1–4): ada 0.96 over 1 game; alpha 0.525 and beta 0.425 over 4; x 0.90 over 3.
    expect(tex).toContain('category & human:ada & openai:alpha & openai:beta & openai:x \\\\');
    expect(tex).toContain('animals & (n=1) & \\textbf{0.53} & 0.43 & (n=3) \\\\');
    expect(tex).not.toContain('\\textbf{0.96}');
    expect(tex).toContain('(n=k): only k episodes, fewer than 4, so no mean.');
    const csv = parse((await call('explore.export', { view: 'breakdown', format: 'csv', filters, topic: 'category', metric: 'score' })).content, { columns: true }) as Record<string, string>[];
    expect(csv[0]).toMatchObject({ category: 'animals', 'human:ada': '', 'human:ada_n': '1', 'openai:x': '', 'openai:x_n': '3', note: 'too few episodes (under 4) for human:ada, openai:x' });
    // With the minimum at 1 (x then narrows the comparison to its entities 1–3), the page shows ada's 0.96 as best of the row: so does the export.
    const low = (await call('explore.export', { view: 'breakdown', format: 'latex', filters: { ...filters, minEpisodes: 1 }, topic: 'category', metric: 'score' })).content;
    expect(low).toContain('animals & \\textbf{0.96} & 0.52 & 0.42 & 0.90 \\\\');
    await close();
    store.close();
  });
});

// Two guessers, each in its own runs, on the same four entities three times each. The entities differ
// a lot in difficulty; alpha is ahead of beta on every one by 0.04–0.07.
const BASE = [0.1, 0.4, 0.7, 0.9];
const MARGIN = [0.04, 0.06, 0.05, 0.07];
const NOISE = [-0.01, 0, 0.01];
const repeated = (margin: (i: number) => number): SeededGame[] => BASE.flatMap((base, i) => NOISE.map((e, r) => ({ instance: i + 1, repetition: r + 1, score: base + margin(i) + e })));

describe('one comparison per pair, everywhere', () => {
  it('repeated games on the same entities are paired per entity (repetitions averaged), in the Pairwise panel and the table alike', async () => {
    const store = Store.open(join(tempDir(), 'parlor.db'));
    seedEda(store, [
      { name: 'openai:alpha', kind: 'model', games: repeated((i) => MARGIN[i]!) },
      { name: 'openai:beta', kind: 'model', games: repeated(() => 0) },
    ]);
    const { call, close } = api(store);
    const filters = { dataset: 'things' };
    // By hand: the per-entity differences are the margins 0.04, 0.06, 0.05, 0.07 (the noise averages out):
    // mean 0.055, sd √(0.0005/3), t = 0.055 / (sd/2) = 8.52 on 3 df.
    const t = 0.055 / (Math.sqrt(0.0005 / 3) / 2);
    const byHand = pairedTTest(MARGIN.map((m, i) => BASE[i]! + m), BASE);
    expect(byHand.t).toBeCloseTo(t, 9);
    expect(byHand.p!).toBeLessThan(0.005);
    // Welch's test on the 12 games each, as the table ran before, drowns the margin in the entities' spread.
    const welch = welchTTest(repeated((i) => MARGIN[i]!).map((g) => g.score), repeated(() => 0).map((g) => g.score));
    expect(welch.p!).toBeGreaterThan(0.5);

    const pair = await call('explore.compare', { filters, a: 'openai:alpha', b: 'openai:beta', metric: 'score' });
    expect(pair).toMatchObject({ test: 'paired-instances', n: 4, nA: 12, nB: 12, df: 3 });
    expect(pair.difference).toBeCloseTo(0.055, 12);
    expect(pair.t).toBeCloseTo(t, 9);
    expect(pair.p).toBeCloseTo(byHand.p!, 12);
    expect(pair.method).toBe("paired t-test over the 4 entities both played (12 and 12 episodes), each player's repetitions on one averaged first");
    // The t interval: 0.055 ± t(0.975, 3) · sd/2, with t(0.975, 3) = 3.182446.
    expect(pair.low).toBeCloseTo(0.055 - 3.182446305284263 * (Math.sqrt(0.0005 / 3) / 2), 9);

    const table = await call('explore.significance', { filters, metric: 'score', alpha: 0.05 });
    expect(table.pairs).toHaveLength(1);
    expect(table.pairs[0]).toMatchObject({ a: 'openai:alpha', b: 'openai:beta', test: 'paired-instances', n: 4 });
    expect(table.pairs[0]!.p).toBe(pair.p);
    expect(table.pairs[0]!.pHolm).toBe(pair.p); // one test: Holm leaves it as it is
    expect(table.note).toMatch(/^Paired t-tests over the entities two players both played, each one's repetitions on one averaged first .*the leaderboard's Pairwise panel gives the same test's p unadjusted/);
    const csv = parse((await call('explore.export', { view: 'significance', format: 'csv', filters, metric: 'score' })).content, { columns: true }) as Record<string, string>[];
    expect(csv[0]).toMatchObject({ test: 'paired-instances', n: '4', n_a: '12', n_b: '12' });
    expect(Number(csv[0]!.p)).toBe(pair.p);
    const tex = (await call('explore.export', { view: 'significance', format: 'latex', filters, metric: 'score' })).content;
    expect(tex).toMatch(/openai:alpha & openai:beta & 4 & 0\.06 & 8\.52 & 3 & 0\.003 & .* & paired \(instances\) \\\\/);
    await close();
    store.close();
  });

  it("players with no entity in common are compared by Welch's test in both places", async () => {
    const store = Store.open(join(tempDir(), 'parlor.db'));
    seedEda(store, [
      { name: 'openai:alpha', kind: 'model', games: [1, 2, 3].map((i) => ({ instance: i, score: 0.2 * i })) },
      { name: 'openai:beta', kind: 'model', games: [6, 7, 8].map((i) => ({ instance: i, score: 0.1 * (i - 5) })) },
    ]);
    const { call, close } = api(store);
    const filters = { dataset: 'things', instances: 'all' as const };
    const pair = await call('explore.compare', { filters, a: 'openai:alpha', b: 'openai:beta', metric: 'score' });
    const table = await call('explore.significance', { filters, metric: 'score' });
    const want = welchTTest([0.2, 0.4, 0.6000000000000001], [0.1, 0.2, 0.30000000000000004]);
    expect(pair).toMatchObject({ test: 'welch', nA: 3, nB: 3 });
    expect(pair.p).toBeCloseTo(want.p!, 12);
    expect(table.pairs[0]!.p).toBe(pair.p);
    await close();
    store.close();
  });
});
