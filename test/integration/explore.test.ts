import { describe, expect, it } from 'vitest';
import type { ApiOutput } from '../../shared/api/contract';
import type { ModelConfig } from '../../shared/contract/models';
import { runReport } from '../../electron/engine/analysis/run-report';
import { rescoreRun } from '../../electron/engine/analysis/rescore';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { edaGame } from '../../electron/engine/games/eda/game';
import { edaTurns } from '../../electron/engine/games/eda/turns';
import { ProviderError } from '../../electron/engine/players/errors';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import type { ChatRequest } from '../../electron/engine/players/types';
import { textOf } from '../../shared/contract/content';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { parlor } from '../support/cli';
import { tempStore } from '../support/tmp';
import { apiCaller } from '../support/api';

const wire = (r: ChatRequest) => r.messages.map((m) => ({ role: m.role, content: textOf(m.content) }));
const THINGS = edaGame.datasets.load({ name: 'things', subset: 'test' }).instances.map((i) => i.name);
/** The mock provider's guesser; offset -1: one that names the test list's entities in order (turn t: the t-th). */
const guess = (r: ChatRequest, offset: number) => (offset < 0 ? `Is it a ${THINGS[(r.messages.length - 1) / 2]!.toLowerCase()}?` : mockGuesser(wire(r), (r.seed ?? 0) + offset));

/**
 * A run of scripted guesser `name` (its seed offset makes it play differently) against the mock
 * judge; with `failAfter`, its calls fail (HTTP 500) once a game is longer than that.
 */
async function play(store: Store, name: string, offset: number, dataset = 'things', failAfter = Infinity) {
  const factory = (c: ModelConfig) =>
    c.model === 'judge'
      ? new ScriptedModel('judge', (r) => mockJudge(textOf(r.messages[0]!.content)))
      : new ScriptedModel(name, (r) => (r.messages.length > 2 * failAfter ? new ProviderError('server', 'HTTP 500') : guess(r, offset)));
  const { runId } = await prepareRun(
    store,
    { dataset: { name: dataset, split: 'test' }, limit: 8, repetitions: 3, seed: 5, preflight: false, players: { guesser: { provider: 'scripted', model: name }, judge: { provider: 'scripted', model: 'judge' } } },
    { createModel: factory },
  );
  await executeRun(store, runId, { createModel: factory });
  return runId;
}

async function setup() {
  const store = tempStore();
  const a = await play(store, 'alpha', 0);
  const b = await play(store, 'beta', 1000);
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
  const call = apiCaller(service);
  return { store, a, b, call };
}

const raw = (store: Store) => (store as unknown as { db: import('better-sqlite3').Database }).db;

