/**
 * The image MatchIt (clembench `matchit`, a717f23): its data, the exact messages each player is sent
 * (texts and images) as clembench's master sends them through clemcore's DialogueGameMaster, its
 * scores by hand for every ending, its built-in players and resuming.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatasetError } from '../../electron/engine/core/datasets';
import { matchitImagePayload } from '../../electron/engine/games/matchit/datasets';
import { matchitGame as game } from '../../electron/engine/games/matchit/game';
import { drive, rowOf, scoresOf, shown } from './clembench-matchit-mm.driver';
import { provided } from '../support/provisions';

const bundled = () => game.datasets.load({ name: 'v1.6' });
const instanceAt = (key: string) => {
  const instances = bundled().instances;
  const i = instances.findIndex((x) => x.key === key);
  return rowOf(instances[i]!, i);
};

// clembench's matchit/resources/initial_prompts templates, as its instance generator filled them.
const INITIAL =
  'You are participating in a collaborative guessing game.\nThe goal is to find out whether this picture and another picture only I can see, are the same.\nPlease describe your image first. Then, I will provide my description and we can ask each other questions about the images to figure out whether they are the same. Now start your short image description with "DESCRIPTION:" followed by the description. Do not add anything else.';
const Q = 'Now ask a question in order to find out new aspects of my image that may be different to your image. Start with "QUESTION:" and do not add anything else.';
const A_REQ = ' Start your answer with "ANSWER:" and do not add anything else.';
const D =
  'Now come to a decision. What do you think: are your picture and the other picture described the same picture?  Write "DECISION: same image" if you think they are the same picture or "DECISION: different images" if you think they are different pictures. Do not add anything else.\n';
const IMG_A = 'https://cs.stanford.edu/people/rak248/VG_100K/2353588.jpg';
const IMG_B = 'https://cs.stanford.edu/people/rak248/VG_100K_2/2407969.jpg';

describe('MatchIt (images) instances', () => {
  const root = process.env.PARLOR_DATASETS_DIR;
  afterEach(() => {
    if (root === undefined) delete process.env.PARLOR_DATASETS_DIR;
    else process.env.PARLOR_DATASETS_DIR = root;
  });

  it('loads the 30 v1.6 instances, tagged by experiment and same/different, naming two Visual Genome images each', () => {
    const data = bundled();
    expect([data.name, data.kind, data.subset, data.instances.length]).toEqual(['v1.6', 'matchit', 'all', 30]);
    expect(game.datasets.bundled()).toEqual([{ name: 'v1.6', title: 'MatchIt v1.6 (clembench, Visual Genome images)', kind: 'matchit', subsets: ['all'] }]);
    const counts: Record<string, number> = {};
    for (const i of data.instances) counts[`${i.tags.experiment}/${i.tags.same}`] = (counts[`${i.tags.experiment}/${i.tags.same}`] ?? 0) + 1;
    expect(counts).toEqual({ 'same_image/same': 10, 'similar_image/different': 10, 'different_image/different': 10 });
    const p = matchitImagePayload(instanceAt('similar_image/0').payload);
    expect(p).toMatchObject({ experiment: 'similar_image', gameId: 0, decisionTurn: 3, imageA: IMG_A, imageB: IMG_B, initialPrompt: INITIAL, qReprompt: Q, aRequest: A_REQ, dReprompt: D, descIntro: 'This is my ' });
    expect([p.solution, p.wrongSolution]).toEqual(['different images', 'same image']);
    expect(matchitImagePayload(instanceAt('same_image/0').payload).solution).toBe('same image');
    for (const i of data.instances) for (const name of provided(game, 'images').of(rowOf(i), {} as never)) expect(name).toMatch(/^https:\/\/cs\.stanford\.edu\/people\/rak248\/VG_100K(_2)?\/\d+\.jpg$/);
    expect(provided(game, 'images').of(instanceAt('similar_image/0'), {} as never)).toEqual([IMG_A, IMG_B]);
  });

  it('refuses missing, malformed and unknown data with a DatasetError that says what to fix', () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchit-mm-'));
    try {
      process.env.PARLOR_DATASETS_DIR = dir;
      expect(() => bundled()).toThrow(/Cannot read the MatchIt \(images\) instances/);
      mkdirSync(join(dir, 'clembench', 'matchit'), { recursive: true });
      const file = join(dir, 'clembench', 'matchit', 'instances_v1_6.json');
      const experiment = '{"name": "x", "initial_prompt": "p", "q_reprompt": "q", "d_reprompt": "d", "a_request": "a", "desc_intro": "i", "flags": {"description": "D:", "question": "Q:", "answer": "A:", "decision": "X:"}, "solution": "s", "wrong_solution": "w"';
      writeFileSync(file, `{"experiments": [${experiment}, "game_instances": [{"game_id": 0, "image_a": "a.jpg", "decision_turn": 3}]}]}`);
      expect(() => bundled()).toThrow('experiment "x", game 0: image_b must be a string.');
      writeFileSync(file, `{"experiments": [${experiment}, "game_instances": [{"game_id": 0, "image_a": "a.jpg", "image_b": " ", "decision_turn": 3}]}]}`);
      expect(() => bundled()).toThrow(/image_b is empty; it must name an image/);
      writeFileSync(file, `{"experiments": [${experiment}, "game_instances": [{"game_id": 0, "grid_a": "X", "grid_b": "X", "decision_turn": 3}]}]}`);
      expect(() => bundled()).toThrow(DatasetError);
      // A user's file of the same shape is its own dataset.
      writeFileSync(file, `{"experiments": [${experiment}, "game_instances": [{"game_id": 7, "image_a": "a.jpg", "image_b": "b.jpg", "decision_turn": 2}]}]}`);
      const mine = game.datasets.load({ name: 'ignored', file });
      expect([mine.name, mine.kind, mine.instances.map((i) => i.key), mine.instances[0]!.tags]).toEqual([expect.stringMatching(/^instances_v1_6@[0-9a-f]{8}$/), 'matchit', ['x/7'], { experiment: 'x', same: 'different' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(() => game.datasets.load({ name: 'v2.0' })).toThrow(/MatchIt \(images\) has "v1.6"/);
    expect(() => game.datasets.load({ name: 'v1.6', subset: 'same_image' })).toThrow(DatasetError);
  });
});

describe('MatchIt (images) messages, as clembench sends them', () => {
  // Scripted replies in calling order: A describes; B describes and asks; then A answers and asks, B answers and asks (3 rounds, B decides in the last); A decides.
  const script: [string, string][] = [
    ['player_a', 'DESCRIPTION: a kitchen.'],
    ['player_b', 'DESCRIPTION: a kitchen with a stove.'],
    ['player_b', 'QUESTION: is there a stove?'],
    ['player_a', '  ANSWER: no\n'],
    ['player_a', 'QUESTION: is there a fridge?'],
    ['player_b', 'ANSWER: no'],
    ['player_b', 'QUESTION: a window?'],
    ['player_a', 'ANSWER: yes'],
    ['player_a', 'QUESTION: a sink?'],
    ['player_b', 'ANSWER: yes'],
    ['player_b', 'QUESTION: a cat?'],
    ['player_a', 'ANSWER: no'],
    ['player_a', 'QUESTION: a dog?'],
    ['player_b', 'ANSWER: no'],
    ['player_b', 'DECISION: different images'],
    ['player_a', 'DECISION: Different images.'],
  ];
  const play = () => {
    const replies = [...script];
    return drive(instanceAt('similar_image/0'), (seat) => {
      const [expected, text] = replies.shift()!;
      expect(seat).toBe(expected);
      return text;
    });
  };
  // Hand-traced from master.py: _on_before_game, _on_valid_player_response and _should_pass_turn set these contexts.
  const toA = [
    { text: INITIAL, images: [IMG_A] },
    { text: `This is my DESCRIPTION: a kitchen with a stove.\nQUESTION: is there a stove?${A_REQ}`, images: [] },
    { text: Q, images: [] },
    { text: `ANSWER: no\nQUESTION: a window?${A_REQ}`, images: [] },
    { text: Q, images: [] },
    { text: `ANSWER: yes\nQUESTION: a cat?${A_REQ}`, images: [] },
    { text: Q, images: [] },
    { text: `ANSWER: no\n${D}`, images: [] },
  ];
  const toB = [
    { text: INITIAL, images: [IMG_B] },
    { text: `This is my DESCRIPTION: a kitchen.\n${Q}`, images: [] },
    { text: `ANSWER: no\nQUESTION: is there a fridge?${A_REQ}`, images: [] },
    { text: Q, images: [] },
    { text: `ANSWER: yes\nQUESTION: a sink?${A_REQ}`, images: [] },
    { text: Q, images: [] },
    { text: `ANSWER: no\nQUESTION: a dog?${A_REQ}`, images: [] },
    { text: D, images: [] },
  ];

  it("sends each player its own dialogue: the image with the first prompt only, B's after A's description, replies passed on stripped", async () => {
    const { calls } = await play();
    expect(calls.map((c) => c.seat)).toEqual(script.map(([seat]) => seat));
    for (const [seat, expected] of [['player_a', toA], ['player_b', toB]] as const) {
      const mine = calls.filter((c) => c.seat === seat);
      const replies = script.filter(([s]) => s === seat).map(([, text]) => text);
      expect(mine.map((c) => shown(c.messages.at(-1)!))).toEqual(expected.map((m) => ({ role: 'user', ...m })));
      // Each call re-sends the whole history (the image stays in the first message), with the player's raw replies.
      mine.forEach((c, k) => expect(c.messages.map(shown)).toEqual(expected.slice(0, k + 1).flatMap((m, j) => (j < k ? [{ role: 'user', ...m }, { role: 'assistant', text: replies[j]!, images: [] }] : [{ role: 'user', ...m }]))));
    }
    // Text first, then the image, as clemcore's backends send an image context.
    expect((calls[0]!.messages[0]!.content as readonly { type: string }[]).map((p) => p.type)).toEqual(['text', 'image']);
  });

  it('records each prompt with its image, in the round clembench counts it in (+1), and scores both right as 100', async () => {
    const { events } = await play();
    const prompts = events.filter((e) => e.kind === 'prompt');
    expect(prompts.map((e) => `${e.round}:${e.to}`)).toEqual(['1:player_a', '1:player_b', '1:player_b', '2:player_a', '2:player_a', '2:player_b', '2:player_b', '3:player_a', '3:player_a', '3:player_b', '3:player_b', '4:player_a', '4:player_a', '4:player_b', '4:player_b', '5:player_a']);
    expect(prompts.slice(0, 2).map((e) => e.parts?.flatMap((p) => (p.type === 'image' ? [p.name] : [])))).toEqual([[IMG_A], [IMG_B]]);
    expect(prompts.slice(2).every((e) => e.parts === null)).toBe(true);
    const instance = instanceAt('similar_image/0');
    expect(scoresOf(events, instance)).toEqual({
      outcome: 'success',
      episode: { played: 1, main_score: 100, aborted: 0, success: 1, lose: 0, player_score: 100, request_count: 16, parsed_request_count: 16, violated_request_count: 0 },
      seat: { player_a: { correct: 1 }, player_b: { correct: 1 } },
    });
    expect(provided(game, 'text-transcript')(events, game.settings.parse({})).slice(0, 4)).toEqual(['— round 1 —', `  [A is shown ${IMG_A}]`, '  A: DESCRIPTION: a kitchen.', `  [B is shown ${IMG_B}]`]);
  });
});

describe('MatchIt (images) scores for every ending (hand-computed from MatchItScorer)', () => {
  const instance = instanceAt('same_image/0');
  const full = ['DESCRIPTION: a', 'DESCRIPTION: b', 'QUESTION: q', ...Array(3).fill(['ANSWER: a', 'QUESTION: q', 'ANSWER: a', 'QUESTION: q']).flat()] as string[];
  const run = async (edit: (s: string[]) => string[]) => {
    const replies = edit([...full]);
    const { events, calls } = await drive(instance, () => replies.shift() ?? 'unused');
    return { ...scoresOf(events, instance), calls: calls.length, last: events.at(-1)! };
  };
  const decide = (b: string, a: string) => (s: string[]) => [...s.slice(0, 14), b, a];

  it('one right decision: Lose, Main Score 0, Player Score 50; both wrong: Player Score 0', async () => {
    const one = await run(decide('DECISION: same image', 'DECISION: different images'));
    expect([one.outcome, one.episode, one.seat]).toEqual(['failure', { played: 1, main_score: 0, aborted: 0, success: 0, lose: 1, player_score: 50, request_count: 16, parsed_request_count: 16, violated_request_count: 0 }, { player_a: { correct: 0 }, player_b: { correct: 1 } }]);
    const none = await run(decide('DECISION: different images', 'DECISION: different images'));
    expect([none.outcome, none.episode.player_score, none.episode.main_score, none.episode.lose]).toEqual(['failure', 0, 0, 1]);
  });

  it.each([
    ['an empty description from A', (s: string[]) => [' \n', ...s.slice(1)], { calls: 1, request_count: 1, parsed_request_count: 0, violated_request_count: 1 }, "A's description: empty message"],
    ["B's first question with a wrong flag", (s: string[]) => [...s.slice(0, 2), 'Question: q'], { calls: 3, request_count: 3, parsed_request_count: 2, violated_request_count: 1 }, "B's question: first word"],
    ["B's decision in other words (valid format, invalid content)", decide('DECISION: same picture', 'x'), { calls: 15, request_count: 16, parsed_request_count: 15, violated_request_count: 1 }, "B's decision: the decision is neither"],
    ["A's decision with a wrong flag, after B decided", decide('DECISION: same image', 'ANSWER: same image'), { calls: 16, request_count: 16, parsed_request_count: 15, violated_request_count: 1 }, "A's decision: first word"],
    ["A's decision in other words", decide('DECISION: same image', 'DECISION: same image!'), { calls: 16, request_count: 17, parsed_request_count: 16, violated_request_count: 1 }, "A's decision: the decision is neither"],
  ] as const)('aborts on %s: Aborted 1, Success 0, Lose 0, no Main or Player Score', async (_name, edit, counts, why) => {
    const { outcome, episode, calls, last } = await run(edit);
    const { calls: n, ...requests } = counts;
    expect(outcome).toBe('aborted');
    expect(calls).toBe(n);
    expect(episode).toEqual({ played: 0, aborted: 1, success: 0, lose: 0, ...requests });
    expect(last).toMatchObject({ kind: 'system', action: { abort: expect.stringContaining(why) } });
  });
});
