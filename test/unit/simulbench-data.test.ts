/**
 * SimulBench's data and prompts: every subset's size as the paper and the data give them, the judges'
 * prompts byte for byte as the reference code renders them (golden messages made with its Python,
 * ensure_ascii and all), and the parsing rules on real-looking judge replies, malformed ones included.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulbenchDatasets } from '../../electron/engine/games/simulbench/datasets';
import { combineOrders, flipped, readRating, readTurn, readUserRequest, readVerdict } from '../../electron/engine/games/simulbench/parse';
import { challengingTurnMessages, normaliseAnswer, pairwiseJudgeMessages, pythonJson, singleJudgeMessages, userAgentMessages } from '../../electron/engine/games/simulbench/prompts';
import { parseScripts } from '../../electron/engine/games/simulbench/scripts';
import { SUBSETS } from '../../electron/engine/games/simulbench/subsets';
import { tempDir } from '../support/tmp';

const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/simulbench', name), 'utf8'));
const script = (id: number) => simulbenchDatasets.load({ name: 'simulbench' }).instances.find((i) => i.key === String(id))!.payload as { act: string; dialogue_history: { role: string; content: string }[] };

describe('SimulBench subsets', () => {
  const count = (subset: string, type?: string) => simulbenchDatasets.load({ name: 'simulbench', subset }).instances.filter((i) => !type || i.tags.type === type).length;
  it('All 500 = LastOnly 225 + Hard 275; Hard = FirstChan 93 + SubseqChan 182, as the paper counts', () => {
    expect([count('all'), count('lastonly'), count('hard'), count('firstchan'), count('subseqchan')]).toEqual([500, 225, 275, 93, 182]);
  });
  it('FirstChan is 38 stateless + 55 stateful scripts (§4.2.1); by dialogue alone it would be 94 / 181 (38 / 56)', () => {
    expect([count('firstchan', 'stateless'), count('firstchan', 'stateful')]).toEqual([38, 55]);
    expect([count('firstchan-by-dialogue'), count('subseqchan-by-dialogue'), count('firstchan-by-dialogue', 'stateful')]).toEqual([94, 181, 56]);
    // The one script between the two rules: id 154, whose real first script was among the ten discarded.
    const paper = new Set(simulbenchDatasets.load({ name: 'simulbench', subset: 'firstchan' }).instances.map((i) => i.key));
    expect(simulbenchDatasets.load({ name: 'simulbench', subset: 'firstchan-by-dialogue' }).instances.map((i) => i.key).filter((k) => !paper.has(k))).toEqual(['154']);
  });
  it('stateful 266 / stateless 234, and the v1 repository lists mapped to today’s scripts', () => {
    expect([count('stateful'), count('stateless')]).toEqual([266, 234]);
    expect(['objective', 'subjective', 'system', 'tool'].map((s) => count(s))).toEqual([206, 61, 107, 160]);
    expect(Object.keys(SUBSETS)).toHaveLength(13);
  });
  it('refuses an unknown subset and a broken scripts file, naming each bad line', () => {
    expect(() => simulbenchDatasets.load({ name: 'simulbench', subset: 'easy' })).toThrow(/Unknown subset "easy" of SimulBench: it has all, hard/);
    const path = join(tempDir(), 'mine.jsonl');
    const good = JSON.stringify({ id: 1, source_id: 't', act: 'Echo', task_description: 'echo', type: 'stateless', source_file_name: 'f', turn_num: 0, dialogue_history: [{ role: 'user', content: 'hi' }] });
    writeFileSync(path, [good, '{"id": 2', JSON.stringify({ ...JSON.parse(good), id: 3, type: 'sideways' }), good].join('\n'));
    expect(() => simulbenchDatasets.load({ name: 'x', file: path })).toThrow(/:2: not JSON[\s\S]*:3: type: Invalid[\s\S]*:4: id 1 is used again \(first on line 1\)/);
    expect(parseScripts(JSON.stringify({ ...JSON.parse(good), dialogue_history: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a' }] })).problems[0]!.message).toMatch(/must end with the user query/);
  });
});

describe('SimulBench prompts, as the reference code renders them', () => {
  it('the single-answer judge, for a script with accents and one with an emoji (ensure_ascii)', () => {
    for (const name of ['scoring_script2.json', 'scoring_script213.json']) {
      const f = fixture(name);
      const s = script(f.script_id);
      expect(singleJudgeMessages(s.act, s.dialogue_history, f.response)).toEqual(f.messages);
    }
  });
  it('the pairwise judge, order A then B', () => {
    const f = fixture('pairwise_script2_order12.json');
    const s = script(f.script_id);
    expect(pairwiseJudgeMessages(s.act, s.dialogue_history, f.response_A, f.response_B)).toEqual(f.messages);
  });
  it('the challenging-turn judge (turns numbered from 0, DIALOGUE_LEN the number of messages) and the user agent', () => {
    const turn = fixture('challenging_turn_toy.json');
    expect(challengingTurnMessages(turn.dialogue)).toEqual(turn.messages);
    const agent = fixture('user_agent_000.json');
    const task = JSON.parse(readFileSync(join(import.meta.dirname, '../../datasets/simulbench/simulbench_tasks.jsonl'), 'utf8').split('\n')[0]!);
    expect(userAgentMessages(agent.dialogue, task.request_type)).toEqual(agent.messages);
  });
  it('escapes as Python does: non-ASCII as \\uXXXX, an emoji as its surrogate pair', () => {
    expect(pythonJson({ AI: 'é 😀' })).toBe('{\n  "AI": "\\u00e9 \\ud83d\\ude00"\n}');
    expect(normaliseAnswer('  "quoted"  ')).toBe('quoted');
    expect(normaliseAnswer('"open only')).toBe('open only');
    expect(normaliseAnswer('not "quoted"')).toBe('not "quoted"');
  });
});

describe('reading judges', () => {
  it('ratings: [[n]] first, [n] as fallback, the first match wins, 1–10 only', () => {
    expect(readRating('The answer is fine.\nRating: [[7]]')).toEqual({ ok: true, value: 7 });
    expect(readRating('Rating: [8]')).toEqual({ ok: true, value: 8 });
    expect(readRating('Rating: [[7.5]] (or [[9]])')).toEqual({ ok: true, value: 7.5 });
    expect(readRating('see [2] above. Rating: [[6]]')).toEqual({ ok: true, value: 6 }); // [[n]] is tried first
    expect(readRating('Rating: [[10]]')).toEqual({ ok: true, value: 10 });
    expect(readRating('Rating: 7/10')).toMatchObject({ ok: false, reason: expect.stringMatching(/no rating/) });
    expect(readRating('Rating: [[0]]')).toMatchObject({ ok: false, reason: 'rating 0 is outside 1 to 10' });
    expect(readRating('Rating: [[15]]')).toMatchObject({ ok: false });
    expect(readRating('Rating: [[ 7 ]]')).toMatchObject({ ok: false });
    expect(readRating('Rating: [[-3]]')).toMatchObject({ ok: false });
  });
  it('verdicts: [[A]], then [[B]], then [[C]], in that order of testing', () => {
    expect(readVerdict('Both are close, but [[B]]')).toEqual({ ok: true, value: 'B' });
    expect(readVerdict('[[C]]')).toEqual({ ok: true, value: 'C' });
    expect(readVerdict('Not [[B]] but [[A]]')).toEqual({ ok: true, value: 'A' });
    expect(readVerdict('I prefer A.')).toMatchObject({ ok: false });
  });
  it('both orders: a win only when preferred in both; a flip when the verdict followed the position', () => {
    expect([combineOrders('A', 'B'), combineOrders('B', 'A'), combineOrders('A', 'A'), combineOrders('C', 'B'), combineOrders('C', 'C')]).toEqual(['win', 'lose', 'tie', 'tie', 'tie']);
    expect([flipped('A', 'B'), flipped('A', 'A'), flipped('C', 'C'), flipped('C', 'A')]).toEqual([false, true, false, true]);
  });
  it('challenging turns and the user agent’s JSON', () => {
    expect(readTurn('Turn: [[3]]', 8)).toEqual({ ok: true, value: 3 });
    expect(readTurn('no challenge: [[0]]', 8)).toEqual({ ok: true, value: 0 });
    expect(readTurn('Turn: [[9]]', 8)).toMatchObject({ ok: false });
    expect(readUserRequest('```\n{"user": {"strategy": "2", "request": "ls -la"}}\n```')).toEqual({ ok: true, value: { request: 'ls -la', strategy: '2' } });
    expect(readUserRequest('{"user": {"request": ""}}')).toMatchObject({ ok: false });
    expect(readUserRequest('```json\n{"user": {"request": "x"}}\n```')).toMatchObject({ ok: false });
  });
});
