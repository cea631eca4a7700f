/**
 * The Entity-Deduction Arena (20 questions; Zhang et al. 2024) as a Parlor game: a guesser model asks
 * yes/no questions to find a hidden entity, a judge model that knows it answers. Rules, prompts and
 * metrics follow the paper (§3.1, appendix B) and, where it is silent, its reference code.
 */
import type { Game } from '../../core/game';
import { estimateEdaTokens } from './estimate';
import { edaDatasets } from './datasets';
import { playEda } from './master';
import { edaEpisodeMetrics, EDA_METRICS } from './metrics';
import { edaPrompts, EdaKindSchema, EdaSettingsSchema, PROBE_PREFILL, type EdaSettings } from './settings';
import { TOPIC_KEYS } from './topics';
import { edaTurns } from './turns';

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
    tagNotes: { era: "Eras are Parlor's own reading (main period of fame); see datasets/eda/README.md." },
    difficulty: { metric: 'score', solved: 'success' },
    heatmapMetrics: ['score', 'success'],
    sortBy: 'score',
  },
  estimate(settings, datasetKind) {
    const prompts = edaPrompts(EdaKindSchema.catch('things').parse(datasetKind), settings);
    const probe = settings.probe.enabled ? { promptChars: (settings.probe.prompt ?? PROBE_PREFILL).length, maxTokens: settings.probe.maxTokens } : undefined;
    return estimateEdaTokens(settings.maxTurns, { promptChars: prompts.guesser.length, maxTokens: settings.guesser.maxTokens }, { promptChars: prompts.judge.length, maxTokens: settings.judge.maxTokens }, probe);
  },
};

export default edaGame;
