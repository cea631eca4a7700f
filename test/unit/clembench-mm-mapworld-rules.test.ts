import { describe, expect, it } from 'vitest';
import { actionOf, type EventRecord } from '../../electron/engine/core/events';
import { firstDraw, type Game, type InstanceRow } from '../../electron/engine/core/game';
import { mmMapworldGame, mmMapworldGraphsGame, mmMapworldSpecificroomGame } from '../../electron/engine/games/mm_mapworld/game';
import { mmPayload, type MmPayload } from '../../electron/engine/games/mm_mapworld/instance';
import { graphSimilarity, modelGraph } from '../../electron/engine/games/mm_mapworld/model-graph';
import { normaliseReply, readReply } from '../../electron/engine/games/mm_mapworld/rules';
import { buildGraph } from '../../electron/engine/games/textmapworld/graph';
import type { MapSettings } from '../../electron/engine/games/textmapworld/settings';
import type { ChatMessage } from '../../electron/engine/players/types';
import { play, row, shapeOf } from './clembench-mm-mapworld.driver';
import { provided } from '../support/provisions';

const instance = (game: Game<MapSettings>, key: string, change: Partial<MmPayload> = {}): InstanceRow => {
  const input = game.datasets.load({ name: 'v1.6' }).instances.find((i) => i.key === key)!;
  return row({ ...input, payload: { ...(input.payload as MmPayload), ...change } });
};
const scoresOf = (game: Game<MapSettings>, inst: InstanceRow, events: readonly EventRecord[]) => {
  const result = game.score({ events, instance: inst, settings: game.settings.parse({}), seats: [{ seat: 'explorer', role: 'explorer' }] });
  return { outcome: result.outcome, ...Object.fromEntries(result.scores.map((s) => [s.metric, s.value])) };
};
const main = (action: string, description = 'A room.') => JSON.stringify({ description, action });
const scripted = (replies: readonly string[]) => (_m: readonly ChatMessage[], n: number) => replies[n] ?? main('DONE');

// small #2: a path (2, 2) – (2, 3) – (3, 3) – (3, 2), start (3, 3) with exits west and south.
const SMALL2 = 'small/2';

describe('reading a reply (the reference\'s _validate_player_response)', () => {
  const p = mmPayload(instance(mmMapworldGame, SMALL2).payload);
  const g = mmPayload(instance(mmMapworldGraphsGame, SMALL2).payload);
  it('lowers capitalised directions, drops line breaks and strips, then matches the instance patterns case-insensitively', () => {
    expect(normaliseReply('  {"description": "North wing",\n "action": "GO: NORTH"}\n')).toBe('{"description": "north wing", "action": "GO: north"}');
    expect(readReply(p, '{"description": "x", "action": "go: West"}')).toEqual({ ok: true, action: { kind: 'go', direction: 'west', graph: null } });
    expect(readReply(p, '{"description": "x", "action": "done"}')).toEqual({ ok: true, action: { kind: 'done', graph: null } });
    expect(readReply(p, '```json\n{"description": "x", "action": "DONE"}\n```')).toMatchObject({ ok: false, repromptable: true });
    expect(readReply(p, '{"description": "x", "action": "GO: up"}')).toMatchObject({ ok: false, repromptable: true });
    // A reply the JSON decoder refuses ends the game even where the instance would reprompt.
    expect(readReply(p, '{"description": "a \\q", "action": "GO: west"}')).toMatchObject({ ok: false, repromptable: false, reason: /JSON/ });
  });
  it('graphs: the action is group 1 and the logged graph group 3 of the response pattern, before DONE is checked', () => {
    const reply = '{"action":"DONE", "description": "x", "graph":{"nodes":["A"], "edges":{"north": []}}}';
    expect(readReply(g, reply)).toEqual({ ok: true, action: { kind: 'done', graph: '{"nodes":["A"], "edges":{"north": []}}' } });
    expect(readReply(g, reply.replace('DONE', 'GO: up'))).toMatchObject({ ok: false, repromptable: true, graph: '{"nodes":["A"], "edges":{"north": []}}' });
  });
});

