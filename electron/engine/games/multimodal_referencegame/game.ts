/**
 * clembench's multimodal reference game (Hakimov et al.) as a Parlor game: the text reference game
 * with images. A describer sees three images (the header says which is the target) and writes one
 * referring expression; a follower sees the images in another order and names the one it refers to.
 * Grids (drawn by Parlor from their ASCII source), photographs (ADE20K, DOCCI, CLEVR) and pentomino
 * boards. One turn; prompts, patterns and scores follow clembench (see rules.ts for its two masters).
 */
import type { Game } from '../../core/game';
import { refView } from '../referencegame/game';
import { REF_METRICS, scoreReference } from '../referencegame/metrics';
import { MM_REF_KIND, mmRefDatasets } from './datasets';
import { playMmReference } from './master';
import { imagesOf, mmPayload } from './payload';
import { mmRulesFor } from './rules';
import { MmRefSettingsSchema, type MmRefSettings } from './settings';

/** OpenAI counts a 640×480 image as 765 tokens (high detail: 4 tiles × 170 + 85); the photographs are priced alike here. */
const IMAGE_TOKENS = 765;
/** A prompt header is at most ~120 tokens of text. */
const HEADER_TOKENS = 120;

export const multimodalReferenceGame: Game<MmRefSettings> = {
  id: 'multimodal_referencegame',
  title: 'Multimodal reference game (clembench)',
  shortTitle: 'Reference (images)',
  settings: { parse: (input) => MmRefSettingsSchema.parse(input ?? {}), repetitions: 1 },
  // The text reference game's roles, so text and image tables line up.
  roles: [
    { id: 'describer', label: 'Describer', subject: true, human: true },
    { id: 'follower', label: 'Follower (picks the image)', subject: true, human: true },
  ],
  datasets: mmRefDatasets,
  seats: (instance) => {
    const p = mmPayload(instance.payload);
    return [
      { seat: 'describer', role: 'describer', given: { images: imagesOf(p).describer } },
      { seat: 'follower', role: 'follower', given: { images: imagesOf(p).follower } },
    ];
  },
  play: playMmReference,
  score: ({ events, instance, settings }) => scoreReference(events, mmRulesFor(mmPayload(instance.payload), settings.rules)),
  metrics: REF_METRICS,
  view: refView(MM_REF_KIND, 'image triplet'),
  // One call per player, three images each.
  estimate: (settings) => ({
    describer: { calls: 1, inputTokens: HEADER_TOKENS + 3 * IMAGE_TOKENS, outputTokens: settings.maxTokens },
    follower: { calls: 1, inputTokens: HEADER_TOKENS + settings.maxTokens + 3 * IMAGE_TOKENS, outputTokens: settings.maxTokens },
  }),
};

export default multimodalReferenceGame;
