import { describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import type { ModelConfig } from '../../shared/contract/models';
import { runReport } from '../../electron/engine/analysis/run-report';
import { rescoreRun } from '../../electron/engine/analysis/rescore';
import { createApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { parlor } from '../support/cli';
import { tempStore } from '../support/tmp';

/** A run of scripted guesser `name` (its seed offset makes it play differently) against the mock judge. */
async function play(store: Store, name: string, offset: number, dataset = 'things') {
  const factory = (c: ModelConfig) =>
    c.model === 'judge' ? new ScriptedModel('judge', (r) => mockJudge(r.messages[0]!.content)) : new ScriptedModel(name, (r) => mockGuesser(r.messages, (r.seed ?? 0) + offset));
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
  const call = async <M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> => {
    const reply = await service.registry.dispatch(method, input);
    if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`);
    return reply.result as ApiOutput<M>;
  };
  return { store, a, b, call };
}

const raw = (store: Store) => (store as unknown as { db: import('better-sqlite3').Database }).db;

describe('explore views on real runs', () => {
  it('a one-run leaderboard row equals that run’s Table 1, and the sums stay exact through a rescore', async () => {
    const { store, a, call } = await setup();
    const board = await call('explore.leaderboard', { filters: { dataset: 'things' } });
    expect(board.rows.map((r) => r.player).sort()).toEqual(['scripted:alpha', 'scripted:beta']);
    const row = board.rows.find((r) => r.player === 'scripted:alpha')!;
    const { report } = runReport(store, a);
    for (const key of ['turns', 'success', 'yes', 'score'] as const) {
      expect(row.metrics[key].mean).toBeCloseTo(report.metrics[key]!.mean, 10);
      expect(row.metrics[key].std!).toBeCloseTo(report.metrics[key]!.std!, 10);
    }
    expect(row.episodes).toBe(24);

    rescoreRun(store, a, { lambda: 0.05 }, true);
    const sums = raw(store).prepare(`SELECT run_id, repetition, n, score, score2 FROM repetition_sums ORDER BY 1, 2`).all();
    const direct = raw(store)
      .prepare(`SELECT run_id, repetition, COUNT(*) AS n, SUM(m_score) AS score, SUM(m_score * m_score) AS score2 FROM episodes WHERE status = 'done' GROUP BY 1, 2 ORDER BY 1, 2`)
      .all();
    expect(sums.length).toBe(direct.length);
    sums.forEach((s, i) => {
      const d = direct[i] as Record<string, number>;
      const t = s as Record<string, number>;
      expect([t.run_id, t.repetition, t.n]).toEqual([d.run_id, d.repetition, d.n]);
      expect(t.score).toBeCloseTo(d.score!, 10);
      expect(t.score2).toBeCloseTo(d.score2!, 10);
    });
    const after = await call('explore.leaderboard', { filters: { dataset: 'things' } });
    expect(after.rows.find((r) => r.player === 'scripted:alpha')!.metrics.score.mean).toBeCloseTo(rescoreRun(store, a).report.metrics.score!.mean, 10);
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
    expect(listed.episodes.filter((e) => e.outcome === 'win').length / cell.n).toBeCloseTo(cell.mean, 10);
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

  it('pairs two players on the same entities', async () => {
    const { call } = await setup();
    const c = await call('explore.compare', { filters: { dataset: 'things' }, a: 'scripted:alpha', b: 'scripted:beta' });
    expect(c.items).toBe(8);
    expect(c.low!).toBeLessThanOrEqual(c.difference!);
    expect(c.high!).toBeGreaterThanOrEqual(c.difference!);
    expect(c.p).toBeGreaterThan(0);
  });

  it('side by side: episodes of one entity from both players, with marks', async () => {
    const { store, a, call } = await setup();
    const first = store.listEpisodes(a)[0]!;
    const siblings = await call('explore.siblings', { episodeId: first.id });
    expect(siblings.entity).toBe(first.entity);
    expect(siblings.episodes).toHaveLength(6); // 3 repetitions × 2 players
    const view = await call('explore.sideBySide', { episodeIds: siblings.episodes.slice(0, 3).map((e) => e.id) });
    expect(view.columns).toHaveLength(3);
    for (const column of view.columns) {
      expect(column.turns.filter((t) => t.firstYes).length).toBeLessThanOrEqual(1);
      expect(column.turns.filter((t) => t.winning).length).toBe(column.episode.outcome === 'win' ? 1 : 0);
    }
  });

  it('exports CSV and LaTeX from the API and the CLI alike', async () => {
    const { store, call } = await setup();
    const csv = await call('explore.export', { view: 'leaderboard', format: 'csv', filters: { dataset: 'things' } });
    expect(csv.filename).toBe('leaderboard-things.csv');
    expect(csv.content.split('\r\n')[0]).toMatch(/^player,kind,episodes,repetitions,errors_excluded/);
    const tex = await call('explore.export', { view: 'leaderboard', format: 'latex', filters: { dataset: 'things' } });
    expect(tex.content).toContain('\\toprule');
    expect(tex.content).toContain('scripted:alpha');
    const cli = await parlor(store.path, ['export', 'leaderboard', '--dataset', 'things', '--format', 'latex']);
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toBe(tex.content);
    const heat = await parlor(store.path, ['export', 'heatmap', '--dataset', 'things', '--topic', 'category', '--format', 'svg']);
    expect(heat.stdout).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(heat.stdout).not.toContain('style=');
  });
});
