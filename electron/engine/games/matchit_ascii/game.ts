/**
 * clembench's MatchIt ASCII (Chalamalasetti et al.; the text-only variant of MatchIt in the clembench
 * multimodal paper, appendix C) as a Parlor game: two players each see one ASCII grid, describe it,
 * question each other, and both decide whether their grids are the same. Prompts, rules and scores
 * follow clembench's matchit_ascii master at a717f23 and its logged episodes.
 */
import type { Game, InstanceRow } from '../../core/game';
import { MATCHIT_ROLES, matchitSeats, matchitView } from './common';
import { matchitDatasets, matchitPayload, MATCHIT_KIND } from './datasets';
import { playMatchIt } from './master';
import { MATCHIT_METRICS, matchitScores, matchitTally } from './metrics';
import { matchitEstimate } from './protocol';
import { MatchItSettingsSchema, type MatchItSettings } from './settings';

/** The grid a seat is shown: player A sees grid A, player B grid B. */
export const gridOf = (instance: InstanceRow, seat: string) => {
  const p = matchitPayload(instance.payload);
  return seat === 'player_a' ? p.gridA : p.gridB;
};

export const matchitAsciiGame: Game<MatchItSettings> = {
  id: 'matchit_ascii',
  title: 'MatchIt ASCII (clembench)',
  shortTitle: 'MatchIt',
  settings: { parse: (input) => MatchItSettingsSchema.parse(input ?? {}), repetitions: 1 },
  roles: MATCHIT_ROLES,
  datasets: matchitDatasets,
  seats: (instance) => matchitSeats((seat) => ({ grid: gridOf(instance, seat) })),
  play: playMatchIt,
  score: ({ events }) => matchitScores(matchitTally(events)),
  metrics: MATCHIT_METRICS,
  view: matchitView(MATCHIT_KIND, 'grid'),
  estimate: (settings) => matchitEstimate(settings.maxTokens),
};

export default matchitAsciiGame;
