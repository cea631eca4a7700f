/**
 * clembench's Reference game (Chalamalasetti et al. 2023; text grids) as a Parlor game: a describer
 * sees three 5×5 grids, the target first, and writes one referring expression; a follower sees the
 * grids in another order and names the one the expression refers to. One turn; a malformed reply
 * aborts the episode. Prompts, patterns and scores follow clembench (see rules.ts for its two rule sets).
 */
import type { ViewHints } from '../../../../shared/contract/game';
import type { Game } from '../../core/game';
import { refDatasets, REF_KIND } from './datasets';
import { playReference } from './master';
import { REF_METRICS, scoreReference } from './metrics';
import { refPayload } from './payload';
import { rulesFor } from './rules';
import { RefSettingsSchema, type RefSettings } from './settings';

/** What the views show of a reference game (the multimodal one too): its instances are triplets of `what`. */
export function refView(kind: string, what: string): ViewHints {
  return {
    nouns: { instance: what, instances: `${what}s`, subset: 'set' },
    outcomeLabels: { success: 'correct', failure: 'wrong', aborted: 'aborted' },
    outcomePlurals: { success: 'correct', failure: 'wrong', aborted: 'aborted' },
    episodeColumns: ['main_score', 'request_success_ratio'],
    tagOrder: { [kind]: ['experiment', 'target'] },
    difficulty: { metric: 'main_score', solved: 'success' },
    heatmapMetrics: ['main_score', 'played', 'success'],
    sortBy: 'main_score',
  };
}

export const referenceGame: Game<RefSettings> = {
  id: 'referencegame',
  title: 'Reference game (clembench)',
  shortTitle: 'Reference',
  settings: { parse: (input) => RefSettingsSchema.parse(input ?? {}), repetitions: 1 },
  roles: [
    { id: 'describer', label: 'Describer', subject: true, human: true },
    { id: 'follower', label: 'Follower (picks the grid)', subject: true, human: true },
  ],
  datasets: refDatasets,
  seats: (instance) => [
    { seat: 'describer', role: 'describer', given: { target: refPayload(instance.payload).player_1_target_grid } },
    { seat: 'follower', role: 'follower' },
  ],
  play: playReference,
  score: ({ events, instance, settings }) => scoreReference(events, rulesFor(refPayload(instance.payload), settings.rules)),
  metrics: REF_METRICS,
  view: refView(REF_KIND, 'grid triplet'),
  // One call per player; a prompt is about 900 characters, many of them grid symbols of a token each.
  estimate: (settings) => ({
    describer: { calls: 1, inputTokens: 600, outputTokens: settings.maxTokens },
    follower: { calls: 1, inputTokens: 600 + settings.maxTokens, outputTokens: settings.maxTokens },
  }),
};

export default referenceGame;
