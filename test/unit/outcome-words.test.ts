/**
 * Outcomes in words (issue 27, item 21): each game names its outcomes in the plural too, so a count
 * never reads "5 successfuls" (AGE's "successful" plus s); SimulBench pairwise names an episode's
 * finer result ("tie", "b wins") where its outcome covers both, as its transcript does; and its
 * pairwise metrics are all shares with the same digits (no "Win 0.5500 … Win − Lose 20.00").
 */
import { describe, expect, it } from 'vitest';
import { outcomeName } from '../../shared/contract/game';
import { allGames, gameById } from '../../electron/engine/games/registry';
import { wordingProblems } from '../support/wording';
import { aggregatesOf } from '../../electron/engine/capabilities/aggregates/provision';

describe('outcomes in words', () => {
  it('every game has a plural for each outcome that reads right after a count', () => {
    for (const game of allGames()) {
      for (const outcome of ['success', 'failure', 'aborted'] as const) {
        const plural = game.view.outcomePlurals[outcome];
        expect(plural, `${game.id} ${outcome}`).toMatch(/\S/);
        expect(wordingProblems(`5 ${plural}`), `${game.id}: "5 ${plural}"`).toEqual([]);
      }
    }
    expect(gameById('age').view.outcomePlurals.success).toBe('successful');
    expect(gameById('eda').view.outcomePlurals.success).toBe('wins');
  });

  it("names SimulBench pairwise's finer results as its transcript does", () => {
    const view = gameById('simulbench_pairwise').view;
    expect(outcomeName(view, 'success', { win: 1, tie: 0, lose: 0 })).toBe('a wins');
    expect(outcomeName(view, 'failure', { win: 0, tie: 1, lose: 0 })).toBe('tie');
    expect(outcomeName(view, 'failure', { win: 0, tie: 0, lose: 1 })).toBe('b wins');
    expect(outcomeName(view, 'failure', null)).toBe('tie or b wins');
    expect(outcomeName(gameById('eda').view, 'success', { success: 1 })).toBe('win');
  });

  it('gives the pairwise Win − Lose as a share with the digits of Win, Tie and Lose', () => {
    const game = gameById('simulbench_pairwise');
    const difference = aggregatesOf(game).find((a) => a.key === 'difference')!;
    for (const key of ['win', 'tie', 'lose']) expect(game.metrics.find((m) => m.key === key)!.digits).toBe(difference.digits);
    expect(difference.compute({ win: 0.55, tie: 0.1, lose: 0.35 })).toBeCloseTo(0.2, 12);
  });
});
