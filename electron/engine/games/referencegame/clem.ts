/**
 * How published clembench referencegame episodes map onto this game: Player 1 is the describer,
 * Player 2 the follower; each player's raw reply is its `get message` action; the logged instance.json
 * carries the patterns (and, from 2025 on, the modes) the episode was played with, so replaying it
 * through the game master applies the same rules.
 */
import { CLEM_SCORE_KEYS, type ClemAction, type ClemAdapter } from '../clembench/adapter';
import { toInstance } from './payload';

const SEATS: Record<string, string> = { 'Player 1': 'describer', 'Player 2': 'follower' };

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
  seatOf: (player) => SEATS[player] ?? null,
  replies(turns: readonly (readonly ClemAction[])[]) {
    const out: Record<string, string[]> = { describer: [], follower: [] };
    for (const turn of turns) {
      for (const a of turn) {
        const seat = SEATS[a.from];
        if (seat && a.to === 'GM' && a.action.type === 'get message' && typeof a.action.content === 'string') out[seat]!.push(a.action.content);
      }
    }
    return out;
  },
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
