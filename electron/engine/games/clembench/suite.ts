/**
 * clembench's benchmark table, as clemcore's `clem eval` computes it (clemeval.save_clem_table):
 * per game and player, % played = 100 × mean(Played) and quality = mean Main Score over played
 * episodes (its std beside it), each rounded to two decimals; per player, the unweighted means of those
 * rounded numbers over the games that have them, rounded again; clemscore = avg % played / 100 × avg
 * quality, rounded. Rounding between the steps is kept so published results.csv numbers come out equal.
 */
import type { PooledMetric, Suite } from '../../core/suite';

const round2 = (x: number) => Math.round((x + Number.EPSILON) * 100) / 100;

/** pandas' mean: NaN (here null) skipped; null when nothing is left. */
function meanOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length;
}

export function percentPlayed(played: PooledMetric | undefined): number | null {
  return played ? round2(played.mean * 100) : null;
}

export function quality(main: PooledMetric | undefined): number | null {
  return main ? round2(main.mean) : null;
}

/** clemeval's mean over games: pandas' mean of the per-game numbers, rounded to two decimals. */
export function roundedMean(values: readonly (number | null)[]): number | null {
  const m = meanOf(values);
  return m === null ? null : round2(m);
}

export function averageOverGames(perGame: readonly Readonly<Record<string, number | null>>[], key: string): number | null {
  return roundedMean(perGame.map((g) => g[key] ?? null));
}

export function clemscore(avgPlayed: number | null, avgQuality: number | null): number | null {
  return avgPlayed === null || avgQuality === null ? null : round2((avgPlayed / 100) * avgQuality);
}

export const CLEMBENCH_TEXT_GAMES = ['referencegame', 'matchit_ascii', 'textmapworld', 'textmapworld_specificroom', 'textmapworld_graphreasoning'] as const;
/** The multimodal games of the v1.6_multimodal benchmark (the paper's Table 1), map variants last. */
export const CLEMBENCH_MULTIMODAL_GAMES: readonly string[] = ['matchit', 'multimodal_referencegame', 'mm_mapworld', 'mm_mapworld_graphs', 'mm_mapworld_specificroom'];

const DESCRIPTION = 'clemscore = (average % played / 100) × average quality, both averaged over games without weights (clemcore `clem eval`).';

/** What both clembench suites compute, per game and per player. */
const clemColumns: Pick<Suite, 'mean' | 'perGame' | 'overall' | 'cannotPlayValues'> = {
  mean: roundedMean,
  perGame: [
    { key: 'played', label: '% Played', short: '%p', direction: 'higher', digits: 2, value: (m) => percentPlayed(m.played) },
    { key: 'quality', label: 'Quality Score', short: 'ql', direction: 'higher', digits: 2, value: (m) => quality(m.main_score) },
    { key: 'quality_std', label: 'Quality Score (std)', direction: 'none', digits: 2, hidden: true, value: (m) => (m.main_score?.sd === null || m.main_score === undefined ? null : round2(m.main_score.sd)) },
  ],
  overall: [
    { key: 'clemscore', label: 'clemscore', direction: 'higher', digits: 2, value: (g) => clemscore(averageOverGames(g, 'played'), averageOverGames(g, 'quality')) },
    { key: 'avg_played', label: 'Average % Played', direction: 'higher', digits: 2, value: (g) => averageOverGames(g, 'played') },
    { key: 'avg_quality', label: 'Average Quality Score', direction: 'higher', digits: 2, value: (g) => averageOverGames(g, 'quality') },
  ],
  // A model that cannot play a game has played none of it: 0 % played counts in its average, no quality.
  cannotPlayValues: { played: 0 },
};

export const clembenchSuite: Suite = {
  id: 'clembench',
  title: 'clembench (text games)',
  description: DESCRIPTION,
  exportName: 'clemscore',
  games: CLEMBENCH_TEXT_GAMES,
  groups: { map: { label: 'Map Navigation (EE, G2X, EE-gr)', games: ['textmapworld', 'textmapworld_specificroom', 'textmapworld_graphreasoning'] } },
  ...clemColumns,
};

export const clembenchMultimodalSuite: Suite = {
  id: 'clembench_multimodal',
  title: 'clembench (multimodal games)',
  description: DESCRIPTION,
  games: CLEMBENCH_MULTIMODAL_GAMES,
  groups: { map: { label: 'Map Navigation (EE, EE-gr, G2X)', games: CLEMBENCH_MULTIMODAL_GAMES.filter((g) => g.startsWith('mm_mapworld')) } },
  ...clemColumns,
};
