/**
 * clembench instance files: `{"experiments": [{"name", ...experiment fields, "game_instances": [...]}]}`.
 * The shape is checked once here; each game reads its own instances from the experiments.
 */
import { existsSync } from 'node:fs';
import { readUtf8 } from '../../core/text-file';
import { DATASET_FILE } from '../../core/user-file';
import { DatasetError } from '../../core/datasets';

export interface ClemExperiment {
  name: string;
  /** The experiment's own fields (MatchIt keeps its prompts there), without game_instances. */
  fields: Record<string, unknown>;
  instances: unknown[];
}

export function readInstanceFileText(path: string, what: string): string {
  if (!existsSync(path)) throw new DatasetError(`The ${what} instance file was not found: ${path}`);
  try {
    return readUtf8(path, `the ${what} instance file ${path}`, DATASET_FILE);
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    throw new DatasetError(`Cannot read the ${what} instance file ${path}: ${(error as Error).message}`);
  }
}

export function clemExperiments(text: string, source: string): ClemExperiment[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new DatasetError(`${source} is not JSON: ${(error as Error).message}`);
  }
  const experiments = (data as { experiments?: unknown } | null)?.experiments;
  if (!Array.isArray(experiments) || experiments.length === 0) throw new DatasetError(`${source} has no "experiments" list: it is not a clembench instance file.`);
  return experiments.map((e: unknown, i) => {
    const exp = e as Record<string, unknown> | null;
    if (typeof exp?.name !== 'string') throw new DatasetError(`${source}: experiment ${i + 1} has no name.`);
    if (!Array.isArray(exp.game_instances)) throw new DatasetError(`${source}: experiment "${exp.name}" has no game_instances list.`);
    const { game_instances: instances, ...fields } = exp;
    return { name: exp.name, fields, instances: instances as unknown[] };
  });
}

/** The first key that two instances share, if any. */
export function duplicateKey(keys: readonly string[]): string | undefined {
  return keys.find((k, i) => keys.indexOf(k) !== i);
}
