/**
 * How clembench's logged matchit_ascii episodes map onto this game: "Player 1" is A, "Player 2" is B,
 * a player's raw reply is the content of its `get message` action, and the logged episode scores have
 * one Parlor metric each.
 */
import { CLEM_SCORE_KEYS, type ClemAdapter } from '../clembench/adapter';
import { matchitInstance } from './datasets';

const SEAT_OF: Record<string, string> = { 'Player 1': 'player_a', 'Player 2': 'player_b' };

export const matchitAsciiClem: ClemAdapter = {
  game: 'matchit_ascii',
  clemNames: ['matchit_ascii'],
  seatOf: (clemPlayer) => SEAT_OF[clemPlayer] ?? null,
  replies(turns) {
    const replies: Record<string, string[]> = { player_a: [], player_b: [] };
    for (const turn of turns) {
      for (const entry of turn) {
        const seat = SEAT_OF[entry.from];
        if (seat && entry.to === 'GM' && entry.action.type === 'get message') replies[seat]!.push(String(entry.action.content ?? ''));
      }
    }
    return replies;
  },
  instanceFrom: (instance, experiment) => matchitInstance(instance, experiment),
  scoreKeys: {
    ...CLEM_SCORE_KEYS,
    Success: 'success',
    Lose: 'lose',
    'Player Score': 'player_score',
    'Request Count': 'request_count',
    'Parsed Request Count': 'parsed_request_count',
    'Violated Request Count': 'violated_request_count',
  },
};