describe('scores (hand-computed)', () => {
  it('an unavailable direction: the walker stays, the describer says so, and the move counts as a wasted one', async () => {
    const inst = instance(mmMapworldGame, SMALL2);
    const replies = ['GO: north', 'GO: south', 'GO: north', 'GO: west', 'GO: south', 'DONE'].map((a) => main(a));
    const { events, requests } = await play(mmMapworldGame, inst, scripted(replies));
    const names = mmPayload(inst.payload).mapping.map((m) => m.image);
    expect(shapeOf(requests[1]!.at(-1)!, names)).toEqual({ role: 'user', text: 'The move was invalid and we are still in this room. From here we can go: south, west. What is your next instruction?', images: ['../clembench/mm_mapworld/mm_mapworld_main/resources/images/ADE_train_00005761.jpg'] });
    // Moves: (3,3)→(3,3) wasted; →(3,2), →(3,3), →(2,3), →(2,2) each a first step of a shortest walk past the unvisited neighbours: 4/5.
    expect(scoresOf(mmMapworldGame, inst, events)).toEqual({
      outcome: 'success', aborted: 0, success: 1, lose: 0, moves: 5, valid_moves: 4, invalid_moves: 1, number_visited: 4, seen: 4,
      efficiency: 80, exploration: 100, main_score: (2 * 100 * 80) / 180, played: 1,
    });
  });

  it('a lose: DONE with rooms left; a walk back and forth over visited rooms is not efficient', async () => {
    const inst = instance(mmMapworldGame, SMALL2);
    const { events } = await play(mmMapworldGame, inst, scripted(['GO: south', 'GO: north', 'GO: south', 'DONE'].map((a) => main(a))));
    // (3,3)→(3,2) efficient; (3,2)→(3,3) efficient (on the way to (2,3)); (3,3)→(3,2) not: 2/3. Visited 2 of 4, seen 3.
    const eff = (100 * 2) / 3;
    expect(scoresOf(mmMapworldGame, inst, events)).toEqual({
      outcome: 'failure', aborted: 0, success: 0, lose: 1, moves: 3, valid_moves: 3, invalid_moves: 0, number_visited: 2, seen: 3,
      efficiency: eff, exploration: 50, main_score: (2 * 50 * eff) / (eff + 50), played: 1,
    });
  });

  it('DONE at once: efficiency 0 of no moves, Main Score 0', async () => {
    const inst = instance(mmMapworldGame, SMALL2);
    const { events } = await play(mmMapworldGame, inst, scripted([main('DONE')]));
    expect(scoresOf(mmMapworldGame, inst, events)).toMatchObject({ outcome: 'failure', moves: 0, number_visited: 1, seen: 3, efficiency: 0, exploration: 25, main_score: 0 });
  });

  it('graphs: the last graph sent, DONE\'s included, against the true map; an undecodable one is the empty graph', async () => {
    const inst = instance(mmMapworldGraphsGame, SMALL2);
    const graph = (nodes: string, edges: string) => `{"nodes": [${nodes}], "edges": {${edges}}}`;
    const reply = (action: string, g: string) => `{"action": "${action}", "description": "x", "graph": ${g}}`;
    const path = graph('"A", "B", "C", "D"', '"north": [["A", "B"]], "east": [["B", "C"], ["C", "D"]]');
    const { events } = await play(mmMapworldGraphsGame, inst, scripted([reply('GO: west', graph('"A"', '')), reply('GO: south', '{"nodes": [], "edges": {"north": [}'), reply('GO: north', path), reply('GO: east', path), reply('GO: south', path), reply('DONE', path)]));
    // The true map is a path of 4 rooms: the last graph equals it (GED 0, similarity 100); the first has GED 3 + 3 = 6.
    const s = scoresOf(mmMapworldGraphsGame, inst, events);
    expect(s).toMatchObject({ outcome: 'success', graph_similarity: 100, moves: 5, efficiency: 100, exploration: 100, main_score: 100 });
    const truth = buildGraph(mmPayload(inst.payload).nodes, mmPayload(inst.payload).edges);
    expect(graphSimilarity(truth, graph('"A"', ''))).toBeCloseTo(2 - 2 / (1 + Math.exp(-3)), 12);
    // An undecodable graph counts as {"nodes": [], "edges": {}}: GED 4 + 3 = 7.
    expect(graphSimilarity(truth, '{"nodes": [}')).toBeCloseTo(2 - 2 / (1 + Math.exp(-3.5)), 12);
  });

  it('graphs the reference cannot read (it raises) score 0; edges of other lengths are skipped', () => {
    const truth = buildGraph(['a', 'b'], [['a', 'b']]);
    expect(graphSimilarity(truth, '{"nodes": [["a"]], "edges": {}}')).toBe(0);
    expect(graphSimilarity(truth, '{"nodes": ["a"], "edges": {"up": [["a", "b"]]}}')).toBe(0);
    expect(graphSimilarity(truth, '{"nodes": ["a"], "edges": {"north": [5]}}')).toBe(0);
    expect(graphSimilarity(truth, '{"nodes": ["a"], "edges": {"north": [{"a": 1, "b": 2}]}}')).toBe(0);
    expect(graphSimilarity(truth, '{"nodes": ["a"], "edges": ["north"]}')).toBe(0);
    // A two-letter string is an edge between its letters; a one-room list is no edge.
    expect(modelGraph('{"nodes": [], "edges": {"north": ["ab", ["c"], ["d", "e", "f"]]}}').size).toBe(1);
    // 1, 1.0 and true are one node in Python.
    expect(modelGraph('{"nodes": [1, 1.0, true, "1"], "edges": {}}').order).toBe(2);
    expect(graphSimilarity(truth, '{"nodes": ["x", "y"], "edges": {"west": [["x", "y"]]}}')).toBe(1);
  });
});

