/**
 * The tasks the pipeline makes scripts from: the 109 released (`simulbench-tasks`, CC BY-NC 4.0) or a
 * user's own JSONL of tasks; subsets all, stateful, stateless. Each task is tagged with its `act` and
 * `type`, the heatmap and difficulty axes.
 */
import { readUtf8 } from '../../core/text-file';
import { DATASET_FILE } from '../../core/user-file';
import { resolve } from 'node:path';
import { DatasetError, fileDatasetName } from '../../core/datasets';
import type { DatasetRef, DatasetSource, InstanceInput, LoadedDataset } from '../../core/game';
import { bundledTasks, loadTasks, type Task } from './tasks';

export const MAKE_KIND = 'simulbench-tasks';
export const MAKE_DATASET = 'simulbench-tasks';

const SUBSETS: Readonly<Record<string, (task: Task) => boolean>> = {
  all: () => true,
  stateful: (t) => t.type === 'stateful',
  stateless: (t) => t.type === 'stateless',
};

export function taskInstances(tasks: readonly Task[]): InstanceInput[] {
  return tasks.map((t) => ({ key: t.id, name: t.act, payload: t, tags: { act: t.act, type: t.type } }));
}

function keepOf(subset: string): (task: Task) => boolean {
  const keep = SUBSETS[subset];
  if (!keep) throw new DatasetError(`Unknown subset "${subset}" of SimulBench's tasks: it has ${Object.keys(SUBSETS).join(', ')}.`);
  return keep;
}

function load(ref: DatasetRef): LoadedDataset {
  const subset = ref.subset ?? 'all';
  const keep = keepOf(subset);
  if (ref.file) {
    const path = resolve(ref.file);
    const tasks = loadTasks(path);
    const { name, contentHash } = fileDatasetName(path, readUtf8(path, path, DATASET_FILE));
    return { name, kind: MAKE_KIND, subset, source: path, contentHash, instances: taskInstances(tasks.filter(keep)), problems: [] };
  }
  if (ref.name !== MAKE_DATASET) throw new DatasetError(`Unknown dataset "${ref.name}": SimulBench's released tasks are "${MAKE_DATASET}"; for your own give the file (--dataset-file).`);
  return { name: MAKE_DATASET, kind: MAKE_KIND, subset, source: `bundled:${MAKE_DATASET}/${subset}`, contentHash: null, instances: taskInstances(bundledTasks().filter(keep)), problems: [] };
}

export const makeDatasets: DatasetSource = {
  bundled: () => [{ name: MAKE_DATASET, title: 'SimulBench simulation tasks (109, CC BY-NC 4.0)', kind: MAKE_KIND, subsets: Object.keys(SUBSETS), defaultSubset: 'all' }],
  load,
};
