/**
 * How clembench's logged matchit_ascii episodes map onto this game: "Player 1" is A, "Player 2" is B,
 * a player's raw reply is the content of its `get message` action, and the logged episode scores have
 * one Parlor metric each (the image MatchIt's scorer logs the same keys).
 */
import { CLEM_SCORE_KEYS, type ClemAdapter } from '../clembench/adapter';
import { matchitInstance } from './datasets';

export const MATCHIT_SEATS = { 'Player 1': 'player_a', 'Player 2': 'player_b' } as const;

export const MATCHIT_SCORE_KEYS: ClemAdapter['scoreKeys'] = {
  ...CLEM_SCORE_KEYS,
  Success: 'success',
  Lose: 'lose',
  'Player Score': 'player_score',
  'Request Count': 'request_count',
  'Parsed Request Count': 'parsed_request_count',
  'Violated Request Count': 'violated_request_count',
};

export const matchitAsciiClem: ClemAdapter = {
  game: 'matchit_ascii',
  clemNames: ['matchit_ascii'],
  seats: MATCHIT_SEATS,
  instanceFrom: (instance, experiment) => matchitInstance(instance, experiment),
  scoreKeys: MATCHIT_SCORE_KEYS,
};
