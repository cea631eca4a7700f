import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameProblems } from '../../electron/engine/core/check-game';
import { actionOf } from '../../electron/engine/core/events';
import type { Game } from '../../electron/engine/core/game';
import type { ClemAdapter } from '../../electron/engine/games/clembench/adapter';
import { mmMapworldClem, mmMapworldGraphsClem, mmMapworldSpecificroomClem } from '../../electron/engine/games/mm_mapworld/clem';
import { IMAGE_TOKENS, mmMapworldGame, mmMapworldGraphsGame, mmMapworldSpecificroomGame } from '../../electron/engine/games/mm_mapworld/game';
import { mmPayload } from '../../electron/engine/games/mm_mapworld/instance';
import { mmEpisodeLog } from '../../electron/engine/games/mm_mapworld/metrics';
import { mmClemScores } from '../../electron/engine/games/mm_mapworld/scoring';
import type { MapSettings } from '../../electron/engine/games/textmapworld/settings';
import { fixtureEpisodes, logged, replay, row, shapeOf } from './clembench-mm-mapworld.driver';
import { provided } from '../support/provisions';

const GAMES: [string, Game<MapSettings>, ClemAdapter][] = [
  ['mm_mapworld', mmMapworldGame, mmMapworldClem],
  ['mm_mapworld_graphs', mmMapworldGraphsGame, mmMapworldGraphsClem],
  ['mm_mapworld_specificroom', mmMapworldSpecificroomGame, mmMapworldSpecificroomClem],
];

const base = (name: string) => name.split('/').at(-1)!;
/** The room image a round's `room_image` log names (June 2024: a path list; May 2024: the file and the room's category). */
function loggedRoom(content: string): { image: string; category: string | null } {
  const v = JSON.parse(content) as { image: string | string[]; room?: string };
  return { image: base(Array.isArray(v.image) ? v.image[0]! : v.image), category: v.room ?? null };
}

/**
 * The v1.6 graph similarities per published scores.json: the June 2024 scorer (commits 617c9377…,
 * c549e540…) logged 1 − σ(GED/2), half of clembench's current 2·(1 − σ(GED/2)).
 */
const GRAPH_FACTOR = 2;

