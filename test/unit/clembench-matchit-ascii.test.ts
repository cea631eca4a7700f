import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gameProblems } from '../../electron/engine/core/check-game';
import { DatasetError } from '../../electron/engine/core/datasets';
import type { EventRecord } from '../../electron/engine/core/events';
import { matchitPayload } from '../../electron/engine/games/matchit_ascii/datasets';
import { matchitAsciiGame as game } from '../../electron/engine/games/matchit_ascii/game';
import { matchitScores, type MatchItTally } from '../../electron/engine/games/matchit_ascii/metrics';
import { checkReply, firstWord, pyStrip } from '../../electron/engine/games/matchit_ascii/rules';
import { drive, rowOf, scoresOf } from './clembench-matchit-ascii.driver';
import { wholeAndResumed } from '../support/kit';
import { provided } from '../support/provisions';

const bundled = () => game.datasets.load({ name: 'v1.6' });
const instanceAt = (key: string) => {
  const instances = bundled().instances;
  const i = instances.findIndex((x) => x.key === key);
  return rowOf(instances[i]!, i);
};
const same = matchitPayload(instanceAt('same_grid/0').payload);
const different = matchitPayload(instanceAt('different_grid/0').payload);

describe('MatchIt ASCII instances', () => {
  const root = process.env.PARLOR_DATASETS_DIR;
  afterEach(() => {
    if (root === undefined) delete process.env.PARLOR_DATASETS_DIR;
    else process.env.PARLOR_DATASETS_DIR = root;
  });

  it('loads the 40 v1.6 instances with the experiment fields in every payload', () => {
    const data = bundled();
    expect(data.instances).toHaveLength(40);
    expect(data.instances.map((i) => i.key).slice(0, 2)).toEqual(['same_grid/0', 'same_grid/1']);
    const counts: Record<string, number> = {};
    for (const i of data.instances) counts[i.tags.experiment!] = (counts[i.tags.experiment!] ?? 0) + 1;
    expect(counts).toEqual({ same_grid: 10, similar_grid_1: 10, similar_grid_2: 10, different_grid: 10 });
    expect(data.instances.filter((i) => i.tags.same === 'same').map((i) => i.tags.experiment)).toEqual(Array(10).fill('same_grid'));
    expect(same).toMatchObject({ experiment: 'same_grid', gameId: 0, decisionTurn: 3, solution: 'same grid', wrongSolution: 'different grids', descIntro: 'This is my ' });
    expect(different.flags).toEqual({ description: 'DESCRIPTION:', question: 'QUESTION:', answer: 'ANSWER:', decision: 'DECISION:' });
    expect(different.solution).toBe('different grids');
  });

  it('refuses missing, malformed and unknown data with a DatasetError', () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchit-'));
    try {
      process.env.PARLOR_DATASETS_DIR = dir;
      expect(() => bundled()).toThrow(/Cannot read the MatchIt ASCII instances/);
      mkdirSync(join(dir, 'clembench', 'matchit_ascii'), { recursive: true });
      writeFileSync(join(dir, 'clembench', 'matchit_ascii', 'instances_v1.6.json'), '{"experiments": [');
      expect(() => bundled()).toThrow(/is not JSON/);
      writeFileSync(join(dir, 'clembench', 'matchit_ascii', 'instances_v1.6.json'), '{"experiments": [{"name": "x", "game_instances": [{"game_id": 0, "grid_a": "X", "grid_b": "X", "decision_turn": 0}]}]}');
      expect(() => bundled()).toThrow(/decision_turn must be an integer of at least 1/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(() => game.datasets.load({ name: 'v2.0' })).toThrow(DatasetError);
  });
});

describe('MatchIt ASCII reply rules (examples from logged episodes)', () => {
  const p = { flags: same.flags, solution: 'same grid', wrongSolution: 'different grids' };

  it('reads the first word of the first non-empty line, split at spaces only', () => {
    expect(firstWord('DESCRIPTION: \n▢ ▢ X ▢ ▢')).toBe('DESCRIPTION:');
    expect(firstWord('\n\nQUESTION:\nIs there any X in the top left corner of your grid?')).toBe('QUESTION:');
    expect(firstWord('**ANSWER:** No')).toBe('**ANSWER:**');
    expect(pyStrip('\u00a0 ANSWER: No\r\n')).toBe('ANSWER: No');
    expect(pyStrip('\ufeffx')).toBe('\ufeffx'); // not whitespace to Python
  });

  it('accepts anything after the right flag, and refuses a wrong flag or an empty reply (abort)', () => {
    expect(checkReply('ANSWER: No \n \nOur grids are the same!', 'answer', p)).toEqual({ ok: true, action: { expect: 'answer', text: 'ANSWER: No \n \nOur grids are the same!' } });
    expect(checkReply('You are right! We have determined that our grids are the same. There is no need for further questions.', 'question', p)).toMatchObject({ ok: false, reason: 'first word "You", but expected QUESTION:', flags: ['wrong_flag'] });
    expect(checkReply('ANSWER:\nNo, there is no X in the leftmost column of my grid.\nDECISION: same grid', 'decision', p)).toMatchObject({ ok: false, flags: ['wrong_flag'] });
    expect(checkReply(' \n ', 'description', p)).toMatchObject({ ok: false, flags: ['empty_reply'] });
  });

  it('takes a decision only in the instance words, forgiving case and surrounding dots and newlines', () => {
    expect(checkReply('DECISION: same grid', 'decision', p)).toMatchObject({ ok: true, action: { decision: 'success', said: 'same grid' } });
    expect(checkReply('DECISION: Different Grids.\n', 'decision', p)).toMatchObject({ ok: true, action: { decision: 'loss' } });
    expect(checkReply('DECISION: same grid ', 'decision', p)).toMatchObject({ ok: false, flags: ['invalid_decision'] });
    expect(checkReply('DECISION: different grid', 'decision', p)).toMatchObject({ ok: false, flags: ['invalid_decision'] });
    expect(checkReply('DECISION: same grid. The grids match.', 'decision', p)).toMatchObject({ ok: false, flags: ['invalid_decision'] });
  });
});

describe('MatchIt ASCII scores (hand-computed)', () => {
  const tally = (t: Partial<MatchItTally>): MatchItTally => ({ aborted: false, parsed: 16, violated: 0, decided: {}, ...t });
  const byMetric = (t: MatchItTally) => Object.fromEntries(matchitScores(t).scores.filter((s) => !s.seat).map((s) => [s.metric, s.value]));

  it('gives 100 only when both decide right, and 50 per right player as Player Score', () => {
    expect(matchitScores(tally({ decided: { player_a: 'success', player_b: 'success' } })).outcome).toBe('success');
    expect(byMetric(tally({ decided: { player_a: 'success', player_b: 'success' } }))).toEqual({ played: 1, main_score: 100, aborted: 0, success: 1, lose: 0, player_score: 100, request_count: 16, parsed_request_count: 16, violated_request_count: 0 });
    expect(byMetric(tally({ decided: { player_a: 'loss', player_b: 'success' } }))).toMatchObject({ main_score: 0, success: 0, lose: 1, player_score: 50 });
    expect(byMetric(tally({ decided: { player_a: 'loss', player_b: 'loss' } }))).toMatchObject({ main_score: 0, lose: 1, player_score: 0 });
    expect(matchitScores(tally({ decided: { player_a: 'loss', player_b: 'success' } })).scores.filter((s) => s.seat)).toEqual([
      { seat: 'player_a', metric: 'correct', value: 0 },
      { seat: 'player_b', metric: 'correct', value: 1 },
    ]);
  });

  it('scores an aborted episode without Main or Player Score, Success and Lose 0', () => {
    const result = matchitScores(tally({ aborted: true, parsed: 15, violated: 1 }));
    expect(result.outcome).toBe('aborted');
    expect(Object.fromEntries(result.scores.map((s) => [s.metric, s.value]))).toEqual({ played: 0, aborted: 1, success: 0, lose: 0, request_count: 16, parsed_request_count: 15, violated_request_count: 1 });
  });

  it('counts a refused decision as parsed and violated, from the events alone', () => {
    const instance = instanceAt('same_grid/0');
    const script = ['DESCRIPTION: a', 'DESCRIPTION: b', 'QUESTION: q', ...Array(3).fill(['ANSWER: a', 'QUESTION: q', 'ANSWER: a', 'QUESTION: q']).flat()];
    script[14] = 'DECISION: same grid!';
    const replies = [...script];
    return drive(instance, () => replies.shift()!).then(({ events }) => {
      expect(events.at(-1)).toMatchObject({ kind: 'system', action: { abort: expect.stringContaining("B's decision") } });
      expect(scoresOf(events, instance).episode).toMatchObject({ aborted: 1, request_count: 16, parsed_request_count: 15, violated_request_count: 1 });
    });
  });
});

describe('MatchIt ASCII built-in players', () => {
  it('is a sound game description', () => {
    const problems = gameProblems(game as never).filter((p) => !/must be lowercase letters, digits and dashes/.test(p));
    expect(problems).toEqual([]);
  });

  it('play every bundled instance to two right decisions, describing rows exactly and asking about differing rows first', async () => {
    const policies = provided(game, 'builtins');
    const instances = bundled().instances;
    for (const [i, input] of instances.entries()) {
      const instance = rowOf(input, i);
      const { events, calls } = await drive(instance, (seat, messages) => policies[seat]!(messages));
      const { outcome, episode } = scoresOf(events, instance);
      expect([input.key, outcome, episode.main_score, episode.request_count]).toEqual([input.key, 'success', 100, 16]);
      expect(calls).toHaveLength(16);
    }
    const first = await drive(instanceAt('similar_grid_2/0'), (seat, messages) => policies[seat]!(messages));
    const replies = first.events.filter((e) => e.kind === 'response').map((e) => e.text);
    expect(replies[0]).toBe('DESCRIPTION: row 1: X X X X X; row 2: X ▢ X ▢ X; row 3: X ▢ X ▢ X; row 4: X ▢ X ▢ X; row 5: X X X X X');
    // B's row 2 is X X X ▢ X: it asks first about the row it was told differs.
    expect(replies[2]).toBe('QUESTION: What exactly is in row 2 of your grid?');
    expect(replies[3]).toBe('ANSWER: row 2: X ▢ X ▢ X');
    expect(replies.at(-1)).toBe('DECISION: different grids');
  });

  it('resumes a cut-off episode after its recorded replies, asking no move twice', async () => {
    const instance = instanceAt('similar_grid_1/4');
    const policies = provided(game, 'builtins');
    const { whole, resumed } = await wholeAndResumed(drive, instance, (seat, messages) => policies[seat]!(messages), 7);
    expect(resumed.calls).toHaveLength(16 - 7);
    const texts = (d: { events: EventRecord[] }) => d.events.map((e) => `${e.kind}:${e.text}`);
    expect(texts(resumed)).toEqual(texts(whole));
    expect(resumed.calls[0]!.messages).toEqual(whole.calls[7]!.messages);
  });
});
