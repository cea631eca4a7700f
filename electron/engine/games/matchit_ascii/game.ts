/**
 * clembench's MatchIt ASCII (Chalamalasetti et al.; the text-only variant of MatchIt in the clembench
 * multimodal paper, appendix C) as a Parlor game: two players each see one ASCII grid, describe it,
 * question each other, and both decide whether their grids are the same. Prompts, rules and scores
 * follow clembench's matchit_ascii master at a717f23 and its logged episodes.
 */
import type { Game, InstanceRow } from '../../core/game';
import { referencePlayer } from './builtins';
import { matchitDatasets, matchitPayload, MATCHIT_KIND } from './datasets';
import { playMatchIt } from './master';
import { MATCHIT_METRICS, matchitScores, matchitTally } from './metrics';
import { matchitSteps } from './protocol';
import { initialPrompt } from './rules';
import { MatchItSettingsSchema, type MatchItSettings } from './settings';
import { matchitTextTranscript } from './transcript';

/** At ~4 characters per token: every move uses its whole budget and re-reads the player's dialogue. */
function estimate(settings: MatchItSettings): ReturnType<Game['estimate']> {
  const steps = matchitSteps(3);
  const prompt = 130;
  const result: ReturnType<Game['estimate']> = {};
  for (const seat of ['player_a', 'player_b'] as const) {
    const calls = steps.filter((s) => s.seat === seat).length;
    let input = 0;
    for (let k = 0; k < calls; k++) input += prompt + k * (2 * settings.maxTokens + 40);
    result[seat] = { calls, inputTokens: input, outputTokens: calls * settings.maxTokens };
  }
  return result;
}

const gridOf = (instance: InstanceRow, seat: string) => {
  const p = matchitPayload(instance.payload);
  return seat === 'player_a' ? p.gridA : p.gridB;
};

export const matchitAsciiGame: Game<MatchItSettings> = {
  id: 'matchit_ascii',
  title: 'MatchIt ASCII (clembench)',
  shortTitle: 'MatchIt',
  parseSettings: (input) => MatchItSettingsSchema.parse(input ?? {}),
  roles: [
    { id: 'player_a', label: 'Player A', subject: true, human: true },
    { id: 'player_b', label: 'Player B', subject: true, human: true },
  ],
  datasets: matchitDatasets,
  seats: (instance) => [
    { seat: 'player_a', role: 'player_a', given: { grid: gridOf(instance, 'player_a') } },
    { seat: 'player_b', role: 'player_b', given: { grid: gridOf(instance, 'player_b') } },
  ],
  play: playMatchIt,
  score: ({ events }) => matchitScores(matchitTally(events)),
  metrics: MATCHIT_METRICS,
  view: {
    nouns: { instance: 'grid pair', instances: 'grid pairs', subset: 'subset' },
    outcomeLabels: { success: 'both right', failure: 'wrong decision', aborted: 'aborted' },
    episodeColumns: ['main_score', 'player_score', 'played', 'request_count'],
    tagOrder: { [MATCHIT_KIND]: ['experiment', 'same'] },
    difficulty: { metric: 'main_score', solved: 'success' },
    heatmapMetrics: ['main_score', 'player_score', 'played'],
    sortBy: 'main_score',
  },
  estimate,
  textTranscript: (events) => matchitTextTranscript(events),
  defaultRepetitions: 1,
  instructions: (seat, instance) => initialPrompt(matchitPayload(instance.payload), gridOf(instance, seat)),
  builtins: { player_a: referencePlayer, player_b: referencePlayer },
};