describe('go-to-X (mm_mapworld_specificroom)', () => {
  const game = mmMapworldSpecificroomGame;
  it('names the target by its category; scores the stop room and 100 / max(1, path − distance)', async () => {
    // close #9: from (0, 3) south twice to the waiting room (0, 1), distance 2.
    const inst = instance(game, 'close/9');
    const direct = await play(game, inst, scripted(['GO: south', 'GO: south', 'DONE'].map((a) => main(a))));
    expect(direct.requests[0]!.at(-1)!.content[0]).toMatchObject({ text: expect.stringContaining('Let us start. The target room is a waiting room\nWe are now in this room. From here we can go: south.') });
    expect(scoresOf(game, inst, direct.events)).toEqual({ outcome: 'success', aborted: 0, success: 1, lose: 0, moves: 2, valid_moves: 2, invalid_moves: 0, number_visited: 3, seen: 4, efficiency: 100, finding: 100, main_score: 100, played: 1 });
    // A detour: north and back first — 5 positions for distance 2: 100 · (1 / 3), as Python computes it.
    const detour = await play(game, inst, scripted(['GO: south', 'GO: north', 'GO: south', 'GO: south', 'DONE'].map((a) => main(a))));
    expect(scoresOf(game, inst, detour.events)).toMatchObject({ outcome: 'success', moves: 4, efficiency: 100 * (1 / 3), main_score: 100 });
    // Stopping elsewhere: a lose, Main Score 0.
    const early = await play(game, inst, scripted(['GO: south', 'DONE'].map((a) => main(a))));
    expect(scoresOf(game, inst, early.events)).toMatchObject({ outcome: 'failure', success: 0, lose: 1, finding: 0, main_score: 0, efficiency: 100 });
  });
  it('the built-in explorer, which cannot tell rooms apart by category, explores by the rules and stops', async () => {
    for (const input of game.datasets.load({ name: 'v1.6' }).instances) {
      const inst = row(input);
      const { events } = await play(game, inst, (m) => provided(game, 'builtins').explorer!(m));
      expect(events.filter((e) => e.from === 'explorer').every((e) => e.valid)).toBe(true);
      expect(['success', 'failure']).toContain(scoresOf(game, inst, events).outcome);
    }
  });
});

