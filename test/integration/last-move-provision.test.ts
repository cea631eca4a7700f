/**
 * The `last-move` capability taken away from one game (EDA without `capabilities/last-move.ts`): no
 * last-turn swap of its runs can start, the X → Y views refuse them in words, the app is told it has
 * none (no swap panel on its runs), and EDA itself still swaps. The capability's check names what is
 * wrong with a provision.
 */
import { nothingElse } from '../support/provisions';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastMoveCheck } from '../../electron/engine/capabilities/last-move/provision';
import { prepareLastTurnSwap } from '../../electron/engine/capabilities/last-move/swap';
import { ablateCommand } from '../../electron/cli/capabilities/last-move';
import { provide } from '../../electron/engine/core/capability';
import { gameById, registerGame } from '../../electron/engine/games/registry';
import { Store } from '../../electron/engine/store/store';
import { lastTurnShown } from '../../renderer/src/capabilities/last-move/shown';
import { edaWithoutFixture, type EdaWithout } from '../support/eda-without';

let store: Store;
let db: string;
let bare: string;
let own: number;
let without: number;
let reply: EdaWithout['reply'];
let call: EdaWithout['call'];
const Y = { provider: 'scripted' as const, model: 'piano' };

beforeAll(async () => {
  ({ store, db, bare, own, without, reply, call } = await edaWithoutFixture('last-move'));
});

describe('a game without the last-move capability', () => {
  it('is told to the app as having no last-turn swap, and keeps its other capabilities', async () => {
    const games = await call('games.list', {});
    const info = (id: string) => games.find((g) => g.id === id)!;
    expect(info('eda').lastMove).toEqual({ seat: 'guesser' });
    expect(info(bare).lastMove).toBeNull();
    expect(info(bare).probing).toEqual(info('eda').probing);
    expect(info(bare).failureModes).toEqual(info('eda').failureModes);
  });

  it('refuses to swap its last turns or read them as X → Y, in the API and the CLI alike', async () => {
    const refusal = `Run ${without} plays EDA, which offers no last-turn swap.`;
    expect(() => prepareLastTurnSwap(store, without, Y)).toThrow(refusal);
    expect(await reply('ablation.start', { runId: without, model: Y })).toMatchObject({ ok: false, error: { message: refusal } });
    expect(await reply('ablation.matrix', { runIds: [without] })).toMatchObject({ ok: false, error: { message: refusal } });
    expect(await reply('ablation.export', { runIds: [without], format: 'csv' })).toMatchObject({ ok: false, error: { message: refusal } });
    await expect(ablateCommand({ db, matrix: String(without) })).rejects.toThrow(refusal);
    // Nothing was made of the refused swap.
    expect(store.runs.list().map((r) => r.id).sort()).toEqual([own, without].sort());
  });

  it('shows no swap panel on its run page, and EDA still offers its own and reads its matrix', async () => {
    const games = await call('games.list', {});
    expect(lastTurnShown({ run: await call('runs.get', { runId: without }), game: games.find((g) => g.id === bare) })).toBe(false);
    expect(lastTurnShown({ run: await call('runs.get', { runId: own }), game: games.find((g) => g.id === 'eda') })).toBe(true);
    const matrix = await call('ablation.matrix', { runIds: [own] });
    expect(matrix.seat).toBe('guesser');
    expect(prepareLastTurnSwap(store, own, Y).episodes).toBeGreaterThan(0);
  });
});

describe('the last-move check', () => {
  it("names each problem of a game's provision, and keeps a game with one out", () => {
    const eda = gameById('eda');
    const bad = { seat: '', cut: 'last' } as never;
    expect(lastMoveCheck.problems(bad, eda, nothingElse)).toEqual(['seat must name the seat whose last move is swapped', "cut must be a function of an episode's events"]);
    const broken = { ...eda, id: 'eda_bad_last_move' };
    expect(() => registerGame(broken, [provide(broken, 'last-move', bad)])).toThrow(/last-move: seat must name/);
  });
});
