/**
 * EDA's training rewards on hand-made games, computed by hand: Eq. 1 at the final turn,
 * Eq. 2 (max(0.2 − 0.025·t, 0)) at the other turns answered Yes, 0 elsewhere.
 */
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../electron/engine/core/events';
import { edaTraining, yesReward } from '../../electron/engine/games/eda/training';
import { EdaSettingsSchema, EDA_PROMPTS } from '../../electron/engine/games/eda/settings';

const settings = EdaSettingsSchema.parse({});
const base = { parts: null, valid: true, flags: [] as string[], callId: null, latencyMs: null, inputTokens: null, outputTokens: null };

/** A game as events: each turn a question and the judge's label (bingo: the rules' system event). */
function game(turns: readonly [string, 'yes' | 'no' | 'maybe' | 'bingo'][]): EventRecord[] {
  let idx = 0;
  return turns.flatMap(([question, label], i): EventRecord[] => {
    const round = i + 1;
    const asked: EventRecord = { ...base, idx: ++idx, round, from: 'guesser', to: 'judge', kind: 'response', text: question, action: { question } };
    const reply = label === 'bingo' ? 'Bingo!' : label === 'yes' ? 'Yes.' : label === 'no' ? 'No.' : 'Maybe.';
    const answered: EventRecord = label === 'bingo'
      ? { ...base, idx: ++idx, round, from: null, to: 'guesser', kind: 'system', text: reply, action: { label } }
      : { ...base, idx: ++idx, round, from: 'judge', to: 'guesser', kind: 'response', text: reply, action: { label } };
    return [asked, answered];
  });
}

const rule = edaTraining.rewardRule({}, settings);

describe('EDA training rewards (Eq. 1 and Eq. 2)', () => {
  it('uses the paper’s rule by default and the run’s λ', () => {
    expect(rule).toEqual({ lambda: 0.02, freeTurns: 5, yesStart: 0.2, yesSlope: 0.025 });
    expect(edaTraining.rewardRule({}, EdaSettingsSchema.parse({ lambda: 0.05 })).lambda).toBe(0.05);
    expect(() => edaTraining.rewardRule({ yesStart: -1 }, settings)).toThrow(/yesStart/);
    expect(() => edaTraining.rewardRule({ gamma: 1 }, settings)).toThrow(/gamma/);
  });

  it('Eq. 2 by hand: 0.175 at turn 1, 0.125 at 3, 0.075 at 5, 0 from turn 8 on', () => {
    expect([1, 3, 5, 7, 8, 9].map((t) => yesReward(t, rule as { yesStart: number; yesSlope: number }))).toEqual([0.175, 0.125, 0.075, 0.025, 0, 0]);
  });

  it('a game won at turn 8 with Yes at 1, 3, 5: 0.175, 0, 0.125, 0, 0.075, 0, 0, then 1 − 0.02·3 = 0.94', () => {
    const events = game([
      ['Is it man-made?', 'yes'], ['Is it electronic?', 'no'], ['Can it be held in one hand?', 'yes'], ['Is it made of metal?', 'no'],
      ['Is it used for music?', 'yes'], ['Is it a wind instrument?', 'no'], ['Is it a drum?', 'maybe'], ['Is it a guitar?', 'bingo'],
    ]);
    const rewards = edaTraining.rewards(events, rule);
    expect(rewards.map((r) => r.reward)).toEqual([0.175, 0, 0.125, 0, 0.075, 0, 0, 0.94]);
    expect(rewards.map((r) => r.final)).toEqual([false, false, false, false, false, false, false, true]);
    expect(rewards.at(-1)).toMatchObject({ turn: 8, action: 'Is it a guitar?', answer: 'Bingo!', label: 'bingo' });
  });

  it('a game lost at turn 20 scores 0 at the end even when the last answer was Yes; a Yes at turn 2 gets 0.15', () => {
    const turns: [string, 'yes' | 'no'][] = Array.from({ length: 20 }, (_, i) => [`Question ${i + 1}?`, i === 1 || i === 19 ? 'yes' : 'no']);
    const rewards = edaTraining.rewards(game(turns), rule);
    expect(rewards[1]!.reward).toBe(0.15);
    expect(rewards[19]!.reward).toBe(0);
    expect(rewards.reduce((s, r) => s + r.reward, 0)).toBeCloseTo(0.15, 12);
  });

  it('a win within the free turns scores 1; with Yes rewards off, only Eq. 1 remains', () => {
    const events = game([['Is it alive?', 'yes'], ['Is it a cat?', 'bingo']]);
    expect(edaTraining.rewards(events, rule).map((r) => r.reward)).toEqual([0.175, 1]);
    expect(edaTraining.rewards(events, { ...rule, yesStart: 0 }).map((r) => r.reward)).toEqual([0, 1]);
  });

  it("the guesser's view: the instruction, then its questions and the replies it read, ending with its last question", () => {
    const messages = edaTraining.dialogue(game([['Is it alive?', 'yes'], ['Is it a cat?', 'bingo']]), settings, 'things');
    expect(messages).toEqual([
      { role: 'user', content: EDA_PROMPTS.things.guesser },
      { role: 'assistant', content: 'Is it alive?' },
      { role: 'user', content: 'Yes.' },
      { role: 'assistant', content: 'Is it a cat?' },
    ]);
  });
});
