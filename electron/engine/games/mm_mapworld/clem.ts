/**
 * What the clembench importer needs of the multimodal MapWorld games. In their logs "Player 1" is the
 * programmatic PathDescriber, which Parlor's game master plays itself, and "Player 2" the PathWalker:
 * the explorer (its raw replies are its `get message` actions).
 */
import type { ClemAdapter } from '../clembench/adapter';
import { mmInstance } from './datasets';
import { EXPLORER } from './master';
import { mmPayloadFrom } from './instance';
import { mmScoreKeys } from './metrics';
import { MM_VARIANTS } from './game';

function mmClem(variant: keyof typeof MM_VARIANTS): ClemAdapter {
  const id = MM_VARIANTS[variant].id;
  return {
    game: id,
    // The v1.6_multimodal results trees name the folders as the games.
    clemNames: [id],
    seats: { 'Player 2': EXPLORER },
    instanceFrom: (instance, experiment) => mmInstance(mmPayloadFrom(instance, experiment.name, variant)),
    // graph_similarity is not compared: the v1.6 logs hold 1 − σ(GED/2) or 2·(1 − σ(GED/2)) (0–1, by
    // the scorer of the day), where clembench's current scorer logs 100 · 2·(1 − σ(GED/2)).
    scoreKeys: mmScoreKeys(variant),
  };
}

export const mmMapworldClem = mmClem('main');
export const mmMapworldGraphsClem = mmClem('graphs');
export const mmMapworldSpecificroomClem = mmClem('specificroom');
