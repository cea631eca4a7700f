/**
 * SimulBench script evaluation (paper §2.5): the tested model (the simulator) answers a script's last
 * user query; the judge rates the answer 1–10 with the paper's single-answer prompt. A judge that
 * gives no readable rating after its retries is recorded as a judge failure: the episode is aborted
 * (by the judge, not the model) and carries no score.
 */
import type { MetricSpec, ViewHints } from '../../../../shared/contract/game';
import { actionOf } from '../../core/events';
import type { EpisodeContext, Game, ScoreInput, ScoreResult } from '../../core/game';
import { answerOf, askJudge, RATING_FORMAT, scriptOf } from './answer';
import { SIMULBENCH_KIND, simulbenchDatasets } from './datasets';
import { readRating } from './parse';
import { singleJudgeMessages } from './prompts';
import { SimulSettingsSchema, type SimulSettings } from './settings';

async function playSingle(ctx: EpisodeContext<SimulSettings>): Promise<void> {
  const { kit } = ctx;
  const script = scriptOf(ctx.instance.payload);
  if (kit.events.some((e) => e.kind === 'system')) return;
  const answer = await answerOf(ctx, 'simulator', script, 1);
  if (kit.events.some((e) => e.from === 'judge' && e.valid === true)) return;
  const rating = (text: string) => {
    const r = readRating(text);
    return r.ok ? { ok: true as const, value: { rating: r.value } } : r;
  };
  const judged = await askJudge(ctx, 2, singleJudgeMessages(script.act, script.dialogue_history, answer), rating, RATING_FORMAT);
  if (!judged.ok) kit.note({ round: 2, text: `judge failure: ${judged.reason}; the answer is not scored`, action: { judgeFailed: judged.reason } });
}

export function scoreSingle({ events }: ScoreInput<SimulSettings>): ScoreResult {
  const rated = events.find((e) => e.from === 'judge' && e.valid === true);
  const rating = rated ? Number(actionOf(rated).rating) : null;
  if (rating === null || !Number.isFinite(rating)) return { outcome: 'aborted', scores: [{ metric: 'judge_failed', value: 1 }] };
  return { outcome: 'success', scores: [{ metric: 'score', value: rating }, { metric: 'judge_failed', value: 0 }] };
}

export const SINGLE_METRICS: readonly MetricSpec[] = [
  { key: 'score', label: 'Score', direction: 'higher', kind: 'mean', digits: 2, episodeDigits: 0, range: [1, 10], description: "the judge's 1–10 rating of the answer (paper Appendix B.4); not scored when the judge failed" },
  { key: 'judge_failed', label: 'Judge failed', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: 'the judge gave no readable 1–10 rating after its retries' },
];

const view: ViewHints = {
  nouns: { instance: 'script', instances: 'scripts', subset: 'subset' },
  outcomeLabels: { success: 'rated', failure: 'failure', aborted: 'judge failed' },
  outcomePlurals: { success: 'rated', failure: 'failures', aborted: 'judge failed' },
  episodeColumns: ['score'],
  tagOrder: { [SIMULBENCH_KIND]: ['kind', 'type', 'act', 'judging', 'role', 'turn'] },
  difficulty: { metric: 'score', solved: null },
  heatmapMetrics: ['score'],
  sortBy: 'score',
  slices: {
    title: 'SimulBench scores by script type and simulation type',
    note: "The paper's Table 4: LastOnly, FirstChan and SubseqChan scripts, stateless and stateful tasks on FirstChan only, Hard (FirstChan and SubseqChan) and All; means over scripts.",
    columns: [
      { label: 'LastOnly', where: { kind: ['last_only'] } },
      { label: 'FirstChan', where: { kind: ['first_chan'] } },
      { label: 'SubseqChan', where: { kind: ['subseq_chan'] } },
      { label: 'Stateless', where: { kind: ['first_chan'], type: ['stateless'] } },
      { label: 'Stateful', where: { kind: ['first_chan'], type: ['stateful'] } },
      { label: 'Hard', where: { kind: ['first_chan', 'subseq_chan'] } },
      { label: 'All', where: {} },
    ],
  },
};

export const simulbenchGame: Game<SimulSettings> = {
  id: 'simulbench',
  title: 'SimulBench: scripts rated by a judge',
  shortTitle: 'SimulBench',
  settings: { parse: (input) => SimulSettingsSchema.parse(input ?? {}), repetitions: 1 },
  roles: [
    { id: 'simulator', label: 'Simulator (tested model)', subject: true },
    { id: 'judge', label: 'Judge', condition: true },
  ],
  datasets: simulbenchDatasets,
  seats: () => [
    { seat: 'simulator', role: 'simulator' },
    { seat: 'judge', role: 'judge' },
  ],
  play: playSingle,
  score: scoreSingle,
  metrics: SINGLE_METRICS,
  view,
  // A script is about 600 tokens of history; the judge reads it again with the answer and its 700-token prompt.
  estimate: (s) => ({
    simulator: { calls: 1, inputTokens: 800, outputTokens: s.maxTokens },
    judge: { calls: 1 + s.judgeRetries, inputTokens: (1 + s.judgeRetries) * (1500 + s.maxTokens), outputTokens: (1 + s.judgeRetries) * s.judgeMaxTokens },
  }),
};