describe.each(GAMES)('%s replays its published clembench episodes', (name, game, adapter) => {
  const episodes = fixtureEpisodes(name);

  it('has success, lose and aborted fixture episodes from two model pairs', () => {
    expect(episodes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(episodes.map((e) => e.pair)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(episodes.map((e) => (e.scores.Aborted === 1 ? 'aborted' : e.scores.Success === 1 ? 'success' : 'lose')))).toEqual(new Set(['aborted', 'success', 'lose']));
  });

  it.each(episodes.map((e) => [e.path, e] as const))('%s: messages, images, moves, graphs and scores equal the log', async (_path, ep) => {
    const { events, requests, input } = await replay(game, adapter, ep);
    const payload = mmPayload(input.payload);
    const names = payload.mapping.map((m) => m.image);
    // Every message the game master sent the walker, in order, exactly; each is then put back in the
    // walker's view as its text alone (\`at\`: the walker forgets the image).
    const prompts = events.filter((e) => e.kind === 'prompt');
    expect(prompts.filter((e) => e.at === undefined).map((e) => e.text)).toEqual(logged(ep, 'GM', 'Player 2', 'send message'));
    expect(prompts.filter((e) => e.at !== undefined).every((e) => e.parts === null)).toBe(true);
    // Each call shows the image of the room of its round, in the newest message only.
    const rooms = logged(ep, 'GM', 'GM', 'room_image').map(loggedRoom);
    const shown = requests.map((messages) => messages.map((m) => shapeOf(m, names)));
    expect(shown.map((call) => call.at(-1)!.images.map(base))).toEqual(rooms.map((r) => [r.image]));
    expect(shown.every((call) => call.slice(0, -1).every((m) => m.images.length === 0))).toBe(true);
    // The category never reaches the walker; the notes keep it for the reader (and equal the May 2024 logs).
    const notes = events.filter((e) => e.kind === 'system' && actionOf(e).type === 'answer').map((e) => actionOf(e));
    rooms.slice(1).forEach((r, i) => r.category !== null && expect(notes[i]!.category).toBe(r.category));
    const parts = requests.flatMap((messages) => messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content)));
    expect(parts.filter((p) => p.type === 'image').every((p) => Object.keys(p).sort().join() === 'mime,name,ref,type' && /\/ADE_(train|val)_\d+\.jpg$/.test(p.name ?? ''))).toBe(true);
    // The moves and graphs the reference logged.
    const log = mmEpisodeLog(events);
    const cell = (c: string) => JSON.parse(c.replace(/\(/g, '[').replace(/\)/g, ']')) as number[];
    expect(log.moves.map((m) => ({ old: cell(m.old), new: cell(m.new) }))).toEqual(logged(ep, 'GM', 'GM', 'move').map((m) => JSON.parse(m)));
    expect(log.graphs).toEqual(logged(ep, 'GM', 'GM', 'graph'));

    const result = game.score({ events, instance: row(input), settings: game.settings.parse({}), seats: [{ seat: 'explorer', role: 'explorer' }] });
    const mine = Object.fromEntries(result.scores.map((s) => [s.metric, s.value]));
    for (const [key, metric] of Object.entries(adapter.scoreKeys)) {
      if (!(key in ep.scores)) continue;
      const value = ep.scores[key];
      if (value === null) expect(mine[metric], `${key} is NaN in the log`).toBeUndefined();
      else expect(mine[metric], key).toBe(value);
    }
    expect(result.outcome).toBe(ep.scores.Aborted === 1 ? 'aborted' : ep.scores.Success === 1 ? 'success' : 'failure');
    expect(mine.played).toBe(1 - ep.scores.Aborted!);

    // Turn scores: one efficiency verdict per logged move (NaN when aborted), one similarity per logged graph.
    const turns = mmClemScores(payload, log);
    const loggedTurns = Object.keys(ep.turnScores).sort((a, b) => Number(a) - Number(b)).map((k) => ep.turnScores[k]!);
    const efficient = loggedTurns.filter((t) => 'effiencient_move' in t).map((t) => t.effiencient_move);
    if (ep.scores.Aborted === 1) expect(efficient).toHaveLength(turns.efficientMoves.length);
    else if (name === 'mm_mapworld_graphs') expect(efficient).toEqual(turns.efficientMoves.map(Number));
    if (name === 'mm_mapworld_graphs' && ep.scores.Aborted === 0) {
      const sims = loggedTurns.map((t) => t.turn_graph_similarity as number);
      expect(turns.similarities).toHaveLength(sims.length);
      turns.similarities.forEach((s, i) => expect(s).toBeCloseTo(GRAPH_FACTOR * sims[i]!, 12));
      expect(mine.graph_similarity).toBeCloseTo(100 * GRAPH_FACTOR * ep.scores.graph_similarity!, 10);
    }
  });
});

