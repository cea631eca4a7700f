import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameProblems } from '../../electron/engine/core/check-game';
import { actionOf, type EventRecord } from '../../electron/engine/core/events';
import type { Game } from '../../electron/engine/core/game';
import type { ClemAdapter } from '../../electron/engine/games/clembench/adapter';
import { textmapworldClem, textmapworldGraphreasoningClem, textmapworldSpecificroomClem } from '../../electron/engine/games/textmapworld/clem';
import { textmapworldGame, textmapworldGraphreasoningGame, textmapworldSpecificroomGame } from '../../electron/engine/games/textmapworld/game';
import { buildGraph, graphEditDistance, similarityFromDistance } from '../../electron/engine/games/textmapworld/graph';
import { mapPayload } from '../../electron/engine/games/textmapworld/instance';
import { episodeLog } from '../../electron/engine/games/textmapworld/metrics';
import { parsePyLiteral, PyDict, PyList, PyLiteralError, PyTuple } from '../../electron/engine/games/textmapworld/pyliteral';
import { parseReply } from '../../electron/engine/games/textmapworld/rules';
import { clemScores } from '../../electron/engine/games/textmapworld/scoring';
import type { MapSettings } from '../../electron/engine/games/textmapworld/settings';
import type { ChatMessage } from '../../electron/engine/players/types';
import { exploredMap, layoutOf, turnsOf } from '../../renderer/src/games/textmapworld/episode';
import { FIXTURES, fixtureEpisodes, logged, play, replay } from './clembench-textmapworld.driver';
import { provided } from '../support/provisions';

const GAMES: [string, Game<MapSettings>, ClemAdapter][] = [
  ['textmapworld', textmapworldGame, textmapworldClem],
  ['textmapworld_specificroom', textmapworldSpecificroomGame, textmapworldSpecificroomClem],
  ['textmapworld_graphreasoning', textmapworldGraphreasoningGame, textmapworldGraphreasoningClem],
];

describe.each(GAMES)('%s replays its logged clembench episodes', (name, game, adapter) => {
  const episodes = fixtureEpisodes(name);

  it('has fixture episodes from two model pairs, aborted and successful ones', () => {
    expect(episodes.length).toBeGreaterThanOrEqual(4);
    expect(new Set(episodes.map((e) => e.pair)).size).toBeGreaterThanOrEqual(2);
    expect(episodes.some((e) => e.scores.Aborted === 1)).toBe(true);
    expect(episodes.some((e) => e.scores.Success === 1)).toBe(true);
  });

  it.each(episodes.map((e) => [e.path, e] as const))('%s: prompts, answers and scores equal the log', async (_path, ep) => {
    const { events, input } = await replay(game, adapter, ep);
    // Every message the game master sent the explorer, in order, exactly.
    expect(events.filter((e) => e.kind === 'prompt').map((e) => e.text)).toEqual(logged(ep, 'GM', 'Player 1', 'send message'));
    // Every describer answer (the reference's "Game needs to be aborted" is an abort here).
    const answers = events.filter((e) => e.kind === 'system' && actionOf(e).type === 'answer').map((e) => actionOf(e).answer);
    expect(answers).toEqual(logged(ep, 'Player 2', 'GM', 'get message').filter((a) => a !== 'Game needs to be aborted'));
    // The moves the reference logged.
    expect(episodeLog(events).moves.map((m) => JSON.stringify(m.log))).toEqual(logged(ep, 'GM', 'GM', 'move').map((m) => JSON.stringify(JSON.parse(m))));

    const row = { ...input, id: 1, datasetId: 1, subset: 'all', position: 0 };
    const result = game.score({ events, instance: row, settings: game.settings.parse({}), seats: [{ seat: 'explorer', role: 'explorer' }] });
    const mine = Object.fromEntries(result.scores.map((s) => [s.metric, s.value]));
    for (const [key, metric] of Object.entries(adapter.scoreKeys)) {
      // June 2024 (v1.6) scored loops by an older rule: its logs count no loop for Gallery, Sauna,
      // Gallery, Sauna, which clembench's current rule (four positions, under three rooms) counts.
      if (!(key in ep.scores) || (key === 'loops' && ep.version === 'v1.6_multimodal')) continue;
      const value = ep.scores[key];
      if (value === null) expect(mine[metric], `${key} is NaN in the log`).toBeUndefined();
      else expect(mine[metric], key).toBe(value);
    }
    expect(result.outcome).toBe(ep.scores.Aborted === 1 ? 'aborted' : ep.scores.Success === 1 ? 'success' : 'failure');
    expect(mine.played).toBe(1 - (ep.scores.Aborted ?? 1));

    // Turn scores: one efficiency verdict per logged move; graph similarity (see below for the versions).
    const turns = clemScores(mapPayload(input.payload), episodeLog(events));
    const loggedTurns = Object.keys(ep.turnScores).sort((a, b) => Number(a) - Number(b)).map((k) => ep.turnScores[k]!);
    expect(turns.efficientMoves).toEqual(loggedTurns.map((t) => t.effiencient_move));
    if (name === 'textmapworld_graphreasoning') {
      const logs = loggedTurns.map((t) => t.similarity as number);
      // v1.6 (June 2024) logged 100·(1 − σ(GED/2)): half the stretched similarity of the paper and
      // of clembench's current code; v2.0 logged 0 for every graph (its utils lacked `import numpy`).
      const expected = ep.version === 'v2.0' ? turns.similarities.map(() => 0) : logs.map((s) => 2 * s);
      if (ep.version === 'v2.0') expect(logs).toEqual(expected);
      turns.similarities.forEach((s, i) => (ep.version === 'v2.0' ? expect(s).toBeGreaterThanOrEqual(0) : expect(s).toBeCloseTo(expected[i]!, 9)));
      expect(turns.similarities).toHaveLength(logs.length);
    }
  });
});

