/**
 * The Entity-Deduction Arena (20 questions; Zhang et al. 2024) as a Parlor game: a guesser model asks
 * yes/no questions to find a hidden entity, a judge model that knows it answers. Rules, prompts and
 * metrics follow the paper (§3.1, appendix B) and, where it is silent, its reference code.
 */
import type { Game, AnnotationHooks } from '../../core/game';
import { actionOf } from '../../core/events';
import { estimateEdaTokens } from './estimate';
import { edaDatasets } from './datasets';
import { playEda } from './master';
import { edaEpisodeMetrics, EDA_METRICS } from './metrics';
import { edaPrompts, EdaKindSchema, EdaSettingsSchema, PROBE_PREFILL, type EdaSettings } from './settings';
import { TOPIC_KEYS } from './topics';
import { edaTurns } from './turns';

const annotation: AnnotationHooks = {
  info: {
    producer: 'judge',
    itemNoun: 'judge answer',
    itemsNoun: 'judge answers',
    labelNoun: 'answer',
    labels: [
      { id: 'yes', label: 'Yes', key: 'y' },
      { id: 'no', label: 'No', key: 'n' },
      { id: 'maybe', label: 'Maybe', key: 'm' },
      { id: 'dunno', label: 'Dunno', key: 'd' },
    ],
    groups: { label: 'judgeLabel', model: 'judgeModel', tag: 'category' },
    guidelines:
      'Judge the question about the entity shown, as a well-informed person would answer it: Yes, No, Maybe (true only sometimes, or in ' +
      'part) or Dunno (nobody could know, or the question makes no sense for it).\n\n' +
      "The judge's wording does not matter, only the answer it gives. Read the dialogue before (T) when the question refers to earlier ones.\n\n" +
      'Press Q when two answers are equally defensible, and write a note (C) when you are unsure: the notes go into the export.',
    columns: { prompt: 'question', text: 'judge_raw' },
    recompute: {
      metrics: ['yes'],
      note:
        '#Yes is recomputed with the corrected answers of the annotated turns only. #Turns, Success and Score cannot be: ' +
        'with another answer the guesser would have asked other questions, so the rest of the game is unknown.',
    },
  },
  // Bingo turns are decided by the rules (no judge call) and are never drawn.
  target: { role: 'judge', kind: 'response', needsCall: true },
  labelKey: 'label',
  item(event, events) {
    const turns = edaTurns(events.filter((e) => e.idx <= event.idx)).turns;
    const current = turns.find((t) => t.idx === event.round);
    return {
      prompt: current?.question ?? '',
      context: turns.filter((t) => t.idx < event.round).map((t) => ({ round: t.idx, prompt: t.question, reply: t.reply, label: t.label })),
    };
  },
  relabel: (event, label) => ({ ...event, action: { ...actionOf(event), label } }),
};

export const edaGame: Game<EdaSettings> = {
  id: 'eda',
  title: 'Entity-Deduction Arena (20 questions)',
  shortTitle: 'EDA',
  settings: { parse: (input) => EdaSettingsSchema.parse(input ?? {}), repetitions: 5 },
  roles: [
    { id: 'guesser', label: 'Guesser', subject: true, human: true },
    { id: 'judge', label: 'Judge', condition: true, human: true },
  ],
  datasets: edaDatasets,
  seats: () => [
    { seat: 'guesser', role: 'guesser' },
    { seat: 'judge', role: 'judge' },
  ],
  play: playEda,
  score({ events, settings }) {
    const metrics = edaEpisodeMetrics(edaTurns(events).turns.map((t) => t.label), settings);
    return {
      outcome: metrics.success ? 'success' : 'failure',
      scores: EDA_METRICS.map((m) => ({ metric: m.key, value: metrics[m.key as keyof typeof metrics] })),
    };
  },
  metrics: EDA_METRICS,
  view: {
    nouns: { instance: 'entity', instances: 'entities', subset: 'split' },
    outcomeLabels: { success: 'win', failure: 'loss', aborted: 'aborted' },
    outcomePlurals: { success: 'wins', failure: 'losses', aborted: 'aborted' },
    episodeColumns: ['turns', 'yes', 'score'],
    tagOrder: Object.fromEntries(Object.entries(TOPIC_KEYS).map(([kind, keys]) => [kind, [...keys]])),
    difficulty: { metric: 'score', solved: 'success' },
    heatmapMetrics: ['score', 'success'],
    sortBy: 'score',
  },
  estimate(settings, datasetKind) {
    const prompts = edaPrompts(EdaKindSchema.catch('things').parse(datasetKind), settings);
    const probe = settings.probe.enabled ? { promptChars: (settings.probe.prompt ?? PROBE_PREFILL).length, maxTokens: settings.probe.maxTokens } : undefined;
    return estimateEdaTokens(settings.maxTurns, { promptChars: prompts.guesser.length, maxTokens: settings.guesser.maxTokens }, { promptChars: prompts.judge.length, maxTokens: settings.judge.maxTokens }, probe);
  },
  annotation,
  // The paper's human baseline (Appendix B) used 30 test items of each dataset; which 30 it does not
  // publish, so these are seeded draws of the same size, the same on every machine.
  fixedSubsets: [
    { name: 'things-30', dataset: 'things', subset: 'test', size: 30, seed: 30, note: 'like the paper\'s Things-30 (its 30 items are unpublished: a seeded draw)' },
    { name: 'celebrities-30', dataset: 'celebrities', subset: 'test', size: 30, seed: 30, note: 'like the paper\'s Celebrities-30 (its 30 items are unpublished: a seeded draw)' },
  ],
};

export default edaGame;