describe('what the walker is sent (mm_mapworld small #2, gpt-4o-2024-05-13)', () => {
  it('each call: the text history, then the newest message with the image of the room it stands in', async () => {
    const ep = fixtureEpisodes('mm_mapworld').find((e) => e.pair.startsWith('gpt-4o') && e.path.endsWith('0_small/episode_2'))!;
    const { requests, events, input } = await replay(mmMapworldGame, mmMapworldClem, ep);
    const names = mmPayload(input.payload).mapping.map((m) => m.image);
    const dir = '../clembench/mm_mapworld/mm_mapworld_main/resources/images/';
    // The walk (3,3) → (3,2) → (3,3) → (2,3) → (2,2) → (2,3) → (3,3) → (3,2): closet, garage, closet, laundromat ×3, closet, garage.
    const images = ['ADE_train_00005761', 'ADE_val_00001379', 'ADE_train_00005761', 'ADE_train_00010895', 'ADE_train_00010895', 'ADE_train_00010895', 'ADE_train_00005761', 'ADE_val_00001379'].map((n) => `${dir}${n}.jpg`);
    const sent = logged(ep, 'GM', 'Player 2', 'send message');
    const replies = logged(ep, 'Player 2', 'GM', 'get message');
    expect(requests).toHaveLength(8);
    requests.forEach((messages, n) => {
      const expected = [];
      for (let i = 0; i < n; i++) expected.push({ role: 'user', text: sent[i]!, images: [] }, { role: 'assistant', text: replies[i]!, images: [] });
      expected.push({ role: 'user', text: sent[n]!, images: [images[n]!] });
      expect(messages.map((m) => shapeOf(m, names))).toEqual(expected);
      // Earlier messages are plain text, as clemcore's forget_extras leaves them.
      expect(messages.slice(0, -1).every((m) => typeof m.content === 'string')).toBe(true);
    });
    expect(sent[0]).toContain('Let us start. \nWe have made a step and are now in this room. From here we can go: south, west. What is your next instruction?');
    expect(sent.slice(1)).toEqual([
      'We have made a step and are now in this room. From here we can go: north. What is your next instruction?',
      'We have made a step and are now in this room. From here we can go: south, west. What is your next instruction?',
      'We have made a step and are now in this room. From here we can go: east, south. What is your next instruction?',
      'We have made a step and are now in this room. From here we can go: north. What is your next instruction?',
      'We have made a step and are now in this room. From here we can go: east, south. What is your next instruction?',
      'We have made a step and are now in this room. From here we can go: south, west. What is your next instruction?',
      'We have made a step and are now in this room. From here we can go: north. What is your next instruction?',
    ]);
    // The prompt events record the same parts, so transcripts show the image each message carried
    // (and then the message as the walker remembers it: its text, in place).
    const prompts = events.filter((e) => e.kind === 'prompt' && e.at === undefined);
    expect(prompts.map((e) => e.parts?.map((p) => (p.type === 'image' ? p.name : 'text')))).toEqual(images.map((i) => ['text', i]));
  });
});

describe('datasets', () => {
  it.each([
    [mmMapworldGame, 50, ['small', 'medium', 'large', 'medium_cycle', 'large_cycle'], ['experiment', 'size', 'cycle']],
    [mmMapworldGraphsGame, 30, ['small', 'medium', 'large'], ['experiment', 'size']],
    [mmMapworldSpecificroomGame, 30, ['on', 'close', 'far'], ['experiment', 'size', 'distance']],
  ] as const)('%#: the bundled v1.6 instances, tagged by experiment', (game, count, experiments, tags) => {
    const data = game.datasets.load({ name: 'v1.6' });
    expect(data.instances).toHaveLength(count);
    expect([...new Set(data.instances.map((i) => i.tags.experiment))]).toEqual(experiments);
    expect(data.instances[0]!.key).toBe(`${experiments[0]}/0`);
    expect(data.instances[0]!.name).toBe(game === mmMapworldSpecificroomGame ? 'on #0: 8 rooms from a bedroom → bedroom' : 'small #0: 4 rooms from a nursery');
    expect(Object.keys(data.instances[0]!.tags)).toEqual(tags);
    expect(data.instances.filter((i) => i.tags.cycle === 'yes')).toHaveLength(game === mmMapworldGame ? 20 : 0);
    expect(game.datasets.bundled()).toEqual([{ name: 'v1.6', title: `${game.title} (clembench v1.6 instances)`, kind: 'v1.6', subsets: ['all'] }]);
  });

  it('a user file of the same shape loads; a bad one is refused with an error that says what is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mmw-'));
    let n = 0;
    const file = (instances: unknown[]) => {
      const path = join(dir, `${n++}.json`);
      writeFileSync(path, JSON.stringify({ experiments: [{ name: 'e', game_instances: instances }] }));
      return path;
    };
    const bundled = JSON.parse(readFileSync(join(import.meta.dirname, '../../datasets/clembench/mm_mapworld_main/instances.json'), 'utf8')) as { experiments: { game_instances: Record<string, unknown>[] }[] };
    const raw = bundled.experiments[0]!.game_instances[0]!;
    const loaded = mmMapworldGame.datasets.load({ name: 'mine', file: file([raw]) });
    expect(loaded.instances.map((i) => i.key)).toEqual(['e/0']);
    expect(loaded.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const refuse = (change: Record<string, unknown>, message: RegExp) => expect(() => mmMapworldGame.datasets.load({ name: 'x', file: file([{ ...raw, ...change }]) })).toThrow(message);
    refuse({ imgs: undefined }, /instance 0 of e: missing field imgs/);
    refuse({ start: '(9, 9)' }, /start names \(9, 9\), which is not one of the nodes/);
    refuse({ edges: ['((2, 3), (1, 2))'] }, /not a step to a neighbouring cell/);
    refuse({ edges: ['((2, 3), (1, 3))'] }, /lists \(2, 3\) → \(1, 3\) but not \(1, 3\) → \(2, 3\)/);
    refuse({ cats: { '(2, 3)': 'nursery' } }, /cats has nothing for the room \(1, 3\)/);
    refuse({ nodes: ['two, three'] }, /nodes must name a grid cell like "\(2, 3\)"/);
    refuse({ move_regex: '^GO:\\s*north$' }, /move_regex needs at least 1 group/);
    refuse({ response_regex: '^(unclosed$' }, /response_regex:/);
    expect(() => mmMapworldGraphsGame.datasets.load({ name: 'x', file: file([raw]) })).toThrow(/response_regex needs at least 3 group/);
    expect(() => mmMapworldGame.datasets.load({ name: 'v9' })).toThrow(/Unknown dataset "v9"/);
    expect(() => mmMapworldGame.datasets.load({ name: 'v1.6', subset: 'small' })).toThrow(/Unknown subset/);
  });
});

