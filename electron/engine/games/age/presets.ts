/**
 * The paper's two experiments (§4.1, §4.2) as runs to start from. Where the paper gives no number,
 * Parlor chooses: §4.1 reports 972 conversations on List A's 45 pairs (21.6 each), so the preset plays
 * 22 per pair (990), the nearest whole number; §4.2 plays each pair six times, p1 (the model) holding
 * each word three times and p2 (the baseline) the other, one run per model against the baseline.
 */
import type { RunPreset } from '../../../../shared/contract/game';
import { AGE_DATASET } from './datasets';

export const AGE_PRESETS: readonly RunPreset[] = [
  {
    id: 'age-4.1',
    title: 'AGE §4.1: four models on List A',
    description: 'Four models in every conversation, two per word, in a random speaking order; five rounds; 22 conversations per pair (the paper played 972 on 45 pairs). Table 2 is the leaderboard, on the successful conversations.',
    dataset: { name: AGE_DATASET, subset: 'A' },
    settings: { groups: [2, 2], rounds: 5 },
    repetitions: 22,
    players: { player: 'four models, one per seat (the paper: GPT-3.5, GPT-4, Llama-3-70B-Instruct, Claude-3-Opus)' },
  },
  {
    id: 'age-4.2',
    title: 'AGE §4.2: a model against a baseline on ten topics',
    description: 'Two seats, the model (first) and the baseline (second), on the ten topic lists; six conversations per pair, the model holding each word three times; five rounds. One run per model; Figure 2 is the topic heatmap of AGE on the successful conversations.',
    dataset: { name: AGE_DATASET, subset: 'topics' },
    settings: { groups: [1, 1], rounds: 5 },
    repetitions: 6,
    players: { player: 'two models: the one evaluated, then the baseline (the paper: GPT-3.5)' },
  },
];
