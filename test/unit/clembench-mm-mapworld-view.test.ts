import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clembenchSource } from '../../electron/engine/games/clembench/source';
import { mmMapworldClem, mmMapworldGraphsClem, mmMapworldSpecificroomClem } from '../../electron/engine/games/mm_mapworld/clem';
import { mmMapworldGame, mmMapworldGraphsGame, mmMapworldSpecificroomGame } from '../../electron/engine/games/mm_mapworld/game';
import type { MmPayload } from '../../electron/engine/games/mm_mapworld/instance';
import { exploredMap, layoutOf, turnsOf } from '../../renderer/src/games/textmapworld/episode';
import { FIXTURES } from './clembench-textmapworld.driver';
import { fixtureEpisodes, play, replay, row, sha } from './clembench-mm-mapworld.driver';

const DIR = '../clembench/mm_mapworld/mm_mapworld_main/resources/images/';

describe('the MapWorld transcript view reads the image games', () => {
  it('the photograph shown each round, the category reached, the map labelled by category (gpt-4o, small #2)', async () => {
    const ep = fixtureEpisodes('mm_mapworld').find((e) => e.pair.startsWith('gpt-4o'))!;
    const { events, input } = await replay(mmMapworldGame, mmMapworldClem, ep);
    const turns = turnsOf(events.map((e, i) => ({ ...e, id: i + 1, callId: null })));
    expect(turns.map((t) => t.images.map((p) => p.ref))).toEqual(['ADE_train_00005761', 'ADE_val_00001379', 'ADE_train_00005761', 'ADE_train_00010895', 'ADE_train_00010895', 'ADE_train_00010895', 'ADE_train_00005761', 'ADE_val_00001379'].map((n) => [`media:${sha(`${DIR}${n}.jpg`)}`]));
    expect(turns.map((t) => t.category)).toEqual(['garage', 'closet', 'laundromat', 'laundromat', 'laundromat', 'closet', 'garage', 'garage']);
    const layout = layoutOf(input.payload);
    expect(layout.cells.find((c) => c.room === '(3, 3)')).toEqual({ room: '(3, 3)', x: 3, y: 3, label: 'closet' });
    const map = exploredMap(turns, layout);
    expect(map.visited).toEqual(['(3, 3)', '(3, 2)', '(2, 3)', '(2, 2)']);
    expect(map.here).toBe('(3, 2)');
    expect(map.links).toHaveLength(3);
  });

  it('a move into a wall draws no link; a corrected reply is kept for the reader', async () => {
    const input = mmMapworldGame.datasets.load({ name: 'v1.6' }).instances.find((i) => i.key === 'small/2')!;
    const inst = row({ ...input, payload: { ...(input.payload as MmPayload), reprompt: true } });
    const replies = ['GO north', '{"description": "x", "action": "GO: north"}', '{"description": "x", "action": "DONE"}'];
    const { events } = await play(mmMapworldGame, inst, (_m, n) => replies[n]!);
    const turns = turnsOf(events.map((e, i) => ({ ...e, id: i + 1, callId: null })));
    expect(turns[0]!.corrected).toEqual(['GO north']);
    expect(turns[0]!.move).toEqual({ old: '(3, 3)', new: '(3, 3)' });
    expect(turns[0]!.validDirection).toBe(false);
    expect(exploredMap(turns, layoutOf(inst.payload)).links).toEqual([]);
  });
});

describe("clembench's importer reads the published image MapWorld episodes", () => {
  it('finds each fixture under its game, its instance equal to the bundled one, the walker\'s replies as the explorer\'s', () => {
    const adapters = [mmMapworldClem, mmMapworldGraphsClem, mmMapworldSpecificroomClem];
    const reading = clembenchSource(adapters, () => ['explorer']).read(join(FIXTURES, 'v1.6_multimodal'));
    const mine = reading.episodes.filter((e) => e.game.startsWith('mm_'));
    expect(mine.map((e) => e.game).sort()).toEqual([...Array(3).fill('mm_mapworld'), ...Array(3).fill('mm_mapworld_graphs'), ...Array(3).fill('mm_mapworld_specificroom')]);
    expect(reading.problems.filter((p) => p.path.includes('/mm_mapworld'))).toEqual([]);
    for (const e of mine) {
      const game = { mm_mapworld: mmMapworldGame, mm_mapworld_graphs: mmMapworldGraphsGame, mm_mapworld_specificroom: mmMapworldSpecificroomGame }[e.game]!;
      expect(game.datasets.load({ name: 'v1.6' }).instances.find((i) => i.key === e.instance.key)?.payload).toEqual(e.instance.payload);
      expect(Object.keys(e.replies)).toEqual(['explorer']);
      expect(e.replies.explorer!.length).toBeGreaterThan(0);
      expect(e.logged?.Aborted).toBeDefined();
    }
  });
});