describe('images', () => {
  it('every room image of the instance, as the instance names it; one image per message; no makers', () => {
    const instance = row(mmMapworldGame.datasets.load({ name: 'v1.6' }).instances[2]!);
    const images = provided(mmMapworldGame, 'images');
    // small #2 has two laundromats with the same photograph: named once.
    expect(images.of(instance, mmMapworldGame.settings.parse({}))).toEqual([
      '../clembench/mm_mapworld/mm_mapworld_main/resources/images/ADE_train_00010895.jpg',
      '../clembench/mm_mapworld/mm_mapworld_main/resources/images/ADE_train_00005761.jpg',
      '../clembench/mm_mapworld/mm_mapworld_main/resources/images/ADE_val_00001379.jpg',
    ]);
    expect(images.perMessage).toEqual({ explorer: 1 });
    expect(images.makers).toBeUndefined();
    expect(images.hint).toMatch(/clembench checkout \(mm_mapworld\/mm_mapworld_main\/resources\//);
  });
});

describe('registration and estimate', () => {
  it.each(GAMES)('%s describes itself soundly', (_name, game) => {
    expect(gameProblems(game as Game<unknown>)).toEqual([]);
    expect(game.roles.map((r) => r.id)).toEqual(['explorer']);
    expect(game.settings.repetitions).toBe(1);
  });

  it('bounds one episode: 20 calls, each re-reading the text history and one image', () => {
    const settings = mmMapworldGame.settings.parse({});
    // 20 × (400 prompt + 765 image) + (0 + 1 + … + 19) × (300 reply + 40 describer) tokens.
    expect(mmMapworldGame.estimate(settings, 'v1.6')).toEqual({ explorer: { calls: 20, inputTokens: 20 * (400 + IMAGE_TOKENS) + 190 * 340, outputTokens: 6000 } });
    expect(mmMapworldGraphsGame.estimate(settings, 'v1.6').explorer!.inputTokens).toBe(20 * (650 + IMAGE_TOKENS) + 190 * 340);
    expect(IMAGE_TOKENS).toBe(765);
  });
});
