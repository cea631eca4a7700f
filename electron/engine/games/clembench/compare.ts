/**
 * The multimodal paper's text-vs-images comparison (Figure 5: clemscore textual − multimodal per model
 * and game, the map games averaged over their variants; Table 1's % played and quality beside it).
 */
import type { SuiteComparison } from '../../core/comparison';
import { clemscore } from './suite';

/**
 * One game's clemscore: % played / 100 × quality, rounded to two decimals as clemeval rounds. A game
 * played 0 % of the time scores 0 (it has no quality, but nothing played is worth nothing), so a model
 * that cannot play a game shows its whole loss there.
 */
export function gameClemscore(played: number | null | undefined, quality: number | null | undefined): number | null {
  if (played === 0) return 0;
  return clemscore(played ?? null, quality ?? null);
}

export const clembenchTextVsImages: SuiteComparison = {
  id: 'clembench_text_vs_images',
  title: 'clembench: text vs images',
  description: 'The same games played from text (ASCII grids, room names) and from images; Δ = text − images, as Figure 5 of the multimodal paper. Map Navigation is the mean over its variants.',
  sides: [
    { suite: 'clembench', label: 'text' },
    { suite: 'clembench_multimodal', label: 'images' },
  ],
  pairs: [
    { id: 'matchit', label: 'MatchIt', ids: ['matchit_ascii', 'matchit'] },
    { id: 'reference', label: 'Reference', ids: ['referencegame', 'multimodal_referencegame'] },
    { id: 'map', label: 'Map Navigation', ids: ['map', 'map'] },
  ],
  measures: [
    { key: 'played', label: '% Played', short: '%p', direction: 'higher', digits: 2, value: (v) => v.played ?? null },
    { key: 'quality', label: 'Quality Score', short: 'ql', direction: 'higher', digits: 2, value: (v) => v.quality ?? null },
    { key: 'clemscore', label: 'clemscore', short: 'clem', direction: 'higher', digits: 2, value: (v) => gameClemscore(v.played, v.quality) },
  ],
  overall: ['clemscore', 'avg_played', 'avg_quality'],
};
