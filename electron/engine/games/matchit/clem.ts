/**
 * How clembench's logged `matchit` episodes (v1.6_multimodal) map onto the image MatchIt: "Player 1"
 * is A, "Player 2" is B, and its scorer logs the same episode scores as MatchIt ASCII's.
 */
import type { ClemAdapter } from '../clembench/adapter';
import { MATCHIT_SCORE_KEYS, MATCHIT_SEATS } from '../matchit_ascii/clem';
import { matchitImageInstance } from './datasets';

export const matchitClem: ClemAdapter = {
  game: 'matchit',
  clemNames: ['matchit'],
  seats: MATCHIT_SEATS,
  instanceFrom: (instance, experiment) => matchitImageInstance(instance, experiment),
  scoreKeys: MATCHIT_SCORE_KEYS,
};
