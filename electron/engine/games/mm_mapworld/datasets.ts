/**
 * The multimodal MapWorld instances: the bundled clembench files (dataset `v1.6`, subset `all`) or a
 * user's file of the same form, read as the text MapWorld games read theirs. Every instance is read
 * strictly (instance.ts); its key is `<experiment>/<game_id>`.
 */
import type { DatasetSource, InstanceInput } from '../../core/game';
import { clemDatasetSource, clemInstances, DATASET } from '../textmapworld/datasets';
import { categoryOf, mmPayloadFrom, type MmPayload, type MmVariant } from './instance';

export { DATASET };

/** The bundled file of each game, under datasets/clembench/. */
const FILES: Record<MmVariant, string> = {
  main: 'mm_mapworld_main/instances',
  graphs: 'mm_mapworld_main/instances_graphs',
  specificroom: 'mm_mapworld_specificroom/instances',
};

/** An instance as the views and runs know it. */
export function mmInstance(payload: MmPayload): InstanceInput {
  const size = String(payload.nodes.length);
  const tags: Record<string, string> = { experiment: payload.experiment, size };
  if (payload.variant === 'main') tags.cycle = payload.experiment.endsWith('_cycle') ? 'yes' : 'no';
  if (payload.variant === 'specificroom') tags.distance = String(payload.distance ?? '');
  const goal = payload.target === null ? '' : ` → ${categoryOf(payload, payload.target)}`;
  return {
    key: `${payload.experiment}/${payload.gameId}`,
    name: `${payload.experiment} #${payload.gameId}: ${size} rooms from a ${categoryOf(payload, payload.start)}${goal}`,
    payload,
    tags,
  };
}

/** Every instance of a clembench instances file (`{"experiments": [{"name", "game_instances": [...]}]}`). */
export const readMmInstances = (text: string, source: string, variant: MmVariant): InstanceInput[] =>
  clemInstances(text, source, (raw, experiment) => mmInstance(mmPayloadFrom(raw, experiment, variant)));

export const mmDatasets = (variant: MmVariant, title: string): DatasetSource =>
  clemDatasetSource({ title, what: 'multimodal MapWorld', file: `${FILES[variant]}.json`, source: `bundled:${FILES[variant]}/${DATASET}`, read: (text, source) => readMmInstances(text, source, variant) });
