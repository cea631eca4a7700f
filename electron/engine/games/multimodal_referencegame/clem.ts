/**
 * How published clembench multimodal_referencegame episodes map onto this game: Player 1 is the
 * describer, Player 2 the follower, each player's raw reply is its `get message` action, and the
 * logged scores are the text reference game's (the same keys, the same per-player scores).
 */
import type { ClemAdapter } from '../clembench/adapter';
import { referencegameClem, referencegameSeatScoreKeys } from '../referencegame/clem';
import { mmToInstance } from './payload';

export const multimodalReferencegameClem: ClemAdapter = {
  game: 'multimodal_referencegame',
  clemNames: ['multimodal_referencegame'],
  seats: { 'Player 1': 'describer', 'Player 2': 'follower' },
  instanceFrom: (instance, experiment) => mmToInstance(instance, experiment.name),
  scoreKeys: referencegameClem.scoreKeys,
  seatScoreKeys: referencegameSeatScoreKeys,
};
