/**
 * The reference game's instances: clembench's English instance files (`datasets/clembench/
 * referencegame/instances_<version>_en.json`) as bundled datasets named after their version, or a
 * user's clembench instance file of the same shape. The loader is shared with the multimodal
 * reference game, whose instance files have the same shape with images in place of grids.
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

/** A family of clembench instance files: where the bundled ones sit and how one instance is checked and read. */
export interface ClemInstanceFiles {
  kind: string;
  /** The folder under `datasets/clembench/`. */
  folder: string;
  /** The game in words, for messages ("reference-game"). */
  what: string;
  bundled: readonly { name: string; file: string; title: string }[];
  /** What is wrong with one instance object, in words (empty: usable). */
  problems(raw: unknown): string[];
  toInstance(raw: Record<string, unknown>, experiment: string): InstanceInput;
}

const REF_FILES: ClemInstanceFiles = { kind: REF_KIND, folder: 'referencegame', what: 'reference-game', bundled: BUNDLED_REF, problems: instanceProblems, toInstance };

/** Reads a clembench instance file: `{"experiments": [{"name", "game_instances": [...]}, ...]}`. */
export function parseClemInstances(text: string, source: string, files: ClemInstanceFiles): { instances: InstanceInput[]; problems: DatasetProblem[] } {
  const problems: DatasetProblem[] = [];
  const instances: InstanceInput[] = [];
  const keys = new Set<string>();
  for (const exp of clemExperiments(text, source)) {
    for (const raw of exp.instances) {
      const found = files.problems(raw);
      const id = (raw as { game_id?: unknown } | null)?.game_id;
      if (found.length) {
        problems.push(...found.map((message) => ({ severity: 'error' as const, line: 0, message: `${exp.name}/${String(id)} ${message}` })));
        continue;
      }
      const instance = files.toInstance(raw as Record<string, unknown>, exp.name);
      if (keys.has(instance.key)) problems.push({ severity: 'error', line: 0, message: `${instance.key} appears twice` });
      keys.add(instance.key);
      instances.push(instance);
    }
  }
  if (instances.length === 0 && problems.length === 0) problems.push({ severity: 'error', line: 0, message: 'it has no instances' });
  return { instances, problems };
}

/** The text reference game's reading of an instance file. */
export function parseInstanceFile(text: string, source: string): { instances: InstanceInput[]; problems: DatasetProblem[] } {
  return parseClemInstances(text, source, REF_FILES);
}

/** The bundled datasets and users' files of one family of clembench instance files, as a DatasetSource. */
export function clemInstanceDatasets(files: ClemInstanceFiles): DatasetSource {
  const cache = new Map<string, LoadedDataset>();

  function loadBundled(ref: DatasetRef): LoadedDataset {
    const entry = files.bundled.find((b) => b.name === ref.name);
    if (!entry) throw new DatasetError(`Unknown dataset "${ref.name}". Bundled: ${files.bundled.map((b) => b.name).join(', ')}; for your own clembench instance file give its path (--dataset-file).`);
    const subset = ref.subset ?? 'all';
    if (subset !== 'all') throw new DatasetError(`Unknown subset "${subset}" of ${entry.name}: the ${files.what.replace(/-/g, ' ')} has one subset, "all" (filter by the experiment tag instead).`);
    const path = resolve(datasetsRoot(), 'clembench', files.folder, entry.file);
    const known = cache.get(path);
    if (known) return known;
    if (!existsSync(path)) throw new DatasetError(`The bundled instance file ${path} is missing.`);
    const source = `bundled:${entry.name}/all`;
    const { instances, problems } = parseClemInstances(readInstanceFileText(path, files.what), `${entry.file}`, files);
    refuseErrors(problems, `Instance file ${source}`);
    const dataset: LoadedDataset = { name: entry.name, kind: files.kind, subset: 'all', source, contentHash: null, instances, problems };
    cache.set(path, dataset);
    return dataset;
  }

  function loadFile(ref: DatasetRef): LoadedDataset {
    const path = resolve(ref.file!);
    if (!existsSync(path)) throw new DatasetError(`Instance file not found: ${path}`);
    if (statSync(path).isDirectory()) throw new DatasetError(`${path} is a folder; give the clembench instance file itself.`);
    const text = readInstanceFileText(path, files.what);
    const { instances, problems } = parseClemInstances(text, path, files);
    refuseErrors(problems, `Instance file ${path}`);
    const { name, contentHash } = fileDatasetName(path, text);
    return { name, kind: files.kind, subset: ref.subset ?? 'all', source: path, contentHash, instances, problems };
  }

  return {
    bundled: () => files.bundled.map((b) => ({ name: b.name, title: b.title, kind: files.kind, subsets: ['all'] })),
    load: (ref) => (ref.file ? loadFile(ref) : loadBundled(ref)),
  };
}

export const refDatasets: DatasetSource = clemInstanceDatasets(REF_FILES);
