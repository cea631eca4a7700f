/**
 * clembench's % Played is shown as the percentage its label says (issue 27, item 20): the run page and
 * the leaderboard printed 1.00 where the Benchmark page prints 100.00. Stored and exported as the share.
 */
import { describe, expect, it } from 'vitest';
import { episodeValue, metricMeanStd, metricNumber } from '../../shared/contract/game';
import { CLEM_METRICS } from '../../electron/engine/games/clembench/adapter';
import { gameById } from '../../electron/engine/games/registry';

describe('a metric reported as a percentage', () => {
  const played = CLEM_METRICS.find((m) => m.key === 'played')!;

  it('is % Played in every clembench game, and prints × 100 with the same digits', () => {
    for (const id of ['referencegame', 'matchit_ascii', 'textmapworld', 'multimodal_referencegame']) expect(gameById(id).metrics.find((m) => m.key === 'played')?.percent).toBe(true);
    expect(metricMeanStd(played, 1, 0, played.digits)).toBe('100.00 ± 0.00');
    expect(metricMeanStd(played, 0.625, 0.53, played.digits)).toBe('62.50 ± 53.00');
    expect(metricNumber(played, 0.215, 1)).toBe('21.5');
    expect(episodeValue(played, 1)).toBe('100');
  });

  it('leaves every other metric as it is', () => {
    const success = CLEM_METRICS.find((m) => m.key === 'main_score')!;
    expect(metricMeanStd(success, 100, null, 2)).toBe('100.00');
    expect(episodeValue({}, 3)).toBe('3');
  });
});
