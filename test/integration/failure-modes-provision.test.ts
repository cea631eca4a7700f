/**
 * The `failure-modes` capability taken away from one game (EDA without `capabilities/failure-modes.ts`):
 * its tags, their files, reviews and the LLM tagger refuse its runs in words, the app is told it has
 * none (no button on its runs, no link on the annotation page), and EDA itself is still tagged. The
 * capability's check names what is wrong with a provision.
 */
import { nothingElse } from '../support/provisions';
import { beforeAll, describe, expect, it } from 'vitest';
import { failureModesCheck } from '../../electron/engine/capabilities/failure-modes/provision';
import { failureTagStore } from '../../electron/engine/capabilities/failure-modes/store';
import { tagsCommand } from '../../electron/cli/capabilities/failure-modes';
import { provide } from '../../electron/engine/core/capability';
import { gameById, registerGame } from '../../electron/engine/games/registry';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { Store } from '../../electron/engine/store/store';
import { failureModesShown, taggedRuns } from '../../renderer/src/capabilities/failure-modes/shown';
import { edaWithoutFixture, type EdaWithout } from '../support/eda-without';

let store: Store;
let db: string;
let bare: string;
let own: number;
let without: number;
let reply: EdaWithout['reply'];
let call: EdaWithout['call'];
const tagger = new ScriptedModel('tagger', () => '[{"turn": 1, "mode": "redundancy", "reason": "asked before"}]');

beforeAll(async () => {
  ({ store, db, bare, own, without, reply, call } = await edaWithoutFixture('failure-modes', { createModel: () => tagger }));
});

describe('a game without the failure-modes capability', () => {
  it('is told to the app as having no failure-mode tags, and keeps its other capabilities', async () => {
    const games = await call('games.list', {});
    const info = (id: string) => games.find((g) => g.id === id)!;
    expect(info('eda').failureModes?.modes.map((m) => m.id)).toEqual(['early_enumeration', 'redundancy', 'inconsistency']);
    expect(info(bare).failureModes).toBeNull();
    expect(info(bare).probing).toEqual(info('eda').probing);
    expect(info(bare).lastMove).toEqual(info('eda').lastMove);
  });

  it('refuses its runs in the tags view, files, reviews, the tagger and the CLI', async () => {
    const refusal = `Run ${without} plays EDA, which has no failure-mode tags.`;
    const model = { provider: 'scripted' as const, model: 'tagger' };
    expect(await reply('tags.view', { runIds: [without] })).toMatchObject({ ok: false, error: { message: refusal } });
    expect(await reply('tags.export', { runIds: [without], format: 'csv' })).toMatchObject({ ok: false, error: { message: refusal } });
    expect(await reply('tags.llm', { runIds: [without], model })).toMatchObject({ ok: false, error: { message: refusal } });
    const [episode] = store.episodes.list(without);
    expect(await reply('tags.review', { episodeId: episode!.id, round: 1, mode: 'redundancy', reviewer: 'Ada', verdict: 'confirmed' })).toMatchObject({ ok: false, error: { message: 'EDA has no failure-mode tags.' } });
    await expect(tagsCommand(String(without), { db })).rejects.toThrow(refusal);
    // Nothing was stored for the refused run.
    expect(store.module(failureTagStore).forRun(without)).toEqual([]);
    expect(store.module(failureTagStore).reviewsForRun(without)).toEqual([]);
  });

  it('shows no button on its run page nor a link on the annotation page; EDA still does, and is still tagged', async () => {
    const games = await call('games.list', {});
    const gameOf = (id: string) => games.find((g) => g.id === id);
    expect(failureModesShown({ run: await call('runs.get', { runId: without }), game: gameOf(bare) })).toBe(false);
    expect(failureModesShown({ run: await call('runs.get', { runId: own }), game: gameOf('eda') })).toBe(true);
    const runs = await call('runs.list', {});
    expect(taggedRuns({ finished: runs.filter((r) => r.id === without), gameOf })).toEqual([]);
    expect(taggedRuns({ finished: runs, gameOf }).map((r) => r.id)).toEqual([own]);
    expect((await call('tags.view', { runIds: [own] })).counts.length).toBeGreaterThan(0);
    expect(await call('tags.llm', { runIds: [own], model: { provider: 'scripted', model: 'tagger' } })).toMatchObject({ tagged: 3, failed: 0 });
  });
});

describe('the failure-modes check', () => {
  it("names each problem of a game's provision, and keeps a game with one out", () => {
    const eda = gameById('eda');
    const mode = { id: 'loop', label: 'Loop', description: 'asks the same again' };
    const bad = { seat: 'guesser', modes: [mode, mode, { id: 'vague', label: '', description: '' }], rules: () => ({}), detect: () => [], taggerPrompt: 'tag it', rounds: () => [] } as never;
    expect(failureModesCheck.problems(bad, eda, nothingElse)).toEqual([
      'mode "loop" is declared twice',
      'mode "vague" needs a label and a description people can check a tag against',
      'taggerPrompt must be a function',
    ]);
    expect(failureModesCheck.problems({ ...(bad as object), modes: [], seat: '' } as never, eda, nothingElse)).toEqual(['seat must name the seat whose moves are tagged', 'modes must list at least one failure mode', 'taggerPrompt must be a function']);
    const broken = { ...eda, id: 'eda_bad_failure_modes' };
    expect(() => registerGame(broken, [provide(broken, 'failure-modes', bad)])).toThrow(/failure-modes: mode "loop" is declared twice/);
  });
});
