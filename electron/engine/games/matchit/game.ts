/**
 * clembench's MatchIt (Chalamalasetti et al.'s multimodal clembench, `matchit` at a717f23) as a Parlor
 * game: two players each see one photo, describe it, question each other and both decide whether
 * their photos are the same. It plays MatchIt ASCII's protocol, rules and scores with images in place
 * of the grids (see `master.ts`); the differences are the data, the first message and the images.
 */
import type { Game, InstanceRow } from '../../core/game';
import { MATCHIT_ROLES, matchitSeats, matchitView } from '../matchit_ascii/common';
import { MATCHIT_METRICS, matchitScores, matchitTally } from '../matchit_ascii/metrics';
import { matchitEstimate } from '../matchit_ascii/protocol';
import { MatchItSettingsSchema, type MatchItSettings } from '../matchit_ascii/settings';
import { matchitImageDatasets, matchitImagePayload, MATCHIT_IMAGES_KIND } from './datasets';
import { playMatchItImages } from './master';

/**
 * An image re-sent with every call (it stays in the history): ~765 input tokens in OpenAI's accounting
 * for a typical photo (85 + 170 per 512-px tile, four tiles at high detail). Visual Genome photos are
 * smaller (gpt-4o's first MatchIt call logged 345 prompt tokens in all), so this is an upper bound.
 */
export const IMAGE_TOKENS = 765;

const imageOf = (instance: InstanceRow, seat: string) => {
  const p = matchitImagePayload(instance.payload);
  return seat === 'player_a' ? p.imageA : p.imageB;
};

export const matchitGame: Game<MatchItSettings> = {
  id: 'matchit',
  title: 'MatchIt (clembench, images)',
  shortTitle: 'MatchIt (images)',
  settings: { parse: (input) => MatchItSettingsSchema.parse(input ?? {}), repetitions: 1 },
  roles: MATCHIT_ROLES,
  datasets: matchitImageDatasets,
  seats: (instance) => matchitSeats((seat) => ({ image: imageOf(instance, seat) })),
  play: playMatchItImages,
  score: ({ events }) => matchitScores(matchitTally(events)),
  metrics: MATCHIT_METRICS,
  view: matchitView(MATCHIT_IMAGES_KIND, 'image'),
  estimate: (settings) => matchitEstimate(settings.maxTokens, IMAGE_TOKENS),
};

export default matchitGame;
