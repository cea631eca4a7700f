/**
 * How published clembench referencegame episodes map onto this game: Player 1 is the describer,
 * Player 2 the follower; each player's raw reply is its `get message` action; the logged instance.json
 * carries the patterns (and, from 2025 on, the modes) the episode was played with, so replaying it
 * through the game master applies the same rules.
 */
import { CLEM_SCORE_KEYS, type ClemAdapter } from '../clembench/adapter';
import { toInstance } from './payload';

/** The logged per-player scores, which this game keeps as seat scores. */
export const referencegameSeatScoreKeys: Readonly<Record<string, { seat: string; metric: string }>> = {
  'Aborted at Player 1': { seat: 'describer', metric: 'abort_cause' },
  'Aborted at Player 2': { seat: 'follower', metric: 'abort_cause' },
  'Generated Expression Length': { seat: 'describer', metric: 'expression_length' },
  'Generated Expression Number of Tokens': { seat: 'describer', metric: 'expression_tokens' },
};

export const referencegameClem: ClemAdapter = {
  game: 'referencegame',
  clemNames: ['referencegame'],
  seats: { 'Player 1': 'describer', 'Player 2': 'follower' },
  instanceFrom: (instance, experiment) => toInstance(instance, experiment.name),
  scoreKeys: {
    ...CLEM_SCORE_KEYS,
    Success: 'success',
    Lose: 'lose',
    'Request Count': 'request_count',
    'Parsed Request Count': 'parsed_request_count',
    'Violated Request Count': 'violated_request_count',
    'Request Success Ratio': 'request_success_ratio',
  },
  // The logged per-player scores, which this game keeps as seat scores.
  seatScoreKeys: referencegameSeatScoreKeys,
};
