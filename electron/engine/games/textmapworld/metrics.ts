/**
 * The MapWorld metrics in Parlor's terms, and the episode log read back from the events (the moves
 * and graphs the game master noted, how the episode ended), so any episode can be rescored.
 */
import type { MetricSpec, Outcome } from '../../../../shared/contract/game';
import { actionOf, type EventRecord } from '../../core/events';
import type { Score, ScoreResult } from '../../core/game';
import { CLEM_METRICS, CLEM_SCORE_KEYS } from '../clembench/adapter';
import type { MapPayload, Variant } from './instance';
import { clemScores, type EpisodeLog } from './scoring';
import type { TurnNote } from './session';

export const rate = (key: string, label: string, description: string): MetricSpec => ({ key, label, direction: 'higher', kind: 'rate', digits: 2, range: [0, 1], description });
export const count = (key: string, label: string, description: string, max = 40): MetricSpec => ({ key, label, direction: 'none', kind: 'mean', digits: 1, range: [0, max], description });
export const percent = (key: string, label: string, description: string): MetricSpec => ({ key, label, direction: 'higher', kind: 'mean', digits: 2, episodeDigits: 2, range: [0, 100], description });

const COMMON: MetricSpec[] = [
  ...CLEM_METRICS,
  { key: 'aborted', label: 'Aborted', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: 'a reply broke the format, or 20 turns passed without DONE (clembench "Aborted")' },
  rate('success', 'Success', 'clembench "Success"'),
  { key: 'lose', label: 'Lose', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: 'stopped without success (clembench "Lose")' },
  count('moves', 'Moves', 'moves the game master logged (only when the explorer stopped)'),
  count('valid_moves', 'Valid moves', 'logged moves into another room'),
  count('invalid_moves', 'Invalid moves', 'logged moves that stayed in the room (the reference never logs one: an unavailable direction gets the negative answer and no move)'),
  rate('stopped', 'Stopped', 'the explorer said DONE (logged only then, so always 1)'),
  { key: 'turns_limit', label: 'Turn limit', direction: 'lower', kind: 'rate', digits: 2, range: [0, 1], description: 'the turn limit was reached (logged only when stopped, so always 0)' },
  count('loops', 'Loops', 'positions where the last four held fewer than three rooms'),
  count('number_visited', 'Rooms visited', 'distinct rooms visited, the start included', 8),
  count('seen', 'Rooms seen', 'rooms visited or next to a visited room', 8),
  percent('efficiency', 'Efficiency', 'share of moves that were a first step of a shortest walk past all unvisited rooms next to visited ones (×100)'),
  percent('exploration', 'Exploration', 'share of the rooms visited (×100)'),
];

export const VARIANT_METRICS: Record<Variant, MetricSpec[]> = {
  main: COMMON,
  specificroom: [...COMMON, percent('old_benchscore', 'Old bench score', 'harmonic mean of Efficiency and Exploration (the exploration games\' Main Score), kept by clembench as old_benchscore')],
  graphreasoning: [...COMMON, percent('graph_similarity', 'Graph similarity', '100 × (1 − 2·(σ(GED/2) − ½)) for the last graph logged, GED the graph edit distance to the true map (unlabelled)')],
};

/** clembench score name → Parlor metric key. */
export function scoreKeys(variant: Variant): Record<string, string> {
  const keys: Record<string, string> = { ...CLEM_SCORE_KEYS, Success: 'success', Lose: 'lose' };
  for (const k of ['moves', 'valid_moves', 'invalid_moves', 'stopped', 'turns_limit', 'loops', 'number_visited', 'seen', 'efficiency', 'exploration']) keys[k] = k;
  if (variant === 'specificroom') keys.old_benchscore = 'old_benchscore';
  return keys;
}

/** What the game master recorded, read back. */
export function episodeLog(events: readonly Pick<EventRecord, 'kind' | 'action'>[]): EpisodeLog {
  const log: EpisodeLog = { moves: [], stopped: false, aborted: false, turnsLimit: false };
  for (const e of events) {
    if (e.kind !== 'system') continue;
    const a = actionOf(e);
    if (typeof a.abort === 'string') {
      log.aborted = true;
      if (a.abort.startsWith('turn limit')) log.turnsLimit = true;
      continue;
    }
    const note = a as unknown as Partial<TurnNote>;
    if (note.type !== 'answer' && note.type !== 'stop') continue;
    if (note.log) log.moves.push({ log: note.log, graphReply: note.graphReply ?? null });
    if (note.type === 'stop') log.stopped = true;
  }
  return log;
}

export function scoreMap(payload: MapPayload, events: readonly EventRecord[]): ScoreResult {
  const { episode } = clemScores(payload, episodeLog(events));
  return clemScoreResult(episode, scoreKeys(payload.variant));
}

/** An episode's clembench scores as Parlor scores (graph_similarity kept under its own key) and its outcome. */
export function clemScoreResult(episode: Readonly<Record<string, number>>, keys: Readonly<Record<string, string>>): ScoreResult {
  const scores: Score[] = [];
  for (const [name, value] of Object.entries(episode)) {
    const metric = name === 'graph_similarity' ? 'graph_similarity' : keys[name];
    if (metric) scores.push({ metric, value });
  }
  const played = episode.Aborted === 0;
  scores.push({ metric: 'played', value: played ? 1 : 0 });
  const outcome: Outcome = !played ? 'aborted' : episode.Success === 1 ? 'success' : 'failure';
  return { outcome, scores };
}
