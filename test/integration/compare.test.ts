/**
 * Suite comparisons from a store: runs of a text game against its image variants (a test pair of toy
 * games, two image variants shown as one group), a model that cannot play the image side, and the
 * clembench text-vs-images export through `parlor`.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparisonTable } from '../../electron/engine/analysis/compare';
import { suiteTable } from '../../electron/engine/analysis/suite';
import { comparisonFile } from '../../electron/engine/api/suite-handlers';
import type { Game } from '../../electron/engine/core/game';
import type { Suite } from '../../electron/engine/core/suite';
import { clembenchTextVsImages } from '../../electron/engine/games/clembench/compare';
import { averageOverGames, clemscore, percentPlayed, quality, roundedMean } from '../../electron/engine/games/clembench/suite';
import { allComparisons, allGames, allSuites, registerComparison, registerGame, registerSuite } from '../../electron/engine/games/registry';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { Store } from '../../electron/engine/store/store';
import type { ModelConfigInput } from '../../shared/contract/models';
import { toyGame } from '../fixtures/toy-game/game';
import toyBuiltins from '../fixtures/toy-game/capabilities/builtins';
import { provide } from '../../electron/engine/core/capability';
import { parlor } from '../support/cli';
import { tempDir, tempStore } from '../support/tmp';
import { registerFixtureGame } from '../support/fixture-games';

// The toy relay shown from a picture: two "image" variants whose seer sees one image per message, with the toy's built-in relay and decider.
const imageVariant = (id: string): Game<unknown> => ({ ...(toyGame as unknown as Game<unknown>), id, shortTitle: id });
const imageVariantProvisions = (game: Game<unknown>) => [provide(game, 'builtins', toyBuiltins.value), provide(game, 'images', { of: () => [], perMessage: { seer: 1 } })];
const suiteOf = (id: string, games: string[], groups?: Suite['groups']): Suite => ({
  id, title: id, description: 'played × accuracy', games, groups, mean: roundedMean, cannotPlayValues: { played: 0 },
  perGame: [
    { key: 'played', label: '% Played', direction: 'higher', digits: 2, value: (m) => percentPlayed(m.played) },
    { key: 'quality', label: 'Quality', direction: 'higher', digits: 2, value: (m) => (m.accuracy ? quality({ ...m.accuracy, mean: m.accuracy.mean * 100 }) : null) },
  ],
  overall: [
    { key: 'clemscore', label: 'clemscore', direction: 'higher', digits: 2, value: (g) => clemscore(averageOverGames(g, 'played'), averageOverGames(g, 'quality')) },
    { key: 'avg_played', label: 'Average % Played', direction: 'higher', digits: 2, value: (g) => averageOverGames(g, 'played') },
  ],
});
await registerFixtureGame('toy-game');
if (!allGames().some((g) => g.id === 'toy_img1')) for (const game of ['toy_img1', 'toy_img2'].map(imageVariant)) registerGame(game, imageVariantProvisions(game));
if (!allSuites().some((s) => s.id === 'cmp_text')) {
  registerSuite(suiteOf('cmp_text', ['toy']));
  registerSuite(suiteOf('cmp_img', ['toy_img1', 'toy_img2'], { relay: { label: 'Relay (both)', games: ['toy_img1', 'toy_img2'] } }));
  registerComparison({ id: 'cmp', title: 'Toy text vs images', description: 'Δ = text − images.', sides: [{ suite: 'cmp_text', label: 'text' }, { suite: 'cmp_img', label: 'images' }], pairs: [{ label: 'Relay', ids: ['toy', 'relay'] }], measures: clembenchTextVsImages.measures });
}

const ALL_RIGHT = ['COLOUR: red', 'COLOUR: orange', 'COLOUR: green', 'COLOUR: blue'];
const HALF_RIGHT = ['COLOUR: red', 'COLOUR: x', 'COLOUR: green', 'COLOUR: x'];
const BUILTIN = { provider: 'builtin', model: 'reference' } as const;

async function play(store: Store, game: string, name: string, replies: string[], seer: Partial<ModelConfigInput> = {}): Promise<void> {
  const factory = () => new ScriptedModel(name, (_r, i) => replies[i % replies.length]!);
  const config = { game, dataset: { name: 'colours' }, repetitions: 1, seed: 1, players: { seer: { provider: 'scripted', model: name, ...seer }, relay: BUILTIN, decider: BUILTIN } };
  const { runId } = await prepareRun(store, config, { createModel: factory });
  await executeRun(store, runId, { createModel: factory });
}

describe('a suite comparison from stored runs', () => {
  it('compares each player across the two suites; the image variants as one group; a model that cannot play counts 0 % played', async () => {
    const store = tempStore();
    await play(store, 'toy', 'good', ALL_RIGHT);
    await play(store, 'toy', 'half', HALF_RIGHT);
    await play(store, 'toy_img1', 'good', ALL_RIGHT);
    await play(store, 'toy_img2', 'good', HALF_RIGHT);
    // Stored with no episode: the seer takes no images.
    await play(store, 'toy_img1', 'half', HALF_RIGHT, { imageInput: 'none' });
    await play(store, 'toy_img2', 'half', HALF_RIGHT, { imageInput: 'none' });
    // A second, unplayable run of a game the player has episodes of leaves its cell as played.
    await play(store, 'toy_img1', 'good', ALL_RIGHT, { imageInput: 'none' });
    const good = 'scripted:good--builtin:reference';
    const half = 'scripted:half--builtin:reference';
    const why = 'cannot play: scripted:half takes no images; toy_img1 shows the seer an image in one message';

    const images = suiteTable(store, 'cmp_img');
    const cell = (player: string, game: string) => images.rows.find((r) => r.player === player)!.games[game];
    expect(cell(good, 'toy_img1')).toEqual({ episodes: 4, values: { played: 100, quality: 100 } });
    expect(cell(half, 'toy_img1')).toEqual({ episodes: 0, values: { played: 0, quality: null }, cannotPlay: why });
    // Averages count the game: 0 % played, no quality, so no clemscore.
    expect(images.rows.find((r) => r.player === half)!.overall).toEqual({ clemscore: null, avg_played: 0 });
    // Grouping is a display choice: the overall columns are over every game either way.
    const grouped = suiteTable(store, 'cmp_img', { grouped: true });
    expect(grouped.games.map((g) => g.id)).toEqual(['relay']);
    expect(grouped.rows.map((r) => r.overall)).toEqual(images.rows.map((r) => r.overall));
    expect(grouped.rows.find((r) => r.player === half)!.games.relay).toEqual({ episodes: 0, values: { played: 0, quality: null }, cannotPlay: `${why}; ${why.replace('toy_img1', 'toy_img2')}` });

    const view = comparisonTable(store, 'cmp');
    expect(view.rows.map((r) => r.player)).toEqual([good, half]);
    const [g, h] = view.rows;
    // Relay (both): % played (100 + 100) / 2 = 100, quality (100 + 50) / 2 = 75, clemscore 75; text 100 → Δ 25.
    expect(g!.pairs.relay!.values).toEqual({ played: { a: 100, b: 100, diff: 0 }, quality: { a: 100, b: 75, diff: 25 }, clemscore: { a: 100, b: 75, diff: 25 } });
    expect(g!.overall).toEqual({ clemscore: { a: 100, b: 75, diff: 25 }, avg_played: { a: 100, b: 100, diff: 0 } });
    expect(h!.pairs.relay).toEqual({ values: { played: { a: 100, b: 0, diff: 100 }, quality: { a: 50, b: null, diff: null }, clemscore: { a: 50, b: 0, diff: 50 } }, cannotPlay: [null, expect.stringContaining('scripted:half takes no images')] });
    expect(h!.overall.clemscore).toEqual({ a: 50, b: null, diff: null });

    const csv = comparisonFile(store, 'cmp', 'csv').content.split('\r\n');
    expect(csv[0]).toBe('player,kind,clemscore_text,clemscore_images,clemscore_diff,avg_played_text,avg_played_images,avg_played_diff,relay_played_text,relay_played_images,relay_played_diff,relay_quality_text,relay_quality_images,relay_quality_diff,relay_clemscore_text,relay_clemscore_images,relay_clemscore_diff,cannot_play');
    expect(csv[1]).toBe(`${good},scripted,100.00,75.00,25.00,100.00,100.00,0.00,100.00,100.00,0.00,100.00,75.00,25.00,100.00,75.00,25.00,`);
    expect(csv[2]!.startsWith(`${half},scripted,50.00,,,100.00,0.00,100.00,100.00,0.00,100.00,50.00,,,50.00,0.00,50.00,Relay (images): cannot play: scripted:half`)).toBe(true);
    expect(comparisonFile(store, 'cmp', 'latex').content).toContain('\\multicolumn{9}{c}{Relay}');
  }, 60_000);
});

describe('parlor export comparison', () => {
  it('refuses an unknown comparison and a format it has not', async () => {
    const db = join(tempDir(), 'parlor.db');
    Store.open(db).close();
    const unknown = await parlor(db, ['export', 'comparison', '--id', 'nope']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/Unknown comparison "nope"/);
    const svg = await parlor(db, ['export', 'comparison', '--format', 'svg']);
    expect(svg.stderr).toMatch(/--format for comparison must be csv or latex/);
  }, 60_000);

  // Needs the multimodal suite and the comparison registered (games/registry.ts).
  it.skipIf(!allComparisons().some((c) => c.id === 'clembench_text_vs_images'))('prints clembench text vs images: a model that cannot play the image reference game scores 0 there', async () => {
    const db = join(tempDir(), 'parlor.db');
    const store = Store.open(db);
    try {
      for (const [game, roles] of [['referencegame', ['describer', 'follower']], ['matchit_ascii', ['player_a', 'player_b']]] as const) {
        const { runId } = await prepareRun(store, { game, dataset: { name: 'v1.6' }, limit: 1, repetitions: 1, seed: 1, players: Object.fromEntries(roles.map((r) => [r, BUILTIN])) });
        await executeRun(store, runId);
      }
      // The describer is shown three images in one message; a model that takes one cannot play.
      const one = { ...BUILTIN, imageInput: 'one' as const };
      await prepareRun(store, { game: 'multimodal_referencegame', dataset: { name: 'v1.6' }, limit: 1, repetitions: 1, seed: 1, players: { describer: one, follower: one } });
    } finally {
      store.close();
    }
    const csv = await parlor(db, ['export', 'comparison', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...rows] = csv.stdout.trim().split('\r\n');
    const cols = header!.split(',');
    const builtin = rows.find((l) => l.startsWith('builtin:reference,'))!.split(',');
    const at = (c: string) => builtin[cols.indexOf(c)];
    expect([at('reference_played_text'), at('reference_played_images'), at('reference_played_diff')]).toEqual(['100.00', '0.00', '100.00']);
    expect([at('reference_clemscore_images'), at('reference_quality_images'), at('reference_quality_diff')]).toEqual(['0.00', '', '']);
    expect(at('reference_clemscore_diff')).toBe(at('reference_clemscore_text'));
    expect(at('matchit_played_text')).toBe('100.00');
    expect(at('matchit_played_images')).toBe('');
    expect(at('cannot_play')).toMatch(/^Reference \(images\): cannot play: builtin:reference takes one image per message/);
    const tex = await parlor(db, ['export', 'comparison', '--id', 'clembench_text_vs_images', '--format', 'latex']);
    expect(tex.code, tex.stderr).toBe(0);
    expect(tex.stdout).toContain('\\multicolumn{9}{c}{Map Navigation}');
    expect(tex.stdout).toMatch(/ & (\\textbf\{)?0\.00\}?\\textsuperscript\{\\dag\} & \+100\.00 /);
  }, 120_000);
});
