/**
 * The multimodal MapWorld metrics in Parlor's terms (the keys the text MapWorld games use where the
 * score is the same), and the episode log read back from the events the game master noted, so any
 * episode can be rescored.
 */
import type { MetricSpec } from '../../../../shared/contract/game';
import { actionOf, type EventRecord } from '../../core/events';
import type { ScoreResult } from '../../core/game';
import { CLEM_METRICS, CLEM_SCORE_KEYS } from '../clembench/adapter';
import { clemScoreResult, count, percent, rate } from '../textmapworld/metrics';
import type { MmPayload, MmVariant } from './instance';
import { mmClemScores, type MmEpisodeLog } from './scoring';
import type { MmNote } from './session';

const COMMON: MetricSpec[] = [
  ...CLEM_METRICS,
  { key: 'aborted', label: 'Aborted', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: 'a reply broke the format, or the 20th round passed (DONE in it included) (clembench "Aborted")' },
  rate('success', 'Success', 'clembench "Success"'),
  { key: 'lose', label: 'Lose', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: 'stopped without success (clembench "Lose")' },
  count('moves', 'Moves', 'moves the game master logged, into a wall included'),
  count('valid_moves', 'Valid moves', 'logged moves into another room'),
  count('invalid_moves', 'Invalid moves', 'logged moves in a direction without a connection (the walker stays)'),
  count('number_visited', 'Rooms visited', 'distinct rooms visited, the start included (clembench "visited")', 8),
  count('seen', 'Rooms seen', 'rooms visited or next to a visited room', 8),
];

const exploration = percent('exploration', 'Exploration', 'share of the rooms visited (×100)');
const efficiency = percent('efficiency', 'Efficiency', 'share of moves that were a first step of a shortest walk past all unvisited rooms next to visited ones, walking only connections that touch a visited room (×100)');

export const MM_METRICS: Record<MmVariant, MetricSpec[]> = {
  main: [...COMMON, efficiency, exploration],
  graphs: [...COMMON, efficiency, exploration, percent('graph_similarity', 'Graph similarity', '100 × (1 − 2·(σ(GED/2) − ½)) for the last graph the explorer sent, GED the graph edit distance to the true map (unlabelled)')],
  specificroom: [
    ...COMMON,
    percent('efficiency', 'Efficiency', '100 / max(1, positions on the path − the target\'s distance) (clembench "effieciency")'),
    percent('finding', 'Finding', '100 when the walker stopped in the target room'),
  ],
};

/** clembench score name → Parlor metric key. */
export function mmScoreKeys(variant: MmVariant): Record<string, string> {
  const keys: Record<string, string> = { ...CLEM_SCORE_KEYS, Success: 'success', Lose: 'lose', visited: 'number_visited', effieciency: 'efficiency' };
  for (const k of ['moves', 'valid_moves', 'invalid_moves', 'seen', 'exploration']) keys[k] = k;
  if (variant === 'graphs') keys.efficiency = 'efficiency';
  if (variant === 'specificroom') {
    delete keys.exploration;
    keys.finding = 'finding';
  }
  return keys;
}

/** What the game master noted, read back. */
export function mmEpisodeLog(events: readonly Pick<EventRecord, 'kind' | 'action'>[]): MmEpisodeLog {
  const log: MmEpisodeLog = { moves: [], graphs: [], stopped: false, aborted: false };
  for (const e of events) {
    if (e.kind !== 'system') continue;
    const a = actionOf(e);
    if (typeof a.abort === 'string') {
      log.aborted = true;
      continue;
    }
    const note = a as unknown as Partial<MmNote>;
    if (note.type !== 'answer' && note.type !== 'stop' && note.type !== 'reprompt') continue;
    if (typeof note.graph === 'string') log.graphs.push(note.graph);
    if (note.log) log.moves.push(note.log);
    if (note.type === 'stop') log.stopped = true;
    if (note.limit) log.aborted = true;
  }
  return log;
}

export function scoreMm(payload: MmPayload, events: readonly EventRecord[]): ScoreResult {
  return clemScoreResult(mmClemScores(payload, mmEpisodeLog(events)).episode, mmScoreKeys(payload.variant));
}
