/**
 * AGE, the adversarial "Who Is Spy" word game (paper 002, §3): seats in two groups hold two similar
 * words; round after round each describes its word and guesses the other; comprehension, confusion
 * and their harmonic mean (the AGE score) are read from the first correct guesses. Several models
 * fill the player role, one per seat, so every model is its own leaderboard row.
 */
import type { ViewHints } from '../../../../shared/contract/game';
import type { Game } from '../../core/game';
import { ageDatasets, AGE_KIND } from './datasets';
import { playAge } from './master';
import { AGE_METRICS, scoreAge } from './scoring';
import { AGE_ROLE, ageSeats } from './seating';
import { AgeSettingsSchema, type AgeSettings } from './settings';

const view: ViewHints = {
  nouns: { instance: 'word pair', instances: 'word pairs', subset: 'list' },
  outcomeLabels: { success: 'successful', failure: 'filtered out', aborted: 'aborted' },
  outcomePlurals: { success: 'successful', failure: 'filtered out', aborted: 'aborted' },
  episodeColumns: ['rounds', 'utterances', 'successful', 'both_guessed'],
  tagOrder: { [AGE_KIND]: ['topic', 'list'] },
  difficulty: { metric: 'age', solved: 'both_guessed' },
  heatmapMetrics: ['age_kept', 'age', 'comprehension', 'confusion', 'successful'],
  sortBy: 'age_kept',
  paperTable: {
    metrics: ['comprehension_kept', 'confusion_kept', 'age_kept', 'successful'],
    note: "Comprehension, confusion and AGE on the successful conversations (more than two rounds, both words guessed: the paper's Table 2); Kept by filter is the share of a model's conversations they are, n all of them.",
  },
};

export const ageGame: Game<AgeSettings> = {
  id: 'age',
  title: 'AGE: Who Is Spy (adversarial word game)',
  shortTitle: 'AGE',
  settings: { parse: (input) => AgeSettingsSchema.parse(input ?? {}), repetitions: 1 },
  roles: [{ id: AGE_ROLE, label: 'Player', subject: true, several: { min: 1, max: 12 } }],
  datasets: ageDatasets,
  seats: (instance, settings, draw) => ageSeats(instance, settings, draw),
  play: playAge,
  score: scoreAge,
  metrics: AGE_METRICS,
  view,
  // Every seat speaks once a round; its chat grows by what the others said (two short lines each).
  estimate: (settings) => {
    const seats = settings.groups[0] + settings.groups[1];
    const calls = seats * settings.rounds;
    const heard = 60 * seats;
    return { [AGE_ROLE]: { calls, inputTokens: calls * (400 + (heard * (settings.rounds + 1)) / 2 + settings.maxTokens * (settings.rounds - 1) / 2), outputTokens: calls * settings.maxTokens } };
  },
};

export default ageGame;
