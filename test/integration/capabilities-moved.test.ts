/**
 * The five hooks that left `Game` (aggregates, annotation, presets, run files, fixed subsets) are
 * capabilities like the rest: each taken away from one game, as deleting its file in the game's
 * folder would, leaves that game without it, in words where it is asked for, and every other game,
 * and the game's other capabilities, as they were.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { aggregatesOf } from '../../electron/engine/capabilities/aggregates/provision';
import { capabilitiesOf, capabilityOf, provide, type CapabilityKey, type Provision } from '../../electron/engine/core/capability';
import type { Game } from '../../electron/engine/core/game';
import { allGames, gameById, registerGame } from '../../electron/engine/games/registry';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { runFile } from '../../electron/engine/runner/run-files';
import { Store } from '../../electron/engine/store/store';
import type { GameInfo } from '../../shared/contract/game';
import { apiCaller, type ApiCall } from '../support/api';

/** A copy of `gameId` under another id with every capability it provides but `key`. */
function without(gameId: string, key: CapabilityKey, id: string): Game<unknown> {
  const known = allGames().find((g) => g.id === id);
  if (known) return known;
  const original = gameById(gameId);
  expect(capabilitiesOf(original)).toContain(key);
  const copy: Game<unknown> = { ...original, id };
  const provisions: Provision[] = capabilitiesOf(original).filter((k) => k !== key).map((k) => provide(copy, k, capabilityOf(original, k)!));
  registerGame(copy, provisions);
  return copy;
}

let store: Store;
let service: ApiService;
let call: ApiCall;
let games: GameInfo[];
const info = (id: string) => games.find((g) => g.id === id)!;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-moved-'));
  store = Store.open(join(dir, 'p.db'));
  service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
  call = apiCaller(service);
  for (const [game, key, id] of [['eda', 'annotation', 'eda_no_annotation'], ['eda', 'fixed-subsets', 'eda_no_fixed'], ['age', 'presets', 'age_no_presets'], ['simulbench_pairwise', 'aggregates', 'pairwise_no_aggregates'], ['simulbench_make', 'run-files', 'make_no_run_files']] as const) without(game, key, id);
  games = await call('games.list', {});
});
afterAll(async () => {
  await service.close();
});

describe('a hook that left Game is a capability a game can lose by one file', () => {
  it('annotation: the app is told there is nothing to annotate; EDA keeps its judge answers', () => {
    expect(info('eda').annotation?.itemsNoun).toBe('judge answers');
    expect(info('eda_no_annotation').annotation).toBeNull();
    expect(info('eda_no_annotation').probing).toEqual(info('eda').probing);
  });

  it('fixed subsets: the copy has only users’ subsets; EDA keeps things-30 and celebrities-30', async () => {
    expect((await call('subsets.list', { game: 'eda' })).map((s) => s.name)).toEqual(expect.arrayContaining(['things-30', 'celebrities-30']));
    expect((await call('subsets.list', { game: 'eda_no_fixed' })).map((s) => s.name)).toEqual([]);
  });

  it('presets: the copy starts from none; AGE keeps the paper’s experiments', () => {
    expect(info('age').presets.length).toBeGreaterThan(0);
    expect(info('age_no_presets').presets).toEqual([]);
  });

  it('aggregates: the pairwise copy shows its metrics alone; the pairwise game keeps Win − Lose', () => {
    expect(info('simulbench_pairwise').aggregates.map((a) => a.key)).toEqual(['difference']);
    expect(info('pairwise_no_aggregates').aggregates).toEqual([]);
    expect(aggregatesOf(gameById('pairwise_no_aggregates'))).toEqual([]);
  });

  it('run files: the copy makes none and says which it has; the pipeline game keeps its scripts', () => {
    expect(info('simulbench_make').runFiles.map((f) => f.id)).toEqual(['scripts']);
    expect(info('make_no_run_files').runFiles).toEqual([]);
  });

  it('run files: asking the copy for one is refused in words; the pipeline game names what it makes', async () => {
    const builtin = { provider: 'builtin', model: 'reference' } as const;
    const players = { simulator: builtin, user_agent: builtin, judge: builtin };
    const prepared = async (game: string) => (await prepareRun(store, { game, dataset: { name: 'simulbench-tasks' }, players, repetitions: 1, limit: 1, preflight: false })).runId;
    const bare = await prepared('make_no_run_files');
    expect(() => runFile(store, bare, 'scripts')).toThrow('SimulBench scripts makes no file "scripts" from a run.');
    const own = await prepared('simulbench_make');
    expect(() => runFile(store, own, 'tables')).toThrow('SimulBench scripts makes no file "tables" from a run; it makes: scripts.');
  });
});

describe('Game is small', () => {
  it('every game, bundled or test-only, has at most 12 members', () => {
    for (const game of allGames()) expect(Object.keys(game).length, game.id).toBeLessThanOrEqual(12);
  });

  it('the interface itself declares 12 members, none optional', () => {
    const source = readFileSync(fileURLToPath(new URL('../../electron/engine/core/game.ts', import.meta.url)), 'utf8');
    const body = source.slice(source.indexOf('export interface Game<S = unknown> {'), source.indexOf('\n}\n', source.indexOf('export interface Game<S = unknown> {')));
    const members = [...body.matchAll(/^ {2}(?:readonly )?([a-zA-Z]+)(\??)[:(]/gm)];
    expect(members.map((m) => m[1])).toEqual(['id', 'title', 'shortTitle', 'settings', 'roles', 'datasets', 'seats', 'play', 'score', 'metrics', 'view', 'estimate']);
    expect(members.filter((m) => m[2] === '?')).toEqual([]);
  });
});
