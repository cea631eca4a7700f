/**
 * SimulBench end to end over the real SDKs: two models (the built-in simulator policies served by the
 * loopback mock, one on the OpenAI wire, one on Anthropic's) rated by a judge on a subset, then
 * compared pairwise; the stored calls show each judge prompt, the second with the answers swapped;
 * the answers of the single runs are reused from the response cache; a judge that never gives a
 * readable rating is a judge failure, not a score; the score table is the mean of the stored ratings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExploreFiltersSchema } from '../../shared/contract/explore';
import { leaderboard } from '../../electron/engine/analysis/explore/leaderboard';
import { slices } from '../../electron/engine/analysis/explore/slices';
import { actionOf } from '../../electron/engine/core/events';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { tempStore } from '../support/tmp';

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

const openai = (model: string) => ({ provider: 'openai', model, baseUrl: mock.openaiBaseUrl });
const anthropic = (model: string) => ({ provider: 'anthropic', model, baseUrl: mock.anthropicBaseUrl });
const simulator = (wire: typeof openai, variant: string) => wire(`mock-play:simulbench:simulator:${variant}`);
const JUDGE = () => openai('mock-play:simulbench:judge');

async function play(store: Store, game: string, players: Record<string, unknown>, subset = 'firstchan', limit = 6) {
  const { runId } = await prepareRun(store, { game, dataset: { name: 'simulbench', subset }, limit, seed: 2, concurrency: 3, cache: 'use', players });
  const result = await executeRun(store, runId);
  return { runId, result, episodes: store.episodes.list(runId) };
}

describe('SimulBench over the OpenAI and Anthropic SDKs', () => {
  it('rates two models, then compares them in both orders, reusing their answers', async () => {
    const store = tempStore();
    const x = await play(store, 'simulbench', { simulator: simulator(openai, 'x'), judge: JUDGE() });
    const y = await play(store, 'simulbench', { simulator: simulator(anthropic, 'y'), judge: JUDGE() });
    for (const run of [x, y]) {
      expect(run.result.errors).toBe(0);
      expect(run.episodes.every((e) => e.outcome === 'success' && e.scores!.score! >= 1 && e.scores!.score! <= 10)).toBe(true);
      // The tested model at temperature 0 with 1,024 tokens, the judge likewise: as the paper.
      const calls = store.models.calls(run.episodes[0]!.id);
      expect(calls.map((c) => c.role)).toEqual(['simulator', 'judge']);
      for (const c of calls) {
        expect(c.request).toMatchObject({ temperature: 0 });
        expect(JSON.stringify(c.request)).toMatch(/"max_(completion_)?tokens":1024/);
      }
    }
    const board = leaderboard(store, ExploreFiltersSchema.parse({ game: 'simulbench', dataset: 'simulbench' }));
    const meanOf = (eps: typeof x.episodes) => eps.reduce((a, e) => a + e.scores!.score!, 0) / eps.length;
    expect(board.rows.map((r) => [r.player, r.metrics.score!.pooled])).toEqual(
      expect.arrayContaining([
        ['openai:mock-play:simulbench:simulator:x', meanOf(x.episodes)],
        ['anthropic:mock-play:simulbench:simulator:y', meanOf(y.episodes)],
      ]),
    );

    const before = mock.requests.length;
    const pair = await play(store, 'simulbench_pairwise', { model_a: simulator(openai, 'x'), model_b: simulator(anthropic, 'y'), judge: JUDGE() });
    expect(pair.result.errors).toBe(0);
    // Both answers came from the cache: only the judge was called, twice per script.
    expect(mock.requests.length - before).toBe(2 * pair.episodes.length + 3); // + each model's one-token preflight
    for (const e of pair.episodes) {
      const judge = store.models.calls(e.id).filter((c) => c.role === 'judge');
      expect(judge).toHaveLength(2);
      const [ab, ba] = judge.map((c) => JSON.stringify(c.request)) as [string, string];
      const a = x.episodes.find((q) => q.instance.key === e.instance.key)!;
      const answerA = JSON.stringify(JSON.stringify({ AI: String(actionOf(store.events.list(a.id).find((ev) => ev.from === 'simulator')!).answer) }, null, 2)).slice(1, -1);
      // The order swap, visible in what the judge was sent: a's answer is Candidate A first, Candidate B second.
      expect(ab.indexOf(answerA)).toBeLessThan(ab.indexOf('[The End of Candidate Response A]'));
      expect(ba.indexOf(answerA)).toBeGreaterThan(ba.indexOf('[The Start of Candidate Response B]'));
      const s = e.scores!;
      expect(s.win! + s.tie! + s.lose!).toBe(1);
      // The built-in judge compares the single-answer ratings, never flipping with the order.
      expect(s.flip).toBe(0);
      const [rx, ry] = [x, y].map((r) => r.episodes.find((q) => q.instance.key === e.instance.key)!.scores!.score!);
      expect(s.win).toBe(rx! > ry! ? 1 : 0);
      expect(s.lose).toBe(rx! < ry! ? 1 : 0);
    }
  });

  it('counts a judge biased to the first position as ties with every verdict flipped', async () => {
    const store = tempStore();
    const { episodes } = await play(store, 'simulbench_pairwise', { model_a: simulator(openai, 'x'), model_b: simulator(openai, 'y'), judge: openai('mock-play:simulbench:judge:first') }, 'hard', 4);
    expect(episodes.map((e) => [e.scores!.tie, e.scores!.flip])).toEqual(episodes.map(() => [1, 1]));
  });

  it('records a judge that never rates as a judge failure, with no score', async () => {
    const store = tempStore();
    // AGE's built-in player, as a judge, answers in its own two-line format: never a rating.
    const { episodes, result } = await play(store, 'simulbench', { simulator: simulator(openai, 'x'), judge: openai('mock-play:age:player') }, 'lastonly', 2);
    expect(result.errors).toBe(0);
    for (const e of episodes) {
      expect(e.outcome).toBe('aborted');
      expect(e.scores).toEqual({ judge_failed: 1 });
      const events = store.events.list(e.id);
      // Asked, corrected with the prompt's own format line once, then given up.
      expect(events.filter((ev) => ev.from === 'judge').map((ev) => ev.valid)).toEqual([false, false]);
      expect(events.find((ev) => ev.kind === 'reprompt')!.text).toMatch(/Rating: \[\[5\]\]/);
    }
  });
});

describe('the score table by slices (Table 4)', () => {
  it('is the mean over each slice’s scripts, All the script-weighted mean of LastOnly and Hard', async () => {
    const store = tempStore();
    const { runId } = await prepareRun(store, { game: 'simulbench', dataset: { name: 'simulbench' }, seed: 1, players: { simulator: { provider: 'builtin', model: 'reference' }, judge: { provider: 'builtin', model: 'reference' } } });
    await executeRun(store, runId);
    const episodes = store.episodes.list(runId);
    const table = slices(store, ExploreFiltersSchema.parse({ game: 'simulbench', dataset: 'simulbench' }));
    expect(table.columns).toEqual(['LastOnly', 'FirstChan', 'SubseqChan', 'Stateless', 'Stateful', 'Hard', 'All']);
    const mean = (keep: (t: Record<string, string>) => boolean) => {
      const xs = episodes.filter((e) => keep(e.instance.tags)).map((e) => e.scores!.score!);
      return { mean: xs.reduce((a, b) => a + b, 0) / xs.length, n: xs.length };
    };
    const expected = [
      mean((t) => t.kind === 'last_only'),
      mean((t) => t.kind === 'first_chan'),
      mean((t) => t.kind === 'subseq_chan'),
      mean((t) => t.kind === 'first_chan' && t.type === 'stateless'),
      mean((t) => t.kind === 'first_chan' && t.type === 'stateful'),
      mean((t) => t.kind !== 'last_only'),
      mean(() => true),
    ];
    const [row] = table.rows;
    expect(row!.cells.map((c) => c!.n)).toEqual([225, 93, 182, 38, 55, 275, 500]);
    row!.cells.forEach((c, k) => expect(c!.mean).toBeCloseTo(expected[k]!.mean, 12));
    expect(row!.cells[6]!.mean).toBeCloseTo((225 * row!.cells[0]!.mean + 275 * row!.cells[5]!.mean) / 500, 12);
  });
});