describe('reply format (examples from logged episodes)', () => {
  const small = mapPayload(textmapworldGame.datasets.load({ name: 'v1.6' }).instances[0]!.payload);
  const graph = mapPayload(textmapworldGraphreasoningGame.datasets.load({ name: 'v1.6' }).instances[0]!.payload);

  it('accepts GO: <direction> and DONE, case-insensitively, a final line break allowed', () => {
    expect(parseReply(small, 'GO: east')).toMatchObject({ ok: true, action: { kind: 'go', cleaned: 'GO: east' } });
    expect(parseReply(small, 'go:north\n')).toMatchObject({ ok: true, action: { kind: 'go', cleaned: 'go:north', direction: 'north' } });
    expect(parseReply(small, 'DONE')).toMatchObject({ ok: true, action: { kind: 'done' } });
    expect(parseReply(small, 'done\n')).toMatchObject({ ok: true, action: { kind: 'done' } });
  });

  it('aborts on anything else (llava-1.5-13b, v1.6 textmapworld small #9)', () => {
    expect(parseReply(small, 'GO: north\nUSER:\nYou have made a step and entered Bedroom. Currently available directions: north. What is your next instruction?\nASSERTION: DONE').ok).toBe(false);
    expect(parseReply(small, 'GO: north.').ok).toBe(false);
    expect(parseReply(small, ' GO: north').ok).toBe(false);
    expect(parseReply(small, 'GO: up').ok).toBe(false);
    expect(parseReply(small, 'GO: north\n\n').ok).toBe(false);
  });

  it('reads the graph-reasoning dict; an unreadable literal aborts at the describer (Llama-3.3-70B, v2.0 large #5)', async () => {
    const reply = '{"action":"GO: east", "graph":{"nodes":["Exercise room", "Home office", "Sauna"],"edges":{"north":[("Exercise room", "Home office"), ("Sauna", "??")],"south":[("Home office", "Exercise room")],"east":[("Sauna", "Home office")],"west":[("Home office", "Sauna")}}}';
    expect(parseReply(graph, reply)).toMatchObject({ ok: true, action: { kind: 'go', direction: 'east' } });
    expect(parseReply(graph, '{"action": "GO: east", "graph": {}}').ok).toBe(false);
    expect(parseReply(graph, 'GO: east').ok).toBe(false);
    expect(parseReply(graph, '{"action":"DONE","graph":{"nodes":[],"edges":{}}}')).toMatchObject({ ok: true, action: { kind: 'done' } });
  });
});

