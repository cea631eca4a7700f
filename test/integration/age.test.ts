/**
 * AGE end to end: the paper's two presets played by distinct built-in players through the runner and
 * store, and by the same policies over the OpenAI and Anthropic wires (the loopback mock's
 * `mock-play:age:player:<variant>`, through the real SDKs); seats, groups and words as the presets
 * promise; every model its own leaderboard row, its numbers the mean of its own seats' scores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExploreFiltersSchema } from '../../shared/contract/explore';
import { heatmap } from '../../electron/engine/analysis/explore/items';
import { leaderboard } from '../../electron/engine/analysis/explore/leaderboard';
import { runReport } from '../../electron/engine/analysis/run-report';
import { gameById } from '../../electron/engine/games/registry';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempStore } from '../support/tmp';
import { presetsOf } from '../../electron/engine/capabilities/presets/provision';

const age = gameById('age');
const preset = (id: string) => presetsOf(age).find((p) => p.id === id)!;
const builtin = (v: string) => ({ provider: 'builtin', model: `reference-${v}` });

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

async function play(store: Store, id: string, players: unknown[], limit: number, repetitions?: number) {
  const p = preset(id);
  const { runId } = await prepareRun(store, { game: 'age', dataset: p.dataset, settings: p.settings, repetitions: repetitions ?? p.repetitions, limit, seed: 11, concurrency: 4, players: { player: players } });
  const result = await executeRun(store, runId);
  return { runId, result, episodes: store.episodes.list(runId), run: store.runs.get(runId) };
}

const filters = (dataset = 'age') => ExploreFiltersSchema.parse({ game: 'age', dataset, instances: 'all' });

describe('AGE §4.1: four models on List A', () => {
  it('seats every model in every conversation, two per word in a drawn order, and ranks each model on its own seats', async () => {
    const store = tempStore();
    const { runId, result, episodes, run } = await play(store, 'age-4.1', ['a', 'b', 'c', 'd'].map(builtin), 3, 2);
    expect(result.errors).toBe(0);
    expect(episodes).toHaveLength(6);
    expect(run.seats.map((s) => [s.seat, s.member, s.player])).toEqual([
      ['p1', 0, 'builtin:reference-a'],
      ['p2', 1, 'builtin:reference-b'],
      ['p3', 2, 'builtin:reference-c'],
      ['p4', 3, 'builtin:reference-d'],
    ]);
    const orders = new Set<string>();
    for (const e of episodes) {
      const given = e.seats.map((s) => s.given as { word: string; group: number; order: number });
      expect(given.map((g) => g.order).sort()).toEqual([1, 2, 3, 4]);
      expect(given.filter((g) => g.group === 1)).toHaveLength(2);
      const pair = e.instance.payload as { a: string; b: string };
      // p1's word alternates by repetition: a on odd, b on even.
      expect(given[0]!.word).toBe(e.repetition % 2 === 1 ? pair.a : pair.b);
      for (const g of given) expect(g.word).toBe(g.group === given[0]!.group ? given[0]!.word : given[0]!.word === pair.a ? pair.b : pair.a);
      orders.add(given.map((g) => g.order).join());
    }
    expect(orders.size).toBeGreaterThan(1);

    const board = leaderboard(store, filters());
    expect(board.rows.map((r) => r.player).sort()).toEqual(['builtin:reference-a', 'builtin:reference-b', 'builtin:reference-c', 'builtin:reference-d']);
    for (const row of board.rows) {
      const seat = run.seats.find((s) => s.player === row.player)!.seat;
      const values = episodes.map((e) => e.seatScores[seat]!.age!);
      expect(row.episodes).toBe(6);
      expect(row.metrics.age!.pooled).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 12);
      const kept = episodes.filter((e) => e.scores!.successful === 1).map((e) => e.seatScores[seat]!.age_kept!);
      if (kept.length) expect(row.metrics.age_kept!.n).toBe(kept.length);
    }
    const report = runReport(store, runId);
    expect(report.rows!.map((r) => r.player)).toEqual(run.seats.map((s) => s.player));
    const map = heatmap(store, filters(), 'topic', 'age');
    expect(map.players).toHaveLength(4);
    expect(map.topics).toEqual(['general']);
  });

  it('plays the same conversations over the OpenAI and Anthropic wires as the built-in players do', async () => {
    const store = tempStore();
    const local = await play(store, 'age-4.1', ['a', 'b', 'c', 'd'].map(builtin), 2, 1);
    const wire = await play(
      store,
      'age-4.1',
      ['a', 'b', 'c', 'd'].map((v, k) => (k % 2 === 0 ? { provider: 'openai', model: `mock-play:age:player:${v}`, baseUrl: mock.openaiBaseUrl } : { provider: 'anthropic', model: `mock-play:age:player:${v}`, baseUrl: mock.anthropicBaseUrl })),
      2,
      1,
    );
    expect(wire.result.errors).toBe(0);
    const scores = (eps: typeof local.episodes) => eps.map((e) => [e.instance.key, e.outcome, e.scores, e.seatScores]);
    expect(scores(wire.episodes)).toEqual(scores(local.episodes));
  });
});

describe('AGE §4.2: a model against a baseline on the topics', () => {
  it('seats the model first and the baseline second, the model holding each word three times in six', async () => {
    const store = tempStore();
    const { result, episodes, run } = await play(store, 'age-4.2', [builtin('x'), builtin('base')], 2);
    expect(result.errors).toBe(0);
    expect(run.seats.map((s) => s.player)).toEqual(['builtin:reference-x', 'builtin:reference-base']);
    expect(episodes).toHaveLength(12);
    for (const key of new Set(episodes.map((e) => e.instance.key))) {
      const of = episodes.filter((e) => e.instance.key === key);
      const pair = of[0]!.instance.payload as { a: string };
      expect(of.filter((e) => (e.seats[0]!.given as { word: string }).word === pair.a)).toHaveLength(3);
    }
    const map = heatmap(store, filters(), 'topic', 'age');
    expect(map.topics).toEqual(['business']);
    expect(map.players).toEqual(['builtin:reference-base', 'builtin:reference-x']);
  });
});

describe('AGE run configs', () => {
  it('refuses more models than seats, and a list for a role one model plays, saying what to change', async () => {
    const store = tempStore();
    await expect(prepareRun(store, { game: 'age', dataset: { name: 'age', subset: 'A' }, limit: 1, players: { player: ['a', 'b', 'c', 'd', 'e'].map(builtin) } })).rejects.toThrow(/seats 4 players \(groups 2 \+ 2\) but the run names 5 models/);
    await expect(prepareRun(store, { game: 'eda', dataset: { name: 'things' }, limit: 1, players: { guesser: [builtin('a'), builtin('b')], judge: builtin('a') } })).rejects.toThrow(/players\.guesser: one model plays the guesser of EDA, not a list/);
    await expect(prepareRun(store, { game: 'age', dataset: { name: 'age', subset: 'A' }, limit: 1, players: { player: Array.from({ length: 13 }, (_, k) => builtin(String(k))) } })).rejects.toThrow(/seats 1 to 12 models as players; the list has 13/);
  });

  it('seats one model in every seat when the run names one', async () => {
    const store = tempStore();
    const { run, result } = await play(store, 'age-4.1', [builtin('solo')], 1, 1);
    expect(result.errors).toBe(0);
    expect(run.seats.map((s) => [s.seat, s.member])).toEqual([['p1', 0], ['p2', 0], ['p3', 0], ['p4', 0]]);
    expect(leaderboard(store, filters()).rows.map((r) => r.player)).toEqual(['builtin:reference-solo']);
  });
});
