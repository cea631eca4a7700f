/**
 * The core pieces the clembench games stand on, tested on the toy game so they assume no clembench
 * game: built-in players, experiments and per-experiment limits, suites (clemscore arithmetic), and
 * the import of logged episodes (replayed through the game's master, rescored, compared).
 */
import { describe, expect, it } from 'vitest';
import { suiteTable } from '../../electron/engine/analysis/suite';
import { selectInstances } from '../../electron/engine/core/selection';
import type { LogReading } from '../../electron/engine/core/log-import';
import { allSuites, registerSuite } from '../../electron/engine/games/registry';
import { averageOverGames, clemscore, percentPlayed, quality, roundedMean } from '../../electron/engine/games/clembench/suite';
import { episodeExportRows } from '../../electron/engine/io/episodes';
import { suiteCsvRows, suiteLatex } from '../../electron/engine/io/suite';
import { importLogs } from '../../electron/engine/runner/import-logs';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { toyGame } from '../fixtures/toy-game/game';
import { tempStore } from '../support/tmp';
import { registerFixtureGame } from '../support/fixture-games';

await registerFixtureGame('toy-game');
if (!allSuites().some((s) => s.id === 'toy-suite')) {
  registerSuite({
    id: 'toy-suite', title: 'Toy suite', description: 'played × accuracy', games: ['toy'], mean: roundedMean,
    perGame: [
      { key: 'played', label: '% Played', direction: 'higher', digits: 2, value: (m) => percentPlayed(m.played) },
      { key: 'quality', label: 'Quality', direction: 'higher', digits: 2, value: (m) => (m.accuracy ? quality({ ...m.accuracy, mean: m.accuracy.mean * 100 }) : null) },
    ],
    overall: [{ key: 'score', label: 'Score', direction: 'higher', digits: 2, value: (g) => clemscore(averageOverGames(g, 'played'), averageOverGames(g, 'quality')) }],
  });
}

const seer = (replies: string[]) => new ScriptedModel('seer', (_r, i) => replies[i % replies.length]!);

describe('clembench arithmetic (clemeval.save_clem_table)', () => {
  it('rounds per game, averages the rounded numbers over games that have them, and rounds again', () => {
    // Game A: 7 of 9 played → 77.777… → 77.78; quality 61.111… → 61.11. Game B: all played, quality 40.
    const a = { played: percentPlayed({ n: 9, mean: 7 / 9, sd: null }), quality: quality({ n: 7, mean: 427.777 / 7, sd: null }) };
    expect(a).toEqual({ played: 77.78, quality: 61.11 });
    const games = [a, { played: 100, quality: 40 }, { played: 0, quality: null }];
    expect(averageOverGames(games, 'played')).toBe(59.26); // (77.78 + 100 + 0) / 3 = 59.2600
    expect(averageOverGames(games, 'quality')).toBe(50.56); // (61.11 + 40) / 2 = 50.555 → 50.56
    expect(clemscore(59.26, 50.56)).toBe(29.96); // 0.5926 × 50.56 = 29.961…
    expect(clemscore(null, 50)).toBeNull();
  });
});

describe('experiments', () => {
  const inst = (e: string, k: number) => ({ key: `${e}/${k}`, name: `${e} ${k}`, payload: {}, tags: { experiment: e } });
  const all = [inst('a', 0), inst('a', 1), inst('a', 2), inst('b', 0), inst('b', 1)];
  it('keeps the first N of each experiment, and only the experiments asked for', () => {
    expect(selectInstances(all, { limit: 2 }).map((i) => i.key)).toEqual(['a/0', 'a/1', 'b/0', 'b/1']);
    expect(selectInstances(all, { experiments: ['b'] }).map((i) => i.key)).toEqual(['b/0', 'b/1']);
    expect(() => selectInstances(all, { experiments: ['c'] })).toThrow(/Unknown experiment "c": this dataset has a, b/);
    expect(selectInstances([{ key: 'x', name: 'x', payload: {}, tags: {} }, { key: 'y', name: 'y', payload: {}, tags: {} }], { limit: 1 }).map((i) => i.key)).toEqual(['x']);
  });
});

