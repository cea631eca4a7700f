/**
 * SimulBench's scripts as a game's dataset: the released 500 (`simulbench`, CC BY-NC 4.0) with every
 * subset of subsets.ts, or a user's own JSONL of scripts (a set made by `simulbench_make`), the same
 * subsets computed by dialogue. Each script is tagged with its task (`act`), type, kind and labels:
 * the heatmap and breakdown axes and the score table's columns.
 */
import { readUtf8 } from '../../core/text-file';
import { DATASET_FILE } from '../../core/user-file';
import { resolve } from 'node:path';
import { datasetsRoot, DatasetError, fileDatasetName } from '../../core/datasets';
import type { DatasetRef, DatasetSource, InstanceInput, LoadedDataset } from '../../core/game';
import { loadScripts, type Script } from './scripts';
import { firstByDialogue, kindsOf, SUBSETS, v1Labels } from './subsets';

export const SIMULBENCH_KIND = 'simulbench';
export const SIMULBENCH_DATASET = 'simulbench';

/** The scripts as instances, tagged; the released set also carries the v1 task labels. */
export function scriptInstances(scripts: readonly Script[], released: boolean): InstanceInput[] {
  const kinds = kindsOf(scripts, released);
  const byDialogue = firstByDialogue(scripts);
  const labels = released ? v1Labels() : new Map<string, { judging?: string; role?: string }>();
  return scripts.map((s) => {
    const id = String(s.id);
    const label = labels.get(id) ?? {};
    return {
      key: id,
      name: `${s.act} #${id}`,
      payload: s,
      tags: { act: s.act, type: s.type, kind: kinds.get(id)!, first_in_dialogue: byDialogue.has(id) ? 'yes' : 'no', turn: String(s.turn_num), ...label },
    };
  });
}

function subsetOf(name: string | undefined): string {
  const subset = name ?? 'all';
  if (!SUBSETS[subset]) throw new DatasetError(`Unknown subset "${subset}" of SimulBench: it has ${Object.keys(SUBSETS).join(', ')}.`);
  return subset;
}

function released(): Script[] {
  return loadScripts(resolve(datasetsRoot(), 'simulbench', 'simulbench_all.jsonl'));
}

function load(ref: DatasetRef): LoadedDataset {
  const subset = subsetOf(ref.subset);
  if (ref.file) {
    const path = resolve(ref.file);
    const { name, contentHash } = fileDatasetName(path, readUtf8(path, path, DATASET_FILE));
    const instances = scriptInstances(loadScripts(path), false).filter((i) => SUBSETS[subset]!.keep(i.tags));
    return { name, kind: SIMULBENCH_KIND, subset, source: path, contentHash, instances, problems: [] };
  }
  if (ref.name !== SIMULBENCH_DATASET) throw new DatasetError(`Unknown dataset "${ref.name}": SimulBench's released scripts are "${SIMULBENCH_DATASET}"; for your own give the file (--dataset-file).`);
  const instances = scriptInstances(released(), true).filter((i) => SUBSETS[subset]!.keep(i.tags));
  return { name: SIMULBENCH_DATASET, kind: SIMULBENCH_KIND, subset, source: `bundled:${SIMULBENCH_DATASET}/${subset}`, contentHash: null, instances, problems: [] };
}

export const simulbenchDatasets: DatasetSource = {
  bundled: () => [{ name: SIMULBENCH_DATASET, title: 'SimulBench test scripts (500, CC BY-NC 4.0)', kind: SIMULBENCH_KIND, subsets: Object.keys(SUBSETS), defaultSubset: 'all' }],
  load,
};