describe('scores (hand-computed)', () => {
  it('EE: Gallery–Sauna–Bathroom–Bedroom, gpt-4o small #9: 4/5 efficient moves, all rooms', () => {
    const ep = fixtureEpisodes('textmapworld').find((e) => e.pair.startsWith('gpt-4o') && e.path.includes('0_small/episode_9'))!;
    const input = textmapworldClem.instanceFrom(ep.instance, { name: 'small' });
    const moves = [['Gallery', 'Sauna'], ['Sauna', 'Gallery'], ['Gallery', 'Sauna'], ['Sauna', 'Bathroom'], ['Bathroom', 'Bedroom']].map(([o, n]) => ({ log: { old: o!, new: n! } }));
    const { episode, efficientMoves } = clemScores(mapPayload(input.payload), { moves, stopped: true, aborted: false, turnsLimit: false });
    // The walk Gallery→Sauna→Bathroom→Bedroom is the only shortest one; going back to Gallery is the one bad move.
    expect(efficientMoves).toEqual([true, false, true, true, true]);
    const efficiency = (4 / 5) * 100;
    // Loops: Gallery, Sauna, Gallery, Sauna holds two rooms in four positions (the June 2024 log says 0, see above).
    expect(episode).toMatchObject({ Success: 1, Lose: 0, Aborted: 0, moves: 5, valid_moves: 5, invalid_moves: 0, number_visited: 4, seen: 4, loops: 1, efficiency, exploration: 100 });
    expect(episode['Main Score']).toBe((2 * efficiency * 100) / (efficiency + 100));
  });

  it('G2X: Main Score is 100 on success, 0 on a lose; nothing but Aborted/Success/Lose when not stopped', () => {
    const ep = fixtureEpisodes('textmapworld_specificroom').find((e) => e.path.includes('Qwen'))!;
    const payload = mapPayload(textmapworldSpecificroomClem.instanceFrom(ep.instance, { name: 'close' }).payload);
    const stopAt = (room: string) => clemScores(payload, { moves: [{ log: { old: payload.start, new: room } }], stopped: true, aborted: false, turnsLimit: false }).episode;
    const neighbour = payload.moves.find((m) => m.room === payload.start)!.to;
    expect(stopAt(neighbour)['Main Score']).toBe(neighbour === payload.target ? 100 : 0);
    expect(clemScores(payload, { moves: [], stopped: false, aborted: true, turnsLimit: false }).episode).toEqual({ Aborted: 1, Success: 0, Lose: 0 });
  });
});

describe('graph edit distance', () => {
  const path = (n: number) => buildGraph([...Array(n).keys()].map(String), [...Array(n - 1).keys()].map((i) => [String(i), String(i + 1)] as [string, string]));
  it('is structural (labels ignored) and exact on small graphs', () => {
    expect(graphEditDistance(path(4), path(4))).toBe(0);
    expect(graphEditDistance(buildGraph(['a'], []), path(4))).toBe(6); // 3 nodes + 3 edges inserted
    expect(graphEditDistance(path(4), buildGraph(['x', 'y', 'z', 'w'], [['x', 'y'], ['x', 'z'], ['x', 'w']]))).toBe(2); // path ↔ star
    const triangle = buildGraph(['a', 'b', 'c'], [['a', 'b'], ['b', 'c'], ['c', 'a']]);
    expect(graphEditDistance(triangle, path(3))).toBe(1);
    expect(graphEditDistance(buildGraph(['a'], [['a', 'a']]), buildGraph(['b'], []))).toBe(1); // a self-loop is an edge
    expect(graphEditDistance(path(8), buildGraph([], []))).toBe(15);
  });
  it('normalises with the stretched logistic: identical graphs score 100', () => {
    expect(similarityFromDistance(0)).toBe(100);
    expect(similarityFromDistance(6)).toBeCloseTo(9.485174635513328, 12);
  });
});