describe('built-in players', () => {
  it('play their roles in a run without a model, and are refused where the game has none', async () => {
    const t = { store: tempStore() };
    const factory = () => seer(['COLOUR: red', 'COLOUR: green']);
    const { runId } = await prepareRun(t.store, { game: 'toy', dataset: { name: 'colours' }, repetitions: 1, seed: 1, players: { seer: { provider: 'scripted', model: 's' }, relay: { provider: 'builtin', model: 'reference' }, decider: { provider: 'builtin', model: 'reference' } } }, { createModel: factory });
    await executeRun(t.store, runId, { createModel: factory });
    const episodes = t.store.episodes.list(runId);
    expect(episodes.map((e) => e.outcome)).toEqual(['success', 'failure', 'failure', 'failure']);
    const relay = t.store.events.list(episodes[0]!.id).find((e) => e.from === 'relay');
    expect(relay?.text).toBe('RELAY: red');
    expect(relay?.callId).not.toBeNull(); // its call is recorded like a provider's
    await expect(prepareRun(t.store, { game: 'toy', dataset: { name: 'colours' }, players: { seer: { provider: 'builtin', model: 'reference' }, relay: { provider: 'builtin', model: 'reference' }, decider: { provider: 'builtin', model: 'x' } } })).rejects.toThrow(/seer: Relay has no built-in player for the seer|No built-in player|built-in roles: relay, decider/);
  });
});

describe('suites', () => {
  it("pool each player's episodes per game and combine them; CSV and LaTeX carry the same numbers, ties all bold", async () => {
    const t = { store: tempStore() };
    for (const [name, replies] of [['good', ['COLOUR: red', 'COLOUR: orange', 'COLOUR: green', 'COLOUR: blue']], ['half', ['COLOUR: red', 'COLOUR: x', 'COLOUR: green', 'COLOUR: x']]] as const) {
      const factory = () => seer([...replies]);
      const { runId } = await prepareRun(t.store, { game: 'toy', dataset: { name: 'colours' }, repetitions: 1, seed: 1, players: { seer: { provider: 'scripted', model: name }, relay: { provider: 'builtin', model: 'reference' }, decider: { provider: 'builtin', model: 'reference' } } }, { createModel: factory });
      await executeRun(t.store, runId, { createModel: factory });
    }
    const view = suiteTable(t.store, 'toy-suite');
    const byPlayer = Object.fromEntries(view.rows.map((r) => [r.player, r]));
    // Players are named by the subject roles' players (seer, decider): 'scripted:good--builtin:reference'.
    const good = view.rows.find((r) => r.player.includes('good'))!;
    const half = view.rows.find((r) => r.player.includes('half'))!;
    expect(good.games.toy).toEqual({ episodes: 4, values: { played: 100, quality: 100 } });
    expect(half.games.toy!.values).toEqual({ played: 100, quality: 50 });
    expect(good.overall.score).toBe(100);
    expect(half.overall.score).toBe(50);
    expect(view.best.score).toEqual([good.player]);
    expect(view.best['toy:played']).toEqual([good.player, half.player].sort((a, b) => view.rows.findIndex((r) => r.player === a) - view.rows.findIndex((r) => r.player === b)));
    expect(Object.keys(byPlayer)).toHaveLength(2);
    expect(suiteCsvRows(view)[0]).toMatchObject({ player: good.player, score: 100, toy_episodes: 4, toy_played: 100, toy_quality: 100 });
    const tex = suiteLatex(view);
    expect(tex.match(/\\textbf\{100\.00\}/g)).toHaveLength(4); // both players' % played (a tie), the best quality and score
  });
});