describe('aborts', () => {
  const inst = () => instance(mmMapworldGame, SMALL2);
  it('a reply outside the format ends the game at once (no bundled instance reprompts)', async () => {
    const { events, requests } = await play(mmMapworldGame, inst(), scripted([main('GO: west'), 'I would go west.']));
    expect(requests).toHaveLength(2);
    expect(events.at(-1)!.text).toBe('aborted: the reply was not in the format the instance asks for');
    expect(scoresOf(mmMapworldGame, inst(), events)).toEqual({ outcome: 'aborted', aborted: 1, played: 0 });
  });

  it('20 rounds without DONE: aborted; DONE in the 20th round is aborted too (the round count reaches the limit)', async () => {
    const zigzag = Array.from({ length: 20 }, (_, i) => main(i % 2 ? 'GO: north' : 'GO: south'));
    const long = await play(mmMapworldGame, inst(), scripted(zigzag));
    expect(long.requests).toHaveLength(20);
    expect(long.events.at(-1)!.text).toBe('aborted: turn limit (20 rounds) reached');
    expect(scoresOf(mmMapworldGame, inst(), long.events)).toEqual({ outcome: 'aborted', aborted: 1, played: 0 });
    const late = await play(mmMapworldGame, inst(), scripted([...zigzag.slice(0, 19), main('DONE')]));
    expect(scoresOf(mmMapworldGame, inst(), late.events).outcome).toBe('aborted');
    const early = await play(mmMapworldGame, inst(), scripted([...zigzag.slice(0, 18), main('DONE')]));
    expect(scoresOf(mmMapworldGame, inst(), early.events).outcome).toBe('failure');
  });

  it('with `reprompt`: one correction (with the image) in the same round, then an abort on a second bad reply', async () => {
    const withReprompt = instance(mmMapworldGame, SMALL2, { reprompt: true });
    const names = mmPayload(withReprompt.payload).mapping.map((m) => m.image);
    const ok = await play(mmMapworldGame, withReprompt, scripted(['west!', main('GO: west'), main('DONE')]));
    const correction = ok.requests[1]!.map((m) => shapeOf(m, names));
    expect(correction.slice(1)).toEqual([
      { role: 'assistant', text: 'west!', images: [] },
      { role: 'user', text: mmPayload(withReprompt.payload).repromptFormat, images: ['../clembench/mm_mapworld/mm_mapworld_main/resources/images/ADE_train_00005761.jpg'] },
    ]);
    expect(ok.requests[1]![0]!.content).toBe(ok.events.find((e) => e.kind === 'prompt')!.text);
    expect(ok.events.filter((e) => e.from === 'explorer').map((e) => e.round)).toEqual([1, 1, 2]);
    expect(scoresOf(mmMapworldGame, withReprompt, ok.events)).toMatchObject({ outcome: 'failure', moves: 1 });
    const twice = await play(mmMapworldGame, withReprompt, scripted(['west!', 'west!!']));
    expect(scoresOf(mmMapworldGame, withReprompt, twice.events).outcome).toBe('aborted');
    // Without use_images the correction is text only; a JSON error is never corrected.
    const noImages = instance(mmMapworldGame, SMALL2, { reprompt: true, useImages: false });
    expect((await play(mmMapworldGame, noImages, scripted(['west!']))).requests[1]!.at(-1)!.content).toEqual([{ type: 'text', text: mmPayload(noImages.payload).repromptFormat }]);
    expect((await play(mmMapworldGame, withReprompt, scripted(['{"description": "\\q", "action": "DONE"}']))).requests).toHaveLength(1);
  });
});

