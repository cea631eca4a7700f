import { describe, expect, it } from 'vitest';
import { edaEpisodeMetrics, edaScore } from '../../electron/engine/games/eda/metrics';
import type { JudgeLabel } from '../../electron/engine/games/eda/rules';

const paper = { lambda: 0.02, freeTurns: 5 };

describe('edaScore (Eq. 1)', () => {
  it.each([
    [3, true, 1],
    [5, true, 1],
    [6, true, 0.98],
    [10, true, 0.9],
    [15, true, 0.8],
    [20, true, 0.7],
    [20, false, 0],
    [4, false, 0],
  ])('#Turns %i, win %s → %f', (turns, won, score) => {
    expect(edaScore(turns, won, paper)).toBe(score);
  });
  it('follows λ', () => {
    expect(edaScore(10, true, { lambda: 0.05, freeTurns: 5 })).toBe(0.75);
  });
});

describe('edaEpisodeMetrics', () => {
  it('a win on turn 7 with two yes answers', () => {
    const labels: JudgeLabel[] = ['yes', 'no', 'maybe', 'yes', 'no', 'other', 'bingo'];
    expect(edaEpisodeMetrics(labels, paper)).toEqual({ turns: 7, success: 1, yes: 2, score: 0.96 });
  });
  it('a loss after 20 turns scores 0 and counts 20 turns', () => {
    const labels: JudgeLabel[] = Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? 'yes' : 'no'));
    expect(edaEpisodeMetrics(labels, paper)).toEqual({ turns: 20, success: 0, yes: 5, score: 0 });
  });
  it('dunno and maybe are not yes', () => {
    expect(edaEpisodeMetrics(['dunno', 'maybe', 'bingo'], paper).yes).toBe(0);
  });
});