describe('log import', () => {
  const logged = (path: string, key: string, seerReplies: string[], scores: Record<string, number | null> | null): LogReading['episodes'][number] => {
    const instance = toyGame.datasets.load({ name: 'colours' }).instances.find((i) => i.key === key)!;
    return { path, game: 'toy', group: 'm1--m2', models: { seer: 'm1', relay: 'm2', decider: 'm2' }, instance, replies: { seer: seerReplies, relay: [`RELAY: ${key}`], decider: [`FINAL: ${key}`] }, logged: scores, scoreKeys: { Aborted: 'aborted', Accuracy: 'accuracy' } };
  };

  it('replays logged replies through the game master, rescores, reports differences, log gaps and extra replies; a second import changes nothing', async () => {
    const t = { store: tempStore() };
    const reading: LogReading = {
      episodes: [
        logged('m1--m2/toy/0_all/episode_0', 'red', ['COLOUR: red'], { Aborted: 0, Accuracy: 1 }),
        logged('m1--m2/toy/0_all/episode_1', 'green', ['COLOUR: green', 'unused'], { Aborted: 0, Accuracy: 0 }), // the log says 0: a difference
        logged('m1--m2/toy/0_all/episode_2', 'blue', ['bad', 'still bad'], { Aborted: 1, Accuracy: null }), // aborted after one reprompt
        logged('m1--m2/toy/0_all/episode_3', 'orange', ['bad'], null), // the log stops before Parlor's reprompt is answered
      ],
      problems: [],
      unknownGames: { wordle: 3 },
    };
    const report = await importLogs(t.store, reading);
    expect(report.runs).toEqual([{ runId: 1, group: 'm1--m2', game: 'toy', dataset: 'colours', episodes: 4, skipped: false }]);
    expect(report.compared).toBe(3);
    expect(report.agreed).toBe(2);
    expect(report.differences).toEqual([{ path: 'm1--m2/toy/0_all/episode_1', key: 'Accuracy', logged: 0, parlor: 1 }]);
    expect(report.errors).toEqual([{ path: 'm1--m2/toy/0_all/episode_3', message: expect.stringMatching(/log holds 1 reply of the seer/) }]);
    // The aborted game never reached the relay and the decider: their logged replies are left over.
    expect(report.extraReplies).toEqual([{ path: 'm1--m2/toy/0_all/episode_1', seats: { seer: 1 } }, { path: 'm1--m2/toy/0_all/episode_2', seats: { relay: 1, decider: 1 } }]);
    const episodes = t.store.episodes.list(1);
    expect(episodes.map((e) => [e.instance.key, e.status, e.outcome])).toEqual([['red', 'done', 'success'], ['green', 'done', 'success'], ['blue', 'done', 'aborted'], ['orange', 'error', null]]);
    expect(t.store.runs.get(1).seats.map((s) => s.player).sort()).toEqual(['imported:m1', 'imported:m2', 'imported:m2']);
    const again = await importLogs(t.store, reading);
    expect(again.runs[0]!.skipped).toBe(true);
    expect(t.store.runs.all()).toHaveLength(1);
  });

  it('puts episodes of instances no bundled dataset holds on a dataset of the logged instances', async () => {
    const t = { store: tempStore() };
    const odd = logged('p/toy/0_all/episode_0', 'red', ['COLOUR: red'], null);
    odd.instance = { ...odd.instance, payload: { colour: 'red', rgb: [1, 2, 3] } };
    const report = await importLogs(t.store, { episodes: [odd], problems: [], unknownGames: {} });
    expect(report.runs[0]!.dataset).toMatch(/^logged@[0-9a-f]{8}$/);
  });
});

describe('per-episode export of data in experiments', () => {
  it('has clembench columns only where instances carry an experiment tag', async () => {
    const t = { store: tempStore() };
    const factory = () => seer(['COLOUR: red']);
    const { runId } = await prepareRun(t.store, { game: 'toy', dataset: { name: 'colours' }, repetitions: 1, seed: 1, limit: 1, players: { seer: { provider: 'scripted', model: 's' }, relay: { provider: 'builtin', model: 'reference' }, decider: { provider: 'builtin', model: 'reference' } } }, { createModel: factory });
    await executeRun(t.store, runId, { createModel: factory });
    expect(Object.keys(episodeExportRows(t.store, runId)[0]!)).not.toContain('experiment');
  });
});