describe('datasets', () => {
  it.each([
    ['textmapworld', textmapworldGame, 50, ['small', 'medium', 'large', 'medium_cycle', 'large_cycle']],
    ['textmapworld_specificroom', textmapworldSpecificroomGame, 30, ['on', 'close', 'far']],
    ['textmapworld_graphreasoning', textmapworldGraphreasoningGame, 30, ['small', 'medium', 'large']],
  ] as const)('%s loads its bundled v1.6 instances', (_name, game, count, experiments) => {
    const data = game.datasets.load({ name: 'v1.6' });
    expect(data.instances).toHaveLength(count);
    expect([...new Set(data.instances.map((i) => i.tags.experiment))]).toEqual(experiments);
    const first = data.instances[0]!;
    expect(first.key).toBe(`${experiments[0]}/0`);
    expect(Object.keys(first.tags)).toEqual(game.id === 'textmapworld_specificroom' ? ['experiment', 'size', 'distance'] : ['experiment', 'size', 'cycle']);
  });

  it('refuses bad files with a DatasetError that says what is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tmw-'));
    const write = (text: string) => {
      const file = join(dir, `${Math.random()}.json`);
      writeFileSync(file, text);
      return file;
    };
    const good = textmapworldGame.datasets.load({ name: 'v1.6' });
    expect(good.instances.length).toBe(50);
    expect(() => textmapworldGame.datasets.load({ name: 'v9' })).toThrow(/Unknown dataset/);
    expect(() => textmapworldGame.datasets.load({ name: 'x', file: join(dir, 'missing.json') })).toThrow(/not found/);
    expect(() => textmapworldGame.datasets.load({ name: 'x', file: write('{') })).toThrow(/not JSON/);
    const instance = { game_id: 3, Graph_Nodes: "['A', 'B']", Graph_Edges: "[('A', 'B')]", Game_Type: 'named_graph', Ambiguity: null };
    expect(() => textmapworldGame.datasets.load({ name: 'x', file: write(JSON.stringify({ experiments: [{ name: 'e', game_instances: [instance] }] })) })).toThrow(/instance 3 of e: missing field/);
    const evil = { ...instance, Graph_Nodes: "__import__('os').system('true')" };
    expect(() => textmapworldGame.datasets.load({ name: 'x', file: write(JSON.stringify({ experiments: [{ name: 'e', game_instances: [evil] }] })) })).toThrow(/Graph_Nodes is not a Python literal/);
  });
});

describe.each(GAMES)('%s: the built-in reference explorer', (_name, game) => {
  it('plays every bundled instance by the rules, within the turn limit', async () => {
    const explorer = provided(game, 'builtins').explorer!;
    const instances = game.datasets.load({ name: 'v1.6' }).instances;
    const outcomes: Record<string, number> = {};
    const mains: number[] = [];
    for (const [i, input] of instances.entries()) {
      const row = { ...input, id: i + 1, datasetId: 1, subset: 'all', position: i };
      const { events } = await play(game, row, (messages) => explorer(messages));
      const result = game.score({ events, instance: row, settings: game.settings.parse({}), seats: [{ seat: 'explorer', role: 'explorer' }] });
      outcomes[result.outcome] = (outcomes[result.outcome] ?? 0) + 1;
      mains.push(result.scores.find((s) => s.metric === 'main_score')!.value);
      expect(events.filter((e) => e.from === 'explorer').every((e) => e.valid)).toBe(true);
    }
    expect(outcomes).toEqual({ success: instances.length });
    expect(Math.min(...mains)).toBeGreaterThan(game.id === 'textmapworld_specificroom' ? 99 : 60);
  });
});

describe('a resumed episode', () => {
  it('continues after any cut exactly as the uninterrupted episode', async () => {
    const game = textmapworldGraphreasoningGame;
    const input = game.datasets.load({ name: 'v1.6' }).instances[12]!;
    const row = { ...input, id: 1, datasetId: 1, subset: 'all', position: 0 };
    const explorer = (messages: readonly ChatMessage[]) => provided(game, 'builtins').explorer!(messages);
    const whole = (await play(game, row, explorer)).events;
    const shape = (events: readonly EventRecord[]) => events.map((e) => [e.idx, e.round, e.kind, e.text, JSON.stringify(e.action)]);
    for (let cut = 1; cut < whole.length; cut++) {
      const resumed = (await play(game, row, explorer, whole.slice(0, cut))).events;
      expect(shape(resumed), `cut after ${cut} events`).toEqual(shape(whole));
    }
  });
});

describe('registration', () => {
  it.each(GAMES)('%s describes itself soundly', (_name, game) => {
    expect(gameProblems(game as unknown as Game<unknown>)).toEqual([]);
  });
});

