/**
 * clembench's % Played is shown as the percentage its label says (issue 27, item 20): the run page and
 * the leaderboard printed 1.00 where the Benchmark page prints 100.00. Stored and exported as the share.
 */
import { describe, expect, it } from 'vitest';
import { episodeValue, metricMeanStd, metricNumber } from '../../shared/contract/game';
import { CLEM_METRICS } from '../../electron/engine/games/clembench/adapter';
import { gameById } from '../../electron/engine/games/registry';
import { heatmapSvg } from '../../shared/charts/heatmap';
import { heatmapLatex } from '../../electron/engine/io/views';
import { breakdownLatex } from '../../electron/engine/io/suite';
import { metricMeanStdOf } from '../../electron/cli/format';
import { ExploreFiltersSchema } from '../../shared/contract/explore';
import type { HeatmapView } from '../../shared/api/views';

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

describe('a percentage in every table and chart, not only on the page', () => {
  const view: HeatmapView = {
    players: ['a', 'b'], topics: ['small'], metric: 'played', metricLabel: '% played', topicKey: 'experiment', domain: [0, 1], minEpisodes: 1, percent: true,
    coverage: { mode: 'all', total: 1, shared: 1 },
    cells: [{ player: 'a', topic: 'small', n: 6, mean: 0.8333333333333334, low: 0.4, high: 0.97 }, { player: 'b', topic: 'small', n: 6, mean: 1, low: 0.6, high: 1 }],
  };
  it('the heatmap chart, its LaTeX and the breakdown print × 100; the best is picked at the printed digits', () => {
    expect(heatmapSvg(view)).toContain('>83.33<');
    expect(heatmapSvg(view)).toContain('95% CI 40.00–97.00');
    const game = gameById('referencegame');
    expect(heatmapLatex(game, 'Player', view, ExploreFiltersSchema.parse({ game: 'referencegame', dataset: 'v1.6', instances: 'all' }))).toContain('a & 83.33 \\\\');
    expect(breakdownLatex(view, 'Reference', 'higher', 2)).toContain('small & 83.33 & \\textbf{100.00} \\\\');
  });
  it('the CLI report prints it as the run page does', () => {
    expect(metricMeanStdOf(CLEM_METRICS.find((m) => m.key === 'played')!, { mean: 0.5, std: 0.25 })).toBe('50.00 ± 25.00');
  });
});