describe.each([mmMapworldGame, mmMapworldGraphsGame])('the built-in reference explorer (%#)', (game) => {
  it('explores every bundled instance completely within the round limit, in the format', async () => {
    const explorer = provided(game, 'builtins').explorer!;
    for (const input of game.datasets.load({ name: 'v1.6' }).instances) {
      const inst = row(input);
      const { events } = await play(game, inst, (messages) => explorer(messages));
      expect(events.filter((e) => e.from === 'explorer').every((e) => e.valid), input.key).toBe(true);
      expect(scoresOf(game, inst, events), input.key).toMatchObject({ outcome: 'success', exploration: 100, invalid_moves: 0, ...(game === mmMapworldGraphsGame ? { graph_similarity: 100 } : {}) });
    }
  });
  it('plays the same without image names (a reply over the wire)', async () => {
    const inst = row(game.datasets.load({ name: 'v1.6' }).instances[40 % game.datasets.load({ name: 'v1.6' }).instances.length]!);
    const unnamed = (messages: readonly ChatMessage[]) => messages.map((m) => ({ ...m, content: typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'image' ? { type: 'image' as const, ref: p.ref, mime: p.mime } : p)) }));
    const named = await play(game, inst, (m) => provided(game, 'builtins').explorer!(m));
    const bare = await play(game, inst, (m) => provided(game, 'builtins').explorer!(unnamed(m)));
    expect(bare.events.filter((e) => e.from === 'explorer').every((e) => e.valid)).toBe(true);
    expect(scoresOf(game, inst, bare.events)).toEqual(scoresOf(game, inst, named.events));
  });
});

describe('a resumed episode', () => {
  it('continues after any cut exactly as the uninterrupted episode (a correction included)', async () => {
    const inst = instance(mmMapworldGraphsGame, 'medium/3', { reprompt: true });
    const explorer = provided(mmMapworldGraphsGame, 'builtins').explorer!;
    const flaky = (messages: readonly ChatMessage[], n: number) => (n === 2 ? 'not now' : explorer(messages));
    const whole = (await play(mmMapworldGraphsGame, inst, flaky)).events;
    expect(whole.some((e) => e.kind === 'system' && actionOf(e).type === 'reprompt')).toBe(true);
    const shape = (events: readonly EventRecord[]) => events.map((e) => [e.idx, e.round, e.kind, e.text, JSON.stringify(e.action), JSON.stringify(e.parts)]);
    for (let cut = 1; cut < whole.length; cut++) {
      let calls = whole.slice(0, cut).filter((e) => e.from === 'explorer').length;
      const resumed = (await play(mmMapworldGraphsGame, inst, (m) => flaky(m, calls++), whole.slice(0, cut))).events;
      expect(shape(resumed), `cut after ${cut} events`).toEqual(shape(whole));
    }
  });
});

describe('the text transcript', () => {
  it('tells the reader the room each move reached: cell, category and photograph', async () => {
    const inst = instance(mmMapworldGame, SMALL2);
    const { events } = await play(mmMapworldGame, inst, scripted([main('GO: south'), main('DONE')]));
    expect(provided(mmMapworldGame, 'text-transcript')(events, mmMapworldGame.settings.parse({}))).toEqual([
      ` 1. ${JSON.stringify(main('GO: south'))}`,
      '    We have made a step and are now in this room. From here we can go: north. What is your next instruction?   [moved (3, 3) → (3, 2)]   ((3, 2): garage, ADE_val_00001379.jpg)',
      ` 2. ${JSON.stringify(main('DONE'))}`,
      '    DONE   ((3, 2): garage, ADE_val_00001379.jpg)',
    ]);
    expect(mmMapworldGame.seats(inst, mmMapworldGame.settings.parse({}), firstDraw(mmMapworldGame))).toEqual([{ seat: 'explorer', role: 'explorer', given: { start: '(3, 3)', start_room: 'closet', rooms: 4 } }]);
  });
});
