/**
 * The MapWorld instances: the bundled clembench files (`datasets/clembench/<dir>/instances_v1.6.json`,
 * dataset `v1.6`, subset `all`) or a user's file of the same form. Every instance is read strictly
 * (instance.ts); its key is `<experiment>/<game_id>`.
 */
import { resolve } from 'node:path';
import { datasetsRoot, DatasetError, fileDatasetName } from '../../core/datasets';
import type { DatasetRef, DatasetSource, InstanceInput, LoadedDataset } from '../../core/game';
import { clemExperiments, duplicateKey, readInstanceFileText } from '../clembench/instance-file';
import { mapPayloadFrom, type MapPayload, type Variant } from './instance';

export const DATASET = 'v1.6';
export const SUBSET = 'all';

const DIRS: Record<Variant, string> = { main: 'textmapworld_main', specificroom: 'textmapworld_specificroom', graphreasoning: 'textmapworld_graphreasoning' };

/** An instance as the views and runs know it. */
export function mapInstance(payload: MapPayload): InstanceInput {
  const size = String(payload.nodes.length);
  const tags: Record<string, string> = { experiment: payload.experiment, size };
  if (payload.variant === 'specificroom') tags.distance = String(payload.targetDistance ?? '');
  else tags.cycle = payload.cycle ? 'yes' : 'no';
  const goal = payload.target === null ? '' : ` → ${payload.target}`;
  return { key: `${payload.experiment}/${payload.gameId}`, name: `${payload.experiment} #${payload.gameId}: ${payload.start}${goal} (${size} rooms)`, payload, tags };
}

/** Every instance of a clembench instances file (`{"experiments": [{"name", "game_instances": [...]}]}`). */
export function readInstances(text: string, source: string, variant: Variant): InstanceInput[] {
  return clemInstances(text, source, (raw, experiment) => mapInstance(mapPayloadFrom(raw, experiment, variant)));
}

/** Every instance of a clembench instances file, each read by `read`; an instance it refuses names the file. */
export function clemInstances(text: string, source: string, read: (raw: unknown, experiment: string) => InstanceInput): InstanceInput[] {
  const instances: InstanceInput[] = [];
  for (const exp of clemExperiments(text, source)) {
    for (const raw of exp.instances) {
      try {
        instances.push(read(raw, exp.name));
      } catch (error) {
        if (error instanceof DatasetError) throw new DatasetError(`${source}: ${error.message}`);
        throw error;
      }
    }
  }
  const twice = duplicateKey(instances.map((i) => i.key));
  if (twice) throw new DatasetError(`${source}: the instance ${twice} appears twice.`);
  return instances;
}

const cache = new Map<string, LoadedDataset>();

export function mapDatasets(variant: Variant, title: string): DatasetSource {
  return clemDatasetSource({ title, what: 'MapWorld', file: `${DIRS[variant]}/instances_v1.6.json`, source: `bundled:${DIRS[variant]}/${DATASET}`, read: (text, source) => readInstances(text, source, variant) });
}

/**
 * A clembench game's datasets: the bundled file `datasets/clembench/<file>` as dataset `v1.6`, subset
 * `all`, or a user's file of the same form, read by `read`.
 */
export function clemDatasetSource(spec: { title: string; what: string; file: string; source: string; read(text: string, source: string): InstanceInput[] }): DatasetSource {
  const { title, what } = spec;
  return {
    bundled: () => [{ name: DATASET, title: `${title} (clembench v1.6 instances)`, kind: DATASET, subsets: [SUBSET] }],
    load(ref: DatasetRef): LoadedDataset {
      if (ref.file) {
        const path = resolve(ref.file);
        const text = readInstanceFileText(path, what);
        const { name, contentHash } = fileDatasetName(path, text);
        return { name, kind: DATASET, subset: ref.subset ?? SUBSET, source: path, contentHash, instances: spec.read(text, path), problems: [] };
      }
      if (ref.name !== DATASET) throw new DatasetError(`Unknown dataset "${ref.name}": ${title} has "${DATASET}".`);
      if ((ref.subset ?? SUBSET) !== SUBSET) throw new DatasetError(`Unknown subset "${ref.subset}" of ${DATASET}: use "${SUBSET}".`);
      const path = resolve(datasetsRoot(), 'clembench', spec.file);
      const known = cache.get(path);
      if (known) return known;
      const dataset: LoadedDataset = { name: DATASET, kind: DATASET, subset: SUBSET, source: spec.source, contentHash: null, instances: spec.read(readInstanceFileText(path, what), path), problems: [] };
      cache.set(path, dataset);
      return dataset;
    },
  };
}