describe('published numbers (v1.6.5_ascii, gpt-4o-2024-05-13, textmapworld_graphreasoning)', () => {
  it('% played and quality from the logged episode scores equal results.csv', () => {
    const dir = join(FIXTURES, 'v1.6.5_ascii');
    const rows = readFileSync(join(dir, 'raw-textmapworld_graphreasoning-gpt-4o-2024-05-13.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(','));
    const aborted = rows.filter((r) => r[5] === 'Aborted').map((r) => Number(r[6]));
    const mains = rows.filter((r) => r[5] === 'Main Score' && r[6] !== '').map((r) => Number(r[6]));
    expect(aborted).toHaveLength(30);
    const [header, row] = readFileSync(join(dir, 'results-gpt-4o-2024-05-13.csv'), 'utf8').trim().split('\n').map((l) => l.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '').replace(/"/g, '')));
    const column = (name: string) => Number(row![header!.indexOf(name)]);
    const round2 = (x: number) => Math.round(x * 100) / 100;
    expect(round2((100 * aborted.filter((a) => a === 0).length) / aborted.length)).toBe(column('textmapworld_graphreasoning, % Played'));
    expect(round2(mains.reduce((a, b) => a + b, 0) / mains.length)).toBe(column('textmapworld_graphreasoning, Quality Score'));
  });
});

describe('the transcript view reads the events', () => {
  it('rebuilds the explored map of a replayed episode (gpt-4o, v1.6 textmapworld small #9)', async () => {
    const ep = fixtureEpisodes('textmapworld').find((e) => e.pair.startsWith('gpt-4o'))!;
    const { events, input } = await replay(textmapworldGame, textmapworldClem, ep);
    const views = events.map((e, i) => ({ ...e, id: i + 1, callId: null }));
    const turns = turnsOf(views);
    expect(turns.map((t) => t.move?.new ?? null)).toEqual(['Sauna', 'Gallery', null, 'Sauna', 'Bathroom', 'Bedroom', null]);
    expect(turns[2]!.validDirection).toBe(false);
    const map = exploredMap(turns, layoutOf(input.payload));
    expect(map.visited).toEqual(['Gallery', 'Sauna', 'Bathroom', 'Bedroom']);
    expect(map.here).toBe('Bedroom');
    expect(map.links).toHaveLength(3);
    // Without the payload the rooms are placed by the directions walked.
    const walked = exploredMap(turns, { start: 'Gallery', target: null, cells: [], edges: [] });
    expect(walked.cell.get('Sauna')).toEqual([1, 0]);
  });
});

describe('Python literals and the reminders', () => {
  it('reads the literal forms of the instances and replies, and nothing else', () => {
    expect(parsePyLiteral("[('A', ['east', 'north']), ('B',)]")).toEqual(new PyList([new PyTuple(['A', new PyList(['east', 'north'])]), new PyTuple(['B'])]));
    expect(parsePyLiteral("{(0, 2): 'Bedroom', (1, 2): 'Balcony',}")).toEqual(new PyDict([[new PyTuple([0, 2]), 'Bedroom'], [new PyTuple([1, 2]), 'Balcony']]));
    expect(parsePyLiteral('{"a": [None, True, False, -3], \'b\': "x\\"y\\u00e9" \'z\'}')).toEqual(new PyDict([['a', new PyList([null, true, false, -3])], ['b', 'x"yéz']]));
    for (const bad of ['{"a": true}', '[1, 2', "os.system('x')", '{[1]: 2}', '"a" + "b"', '(1 2)']) expect(() => parsePyLiteral(bad), bad).toThrow(PyLiteralError);
  });

  it('puts the loop and max-turns reminders in front of the answer when an instance enables them', async () => {
    const input = textmapworldGame.datasets.load({ name: 'v1.6' }).instances[0]!;
    const payload = { ...mapPayload(input.payload), loopReminder: true, maxTurnsReminder: true };
    const row = { ...input, payload, id: 1, datasetId: 1, subset: 'all', position: 0 };
    const back = payload.directions.find((d) => d.room === payload.moves.find((m) => m.room === payload.start)!.to)!;
    const there = payload.moves.find((m) => m.room === payload.start)!.dir;
    const home = payload.moves.find((m) => m.room === back.room && m.to === payload.start)!.dir;
    const { events } = await play(textmapworldGame, row, (_m, n) => `GO: ${n % 2 === 0 ? there : home}`, [], textmapworldGame.settings.parse({ maxTurns: 6 }));
    const sent = events.filter((e) => e.kind === 'system' && actionOf(e).type === 'answer').map((e) => actionOf(e).sent as string);
    expect(sent.filter((s) => s.startsWith(payload.loopReminderText + '\n'))).toHaveLength(1);
    expect(sent[4]!.startsWith(payload.maxTurnsReminderText + '\n')).toBe(true);
    expect(events.at(-1)!.text).toBe('aborted: turn limit (6) reached without DONE');
  });
});