describe('explore views on real runs', () => {
  it('a one-run leaderboard row equals that run’s Table 1, and the sums stay exact through a rescore', async () => {
    const { store, a, call } = await setup();
    const board = await call('explore.leaderboard', { filters: { dataset: 'things' } });
    expect(board.rows.map((r) => r.player).sort()).toEqual(['scripted:alpha', 'scripted:beta']);
    expect(board.coverage).toEqual({ mode: 'common', total: 8, common: 8, leftOutByFailures: 0, outside: [], everyoneShapes: false, minEpisodes: 5 });
    const row = board.rows.find((r) => r.player === 'scripted:alpha')!;
    const { report } = runReport(store, a);
    for (const key of ['turns', 'success', 'yes', 'score'] as const) {
      expect(row.metrics[key]!.mean).toBeCloseTo(report.metrics[key]!.mean, 10);
      expect(row.metrics[key]!.std!).toBeCloseTo(report.metrics[key]!.std!, 10);
    }
    expect(row.episodes).toBe(24);

    rescoreRun(store, a, { lambda: 0.05 }, true);
    const sums = raw(store).prepare(`SELECT run_id, repetition, n, sum, sum2 FROM rep_sums WHERE metric = 'score' ORDER BY 1, 2`).all();
    const direct = raw(store)
      .prepare(`SELECT e.run_id, e.repetition, COUNT(*) AS n, SUM(s.value) AS sum, SUM(s.value * s.value) AS sum2 FROM episodes e
                JOIN scores s ON s.episode_id = e.id AND s.metric = 'score' WHERE e.status = 'done' GROUP BY 1, 2 ORDER BY 1, 2`)
      .all();
    expect(sums.length).toBe(direct.length);
    sums.forEach((s, i) => {
      const d = direct[i] as Record<string, number>;
      const t = s as Record<string, number>;
      expect([t.run_id, t.repetition, t.n]).toEqual([d.run_id, d.repetition, d.n]);
      expect(t.sum).toBeCloseTo(d.sum!, 10);
      expect(t.sum2).toBeCloseTo(d.sum2!, 10);
    });
    const after = await call('explore.leaderboard', { filters: { dataset: 'things' } });
    expect(after.rows.find((r) => r.player === 'scripted:alpha')!.metrics.score!.mean).toBeCloseTo(rescoreRun(store, a).report.metrics.score!.mean, 10);
  });

  it('errors never change a ranking: two identical players, one failing on its long games, tie on the instances both finished', async () => {
    const store = tempStore();
    // Both name the entities in list order, so the 8 entities are won at turns 1…8; the flaky copy
    // fails (HTTP 500) on any game longer than 5 questions: its finished games are its easy ones.
    await play(store, 'steady', -1);
    await play(store, 'flaky', -1, 'things', 5);
    const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser' });
    const board = async (instances: 'common' | 'all') => {
      const reply = await service.registry.dispatch('explore.leaderboard', { filters: { dataset: 'things', instances } });
      if (!reply.ok) throw new Error(reply.error.message);
      return reply.result as ApiOutput<'explore.leaderboard'>;
    };
    const all = await board('all');
    const flakyAll = all.rows.find((r) => r.player === 'scripted:flaky')!;
    const steadyAll = all.rows.find((r) => r.player === 'scripted:steady')!;
    expect(flakyAll.errorsExcluded).toBeGreaterThan(0);
    // Counting every finished episode rewards failing on hard games: the flaky copy looks better.
    expect(flakyAll.metrics.score!.mean).toBeGreaterThan(steadyAll.metrics.score!.mean);
    expect(all.rows[0]!.player).toBe('scripted:flaky');

    const common = await board('common');
    const flaky = common.rows.find((r) => r.player === 'scripted:flaky')!;
    const steady = common.rows.find((r) => r.player === 'scripted:steady')!;
    expect(common.coverage).toEqual({ mode: 'common', total: 8, common: 5, leftOutByFailures: 3, outside: [], everyoneShapes: false, minEpisodes: 5 });
    expect(flakyAll.errorsExcluded).toBe(9); // 3 entities × 3 repetitions
    for (const key of ['turns', 'success', 'yes', 'score']) expect(flaky.metrics[key]!.mean).toBeCloseTo(steady.metrics[key]!.mean, 12);
    expect(flaky.episodes).toBe(steady.episodes);
    expect(steady.leftOut).toBe(24 - steady.episodes);
    expect(flaky.errorsExcluded).toBe(flakyAll.errorsExcluded);

    // A third copy that fails beyond 2 questions: only entities 1 and 2 are common. The others now keep
    // fewer instances than they leave out, so their sums are read directly instead of subtracted.
    await play(store, 'brittle', -1, 'things', 2);
    const narrow = await board('common');
    expect(narrow.coverage).toEqual({ mode: 'common', total: 8, common: 2, leftOutByFailures: 6, outside: [], everyoneShapes: false, minEpisodes: 5 });
    for (const row of narrow.rows) {
      expect(row.episodes, row.player).toBe(6);
      expect(row.metrics.turns).toMatchObject({ mean: 1.5, std: 0, n: 6 });
      expect(row.metrics.success!.mean).toBe(1);
    }
    expect(narrow.rows.map((r) => [r.player, r.leftOut])).toEqual([['scripted:brittle', 0], ['scripted:flaky', 9], ['scripted:steady', 18]]);
    await service.close();
  });

  it('views are kept until the data change, in this process or another', async () => {
    const { store, call } = await setup();
    const view = async () => ({
      all: await call('explore.leaderboard', { filters: { dataset: 'things', instances: 'all' } }),
      common: await call('explore.leaderboard', { filters: { dataset: 'things' } }),
    });
    const first = await view();
    expect(await view()).toEqual(first);
    const episodes = (player: string, board: typeof first.all) => board.rows.find((r) => r.player === player)!.episodes;
    const common = (board: typeof first.common) => (board.coverage.mode === 'common' ? board.coverage.common : NaN);
    // Another connection (as another process would) marks an episode invalid: the next view sees it.
    const other = Store.open(store.path);
    other.episodes.setInvalid(store.episodes.list(1)[0]!.id, 'chit-chat');
    other.close();
    const second = await view();
    expect(episodes('scripted:alpha', second.all)).toBe(episodes('scripted:alpha', first.all) - 1);
    expect(common(second.common)).toBe(common(first.common) - 1);
    // And this connection's own write.
    store.episodes.setInvalid(store.episodes.list(2)[0]!.id, 'nonsense');
    const third = await view();
    expect(episodes('scripted:beta', third.all)).toBe(episodes('scripted:beta', first.all) - 1);
  });

  it('heatmap cells cover every finished episode; a cell lists its episodes', async () => {
    const { call } = await setup();
    const map = await call('explore.heatmap', { filters: { dataset: 'things' }, topic: 'category', metric: 'success' });
    expect(map.players).toEqual(['scripted:alpha', 'scripted:beta']);
    expect(map.cells.reduce((s, c) => s + c.n, 0)).toBe(48);
    expect(map.topics.every((t) => t !== '(none)')).toBe(true);
    const cell = map.cells[0]!;
    const listed = await call('explore.cell', { filters: { dataset: 'things' }, topic: 'category', value: cell.topic, player: cell.player });
    expect(listed.episodes).toHaveLength(cell.n);
    expect(listed.episodes.filter((e) => e.outcome === 'success').length / cell.n).toBeCloseTo(cell.mean, 10);
  });

  it('difficulty orders items easy → hard and flags the ones nobody solved', async () => {
    const { call } = await setup();
    const d = await call('explore.difficulty', { filters: { dataset: 'things' }, axis: 'item' });
    expect(d.rows).toHaveLength(8);
    for (let i = 1; i < d.rows.length; i++) expect(d.rows[i - 1]!.mean).toBeGreaterThanOrEqual(d.rows[i]!.mean);
    for (const r of d.rows) expect(r.unsolved).toBe(Object.values(r.players).every((p) => !p.solved));
    const byTopic = await call('explore.difficulty', { filters: { dataset: 'things' }, axis: 'topic:category' });
    expect(byTopic.rows.length).toBeLessThanOrEqual(8);
  });

  it('pairs two players on the same entities, their repetitions averaged per entity', async () => {
    const { call } = await setup();
    const c = await call('explore.compare', { filters: { dataset: 'things' }, a: 'scripted:alpha', b: 'scripted:beta' });
    expect([c.test, c.n]).toEqual(['paired-instances', 8]);
    expect(c.method).toMatch(/^paired t-test over the 8 entities both played \(24 and 24 episodes\), each player's repetitions on one averaged first$/);
    expect(c.low!).toBeLessThanOrEqual(c.difference!);
    expect(c.high!).toBeGreaterThanOrEqual(c.difference!);
    expect(c.p).toBeGreaterThan(0);
  });

  it('side by side: episodes of one entity from both players, with marks', async () => {
    const { store, a, call } = await setup();
    const first = store.episodes.list(a)[0]!;
    const siblings = await call('explore.siblings', { episodeId: first.id });
    expect(siblings.instance).toBe(first.instance.name);
    expect(siblings.episodes).toHaveLength(6); // 3 repetitions × 2 players
    const view = await call('explore.sideBySide', { episodeIds: siblings.episodes.slice(0, 3).map((e) => e.id) });
    expect(view.columns).toHaveLength(3);
    for (const column of view.columns) {
      expect(column.marks.filter((m) => m.marks.includes('first-yes')).length).toBeLessThanOrEqual(1);
      expect(column.marks.filter((m) => m.marks.includes('winning')).length).toBe(column.episode.outcome === 'success' ? 1 : 0);
      expect(edaTurns(column.events).turns.length).toBe(column.episode.scores!.turns);
    }
  });

  it('exports CSV and LaTeX from the API and the CLI alike', async () => {
    const { store, call } = await setup();
    const csv = await call('explore.export', { view: 'leaderboard', format: 'csv', filters: { dataset: 'things' } });
    expect(csv.filename).toBe('leaderboard-things.csv');
    expect(csv.content.split('\r\n')[0]).toMatch(/^player,kind,episodes,repetitions,errors_excluded,unfinished_excluded,left_out,turns_mean/);
    const tex = await call('explore.export', { view: 'leaderboard', format: 'latex', filters: { dataset: 'things' } });
    expect(tex.content).toContain('\\toprule');
    expect(tex.content).toContain('scripted:alpha');
    const cli = await parlor(store.path, ['export', 'leaderboard', '--dataset', 'things', '--format', 'latex']);
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toBe(tex.content);
    const heat = await parlor(store.path, ['export', 'heatmap', '--dataset', 'things', '--topic', 'category', '--format', 'svg']);
    expect(heat.stdout).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(heat.stdout).not.toContain('style=');
    // Rows by the judge: both runs had the same judge, so one row over all their episodes.
    const byJudge = await parlor(store.path, ['export', 'leaderboard', '--dataset', 'things', '--by', 'judge']);
    expect(byJudge.stdout.split('\r\n').slice(1, -1).map((l) => l.split(',').slice(0, 3))).toEqual([['scripted:judge', 'scripted', '48']]);
    const badRole = await parlor(store.path, ['export', 'leaderboard', '--by', 'seer']);
    expect(badRole.stderr).toBe('parlor: EDA has no role "seer"; its roles: guesser, judge.\n');
    expect(badRole.code).toBe(2);
  });
});
