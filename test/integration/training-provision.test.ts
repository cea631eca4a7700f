/**
 * The `training` capability taken away from one game (EDA without `capabilities/training.ts`): the
 * training export refuses its runs in words, in the API and in `parlor export training`, the app is
 * told it has none (no export panel on its runs), and EDA's runs still export. The capability's check
 * names what is wrong with a provision.
 */
import { nothingElse } from '../support/provisions';
import { beforeAll, describe, expect, it } from 'vitest';
import { trainingCheck } from '../../electron/engine/capabilities/training/provision';
import { exportCommand } from '../../electron/cli/commands/export';
import { provide } from '../../electron/engine/core/capability';
import { gameById, registerGame } from '../../electron/engine/games/registry';
import { trainingShown } from '../../renderer/src/capabilities/training/shown';
import { edaWithoutFixture, type EdaWithout } from '../support/eda-without';

let db: string;
let bare: string;
let own: number;
let without: number;
let reply: EdaWithout['reply'];
let call: EdaWithout['call'];

beforeAll(async () => {
  ({ db, bare, own, without, reply, call } = await edaWithoutFixture('training'));
});

describe('a game without the training capability', () => {
  it('is told to the app as offering no training data, and keeps its other capabilities', async () => {
    const games = await call('games.list', {});
    const info = (id: string) => games.find((g) => g.id === id)!;
    expect(info('eda').training).toEqual({ seat: 'guesser', heldOut: ['test'] });
    expect(info(bare).training).toBeNull();
    expect(info(bare).probing).toEqual(info('eda').probing);
    expect(info(bare).failureModes).toEqual(info('eda').failureModes);
  });

  it('refuses its runs in the training export, in the API and in parlor export training alike', async () => {
    const refusal = `Run ${without} plays EDA, which offers no training export.`;
    expect(await reply('runs.trainingExport', { runIds: [without], format: 'chat', games: 'all' })).toMatchObject({ ok: false, error: { message: refusal } });
    expect(await reply('runs.trainingExport', { runIds: [own, without], format: 'rewards', games: 'all' })).toMatchObject({ ok: false, error: { message: refusal } });
    expect(() => exportCommand('training', { db, format: 'csv', runs: String(without) })).toThrow(refusal);
  });

  it('shows no export panel on its run page; EDA still does, and exports its games', async () => {
    const games = await call('games.list', {});
    expect(trainingShown({ run: await call('runs.get', { runId: without }), game: games.find((g) => g.id === bare) })).toBe(false);
    expect(trainingShown({ run: await call('runs.get', { runId: own }), game: games.find((g) => g.id === 'eda') })).toBe(true);
    const file = await call('runs.trainingExport', { runIds: [own], format: 'rewards', games: 'all' });
    expect(file.lines).toBe(3);
  });
});

describe('the training check', () => {
  it("names each problem of a game's provision, and keeps a game with one out", () => {
    const eda = gameById('eda');
    const bad = { seat: 'guesser', heldOut: ['exam'], dialogue: () => [], rewardRule: {}, rewards: () => [] } as never;
    expect(trainingCheck.problems(bad, eda, nothingElse)).toEqual(['heldOut names "exam", which no bundled dataset of the game has', 'rewardRule must be a function']);
    expect(trainingCheck.problems({ ...(bad as object), seat: '', heldOut: 'test' } as never, eda, nothingElse)).toEqual([
      'seat must name the seat whose view is exported',
      'heldOut must list the subsets held out for evaluation (empty when none is)',
      'rewardRule must be a function',
    ]);
    const broken = { ...eda, id: 'eda_bad_training' };
    expect(() => registerGame(broken, [provide(broken, 'training', bad)])).toThrow(/training: heldOut names "exam"/);
  });
});
