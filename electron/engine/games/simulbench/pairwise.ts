/**
 * SimulBench pairwise comparison (paper §2.5, Table 1): two models answer the same script; the judge
 * compares the answers twice, A then B and B then A. Model a wins only when preferred in both orders,
 * loses only when b is, and anything else is a tie (MT-Bench's rule). Whether the verdict followed
 * the order (flip) is the judge's position bias. With the response cache on (`cache: use`), answers
 * already given in single-answer runs of the same models are reused, so only the judge is called.
 */
import type { MetricSpec, ViewHints } from '../../../../shared/contract/game';
import { actionOf } from '../../core/events';
import type { AggregateSpec } from '../../capabilities/aggregates/provision';
import type { EpisodeContext, Game, ScoreInput, ScoreResult } from '../../core/game';
import { answerOf, askJudge, scriptOf, VERDICT_FORMAT } from './answer';
import { SIMULBENCH_KIND, simulbenchDatasets } from './datasets';
import { combineOrders, flipped, readVerdict, type Verdict } from './parse';
import { pairwiseJudgeMessages } from './prompts';
import { SimulSettingsSchema, type SimulSettings } from './settings';

const ORDERS = [
  { order: 'ab', round: 3 },
  { order: 'ba', round: 4 },
] as const;

const verdictOf = (events: ScoreInput<SimulSettings>['events'], order: 'ab' | 'ba'): Verdict | null => {
  const e = events.find((x) => x.from === 'judge' && x.valid === true && actionOf(x).order === order);
  return e ? (actionOf(e).verdict as Verdict) : null;
};

async function playPairwise(ctx: EpisodeContext<SimulSettings>): Promise<void> {
  const { kit } = ctx;
  const script = scriptOf(ctx.instance.payload);
  if (kit.events.some((e) => e.kind === 'system')) return;
  const answers = { a: await answerOf(ctx, 'a', script, 1), b: await answerOf(ctx, 'b', script, 2) };
  for (const { order, round } of ORDERS) {
    if (verdictOf(kit.events, order)) continue;
    const [first, second] = order === 'ab' ? [answers.a, answers.b] : [answers.b, answers.a];
    const verdict = (text: string) => {
      const r = readVerdict(text);
      return r.ok ? { ok: true as const, value: { verdict: r.value, order } } : r;
    };
    const judged = await askJudge(ctx, round, pairwiseJudgeMessages(script.act, script.dialogue_history, first, second), verdict, VERDICT_FORMAT);
    if (!judged.ok) return void kit.note({ round, text: `judge failure (order ${order}): ${judged.reason}; the pair is not scored`, action: { judgeFailed: judged.reason, order } });
  }
}

export function scorePairwise({ events }: ScoreInput<SimulSettings>): ScoreResult {
  const [ab, ba] = [verdictOf(events, 'ab'), verdictOf(events, 'ba')];
  if (!ab || !ba) return { outcome: 'aborted', scores: [{ metric: 'judge_failed', value: 1 }] };
  const result = combineOrders(ab, ba);
  return {
    outcome: result === 'win' ? 'success' : 'failure',
    scores: [
      { metric: 'win', value: result === 'win' ? 1 : 0 },
      { metric: 'tie', value: result === 'tie' ? 1 : 0 },
      { metric: 'lose', value: result === 'lose' ? 1 : 0 },
      { metric: 'flip', value: flipped(ab, ba) ? 1 : 0 },
      { metric: 'judge_failed', value: 0 },
    ],
  };
}

export const PAIRWISE_METRICS: readonly MetricSpec[] = [
  { key: 'win', label: 'Win', direction: 'higher', kind: 'rate', digits: 4, range: [0, 1], description: "model a's answer preferred in both orders" },
  { key: 'tie', label: 'Tie', direction: 'none', kind: 'rate', digits: 4, range: [0, 1], description: 'neither answer preferred in both orders (a tie in either order, or the verdict followed the order)' },
  { key: 'lose', label: 'Lose', direction: 'lower', kind: 'rate', digits: 4, range: [0, 1], description: "model b's answer preferred in both orders" },
  { key: 'flip', label: 'Order flips', direction: 'lower', kind: 'rate', digits: 4, range: [0, 1], description: "the judge's verdict changed when the answers swapped places (position bias)" },
  { key: 'judge_failed', label: 'Judge failed', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: 'the judge gave no readable verdict in one of the orders after its retries' },
];

export const PAIRWISE_AGGREGATES: readonly AggregateSpec[] = [
  // A share like Win, Tie and Lose, with their 4 digits (the paper prints it in points: × 100).
  { key: 'difference', label: 'Win − Lose', direction: 'higher', digits: 4, description: "the paper's Table 1 difference: the share of scripts won minus the share lost (× 100 for the paper's points)", compute: (m) => (m.win === null || m.win === undefined || m.lose === null || m.lose === undefined ? null : m.win - m.lose) },
];

const view: ViewHints = {
  nouns: { instance: 'script', instances: 'scripts', subset: 'subset' },
  outcomeLabels: { success: 'a wins', failure: 'tie or b wins', aborted: 'judge failed' },
  outcomePlurals: { success: 'won by a', failure: 'tied or won by b', aborted: 'judge failed' },
  // The transcript's words for what "tie or b wins" was: the badge and the CSV say which.
  outcomeDetail: [
    { metric: 'tie', label: 'tie' },
    { metric: 'lose', label: 'b wins' },
  ],
  episodeColumns: ['win', 'tie', 'lose', 'flip'],
  tagOrder: { [SIMULBENCH_KIND]: ['kind', 'type', 'act', 'judging', 'role', 'turn'] },
  difficulty: { metric: 'win', solved: null },
  heatmapMetrics: ['win', 'lose', 'flip'],
  sortBy: 'win',
  paperTable: { metrics: ['win', 'tie', 'lose'], note: "Win, tie and lose of the first model of each pair over the scripts, with the answers judged in both orders (a win needs both); Win − Lose is the paper's Table 1 difference, as a share like the others (× 100 for its points)." },
};

export const simulbenchPairwiseGame: Game<SimulSettings> = {
  id: 'simulbench_pairwise',
  title: 'SimulBench: two models compared by a judge, both orders',
  shortTitle: 'SimulBench pairwise',
  settings: { parse: (input) => SimulSettingsSchema.parse(input ?? {}), repetitions: 1 },
  roles: [
    { id: 'model_a', label: 'Model A', subject: true },
    { id: 'model_b', label: 'Model B', subject: true },
    { id: 'judge', label: 'Judge', condition: true },
  ],
  datasets: simulbenchDatasets,
  seats: () => [
    { seat: 'a', role: 'model_a' },
    { seat: 'b', role: 'model_b' },
    { seat: 'judge', role: 'judge' },
  ],
  play: playPairwise,
  score: scorePairwise,
  metrics: PAIRWISE_METRICS,
  view,
  estimate: (s) => ({
    model_a: { calls: 1, inputTokens: 800, outputTokens: s.maxTokens },
    model_b: { calls: 1, inputTokens: 800, outputTokens: s.maxTokens },
    judge: { calls: 2 * (1 + s.judgeRetries), inputTokens: 2 * (1 + s.judgeRetries) * (1500 + 2 * s.maxTokens), outputTokens: 2 * (1 + s.judgeRetries) * s.judgeMaxTokens },
  }),
};
