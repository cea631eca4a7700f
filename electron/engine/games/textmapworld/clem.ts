/**
 * What the clembench importer needs of the MapWorld games. The explorer is clembench's "Player 1"
 * (its raw replies are its `get message` actions); "Player 2" is the programmatic describer, which
 * Parlor's game master plays itself.
 */
import type { ClemAdapter } from '../clembench/adapter';
import { mapInstance } from './datasets';
import { mapPayloadFrom, type Variant } from './instance';
import { EXPLORER } from './master';
import { scoreKeys } from './metrics';
import { MAP_VARIANTS } from './game';

function mapClem(variant: Variant): ClemAdapter {
  const id = MAP_VARIANTS[variant].id;
  return {
    game: id,
    clemNames: [id],
    seats: { 'Player 1': EXPLORER },
    instanceFrom: (instance, experiment) => mapInstance(mapPayloadFrom(instance, experiment.name, variant)),
    // graph_similarity is not compared: the v1.6 logs used the unstretched logistic (half of this
    // game's value) and the v2.0 logs hold 0 for every graph (their scorer lacked `import numpy`).
    scoreKeys: scoreKeys(variant),
  };
}

export const textmapworldClem = mapClem('main');
export const textmapworldSpecificroomClem = mapClem('specificroom');
export const textmapworldGraphreasoningClem = mapClem('graphreasoning');
