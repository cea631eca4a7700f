/**
 * SimulBench's script-making pipeline (paper §2.3–2.4) as a game: one episode is one dialogue of a
 * task between a user agent and a simulator, whose first challenging turn a judge then names; the
 * dialogue and that turn cut the test scripts (extract.ts), which `exportScripts` saves as a
 * versioned JSONL that the evaluation games read (`--dataset-file`). The simulator is the subject
 * (whose dialogues these are), the judge a condition.
 */
import type { MetricSpec, ViewHints } from '../../../../shared/contract/game';
import type { Game, ScoreInput, ScoreResult } from '../../core/game';
import { MAKE_KIND, makeDatasets } from './datasets';
import { scriptCount } from './extract';
import { playMake, taskOf } from './master';
import { dialogueOf, JUDGE, judgedTurn, SIMULATOR, USER_AGENT } from './record';
import { MakeSettingsSchema, type MakeSettings } from './settings';

export function scoreMake({ events, instance }: ScoreInput<MakeSettings>): ScoreResult {
  const turns = Math.floor(dialogueOf(events, taskOf(instance.payload)).length / 2);
  const t = judgedTurn(events);
  if (t === null) return { outcome: 'aborted', scores: [{ metric: 'scripts', value: 0 }, { metric: 'turns', value: turns }] };
  return {
    outcome: 'success',
    scores: [
      { metric: 'challenging_turn', value: t },
      { metric: 'scripts', value: scriptCount(turns, t) },
      { metric: 'first_chan', value: t > 0 ? 1 : 0 },
      { metric: 'turns', value: turns },
    ],
  };
}

export const MAKE_METRICS: readonly MetricSpec[] = [
  { key: 'challenging_turn', label: 'Challenging turn', direction: 'none', kind: 'mean', digits: 2, episodeDigits: 0, range: [0, 20], description: "the judge's first challenging turn of the dialogue, 0 when none (paper Appendix B.3)" },
  { key: 'scripts', label: 'Scripts', direction: 'none', kind: 'mean', digits: 2, episodeDigits: 0, range: [0, 20], description: 'test scripts the dialogue yields: one LastOnly when no turn is challenging, else one FirstChan and a SubseqChan per later turn; 0 when the collection failed' },
  { key: 'first_chan', label: 'Challenging', direction: 'none', kind: 'rate', digits: 2, range: [0, 1], description: 'the dialogue has a challenging turn, so it yields Hard scripts (FirstChan, SubseqChan) rather than a LastOnly one' },
  { key: 'turns', label: 'Turns', direction: 'none', kind: 'mean', digits: 2, episodeDigits: 0, range: [0, 20], description: 'turns of the collected dialogue: the setting, fewer when the user agent failed' },
];

const view: ViewHints = {
  nouns: { instance: 'task', instances: 'tasks', subset: 'subset' },
  outcomeLabels: { success: 'scripts cut', failure: 'failure', aborted: 'collection failed' },
  outcomePlurals: { success: 'with scripts cut', failure: 'failures', aborted: 'collections failed' },
  episodeColumns: ['challenging_turn', 'scripts', 'turns'],
  tagOrder: { [MAKE_KIND]: ['type', 'act'] },
  difficulty: { metric: 'first_chan', solved: null },
  heatmapMetrics: ['first_chan', 'challenging_turn', 'scripts'],
  sortBy: 'first_chan',
};

/** Upper bounds: each turn adds a query (~150 tokens) and an answer of at most the simulator's tokens. */
function estimate(s: MakeSettings) {
  const dialogue = s.turns * (150 + s.simulatorMaxTokens);
  const ua = (s.turns - 1) * (1 + s.userAgentRetries);
  const judge = 1 + s.judgeRetries;
  return {
    [USER_AGENT]: { calls: ua, inputTokens: ua * (700 + dialogue), outputTokens: ua * s.userAgentMaxTokens },
    [SIMULATOR]: { calls: s.turns, inputTokens: s.turns * (50 + dialogue), outputTokens: s.turns * s.simulatorMaxTokens },
    [JUDGE]: { calls: judge, inputTokens: judge * (500 + dialogue), outputTokens: judge * s.judgeMaxTokens },
  };
}

export const simulbenchMakeGame: Game<MakeSettings> = {
  id: 'simulbench_make',
  title: 'SimulBench: making test scripts (user agent, simulator, challenging turn)',
  shortTitle: 'SimulBench scripts',
  settings: { parse: (input) => MakeSettingsSchema.parse(input ?? {}), repetitions: 3 },
  roles: [
    { id: SIMULATOR, label: 'Simulator', subject: true },
    { id: USER_AGENT, label: 'User agent' },
    { id: JUDGE, label: 'Challenging-turn judge', condition: true },
  ],
  datasets: makeDatasets,
  seats: () => [
    { seat: SIMULATOR, role: SIMULATOR },
    { seat: USER_AGENT, role: USER_AGENT },
    { seat: JUDGE, role: JUDGE },
  ],
  play: playMake,
  score: scoreMake,
  metrics: MAKE_METRICS,
  view,
  estimate,
};

export default simulbenchMakeGame;
