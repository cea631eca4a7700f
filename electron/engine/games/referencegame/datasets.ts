/**
 * The reference game's instances: clembench's English instance files (`datasets/clembench/
 * referencegame/instances_<version>_en.json`) as bundled datasets named after their version, or a
 * user's clembench instance file of the same shape.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { datasetsRoot, DatasetError, fileDatasetName, refuseErrors } from '../../core/datasets';
import type { DatasetProblem, DatasetRef, DatasetSource, InstanceInput, LoadedDataset } from '../../core/game';
import { clemExperiments, readInstanceFileText } from '../clembench/instance-file';
import { instanceProblems, toInstance } from './payload';

export const REF_KIND = 'referencegame';

export const BUNDLED_REF = [
  { name: 'v1.6', file: 'instances_v1.6_en.json', title: 'clembench v1.6 reference game (English; the paper\'s text version)' },
  { name: 'v2.0', file: 'instances_v2.0_en.json', title: 'clembench v2.0 reference game (English)' },
] as const;

/** Reads a clembench instance file: `{"experiments": [{"name", "game_instances": [...]}, ...]}`. */
export function parseInstanceFile(text: string, source: string): { instances: InstanceInput[]; problems: DatasetProblem[] } {
  const problems: DatasetProblem[] = [];
  const instances: InstanceInput[] = [];
  const keys = new Set<string>();
  for (const exp of clemExperiments(text, source)) {
    for (const raw of exp.instances) {
      const found = instanceProblems(raw);
      const id = (raw as { game_id?: unknown } | null)?.game_id;
      if (found.length) {
        problems.push(...found.map((message) => ({ severity: 'error' as const, line: 0, message: `${exp.name}/${String(id)} ${message}` })));
        continue;
      }
      const instance = toInstance(raw as Record<string, unknown>, exp.name);
      if (keys.has(instance.key)) problems.push({ severity: 'error', line: 0, message: `${instance.key} appears twice` });
      keys.add(instance.key);
      instances.push(instance);
    }
  }
  if (instances.length === 0 && problems.length === 0) problems.push({ severity: 'error', line: 0, message: 'it has no instances' });
  return { instances, problems };
}


const bundledCache = new Map<string, LoadedDataset>();

function loadBundled(ref: DatasetRef): LoadedDataset {
  const entry = BUNDLED_REF.find((b) => b.name === ref.name);
  if (!entry) throw new DatasetError(`Unknown dataset "${ref.name}". Bundled: ${BUNDLED_REF.map((b) => b.name).join(', ')}; for your own clembench instance file give its path (--dataset-file).`);
  const subset = ref.subset ?? 'all';
  if (subset !== 'all') throw new DatasetError(`Unknown subset "${subset}" of ${entry.name}: the reference game has one subset, "all" (filter by the experiment tag instead).`);
  const path = resolve(datasetsRoot(), 'clembench', 'referencegame', entry.file);
  const known = bundledCache.get(path);
  if (known) return known;
  if (!existsSync(path)) throw new DatasetError(`The bundled instance file ${path} is missing.`);
  const source = `bundled:${entry.name}/all`;
  const { instances, problems } = parseInstanceFile(readInstanceFileText(path, 'reference-game'), `${entry.file}`);
  refuseErrors(problems, `Instance file ${source}`);
  const dataset: LoadedDataset = { name: entry.name, kind: REF_KIND, subset: 'all', source, contentHash: null, instances, problems };
  bundledCache.set(path, dataset);
  return dataset;
}

function loadFile(ref: DatasetRef): LoadedDataset {
  const path = resolve(ref.file!);
  if (!existsSync(path)) throw new DatasetError(`Instance file not found: ${path}`);
  if (statSync(path).isDirectory()) throw new DatasetError(`${path} is a folder; give the clembench instance file itself.`);
  const text = readInstanceFileText(path, 'reference-game');
  const { instances, problems } = parseInstanceFile(text, path);
  refuseErrors(problems, `Instance file ${path}`);
  const { name, contentHash } = fileDatasetName(path, text);
  return { name, kind: REF_KIND, subset: ref.subset ?? 'all', source: path, contentHash, instances, problems };
}

export const refDatasets: DatasetSource = {
  bundled: () => BUNDLED_REF.map((b) => ({ name: b.name, title: b.title, kind: REF_KIND, subsets: ['all'] })),
  load: (ref) => (ref.file ? loadFile(ref) : loadBundled(ref)),
};
