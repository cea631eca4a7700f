/**
 * Which instances of a loaded subset a run plays. Instances grouped into experiments (their
 * `experiment` tag, as clembench groups them) are chosen by experiment, and a limit keeps the first N
 * of each experiment, so a short run still covers every experiment; without experiments it keeps the
 * first N of the subset.
 */
import type { Game, InstanceInput } from './game';
import { RunConfigError } from './run-config';
import { keptSubsetShape, type SubsetShape } from './shape-cache';

export const EXPERIMENT_TAG = 'experiment';

/** The experiments of a subset in the order they first appear. */
export function experimentsOf(instances: readonly InstanceInput[]): string[] {
  return [...new Set(instances.flatMap((i) => (i.tags[EXPERIMENT_TAG] === undefined ? [] : [i.tags[EXPERIMENT_TAG]!])))];
}

export function selectInstances<T extends InstanceInput>(instances: readonly T[], choice: { experiments?: readonly string[]; limit?: number }): T[] {
  const known = experimentsOf(instances);
  if (choice.experiments?.length) {
    if (known.length === 0) throw new RunConfigError('This dataset has no experiments: leave out dataset.experiments.');
    const unknown = choice.experiments.filter((e) => !known.includes(e));
    if (unknown.length) throw new RunConfigError(`Unknown experiment${unknown.length > 1 ? 's' : ''} ${unknown.map((e) => `"${e}"`).join(', ')}: this dataset has ${known.join(', ')}.`);
  }
  const wanted = choice.experiments?.length ? new Set(choice.experiments) : null;
  const kept = wanted ? instances.filter((i) => wanted.has(i.tags[EXPERIMENT_TAG] ?? '')) : [...instances];
  if (!choice.limit) return kept;
  if (known.length === 0) return kept.slice(0, choice.limit);
  const taken = new Map<string, number>();
  return kept.filter((i) => {
    const experiment = i.tags[EXPERIMENT_TAG] ?? '';
    const n = taken.get(experiment) ?? 0;
    taken.set(experiment, n + 1);
    return n < choice.limit!;
  });
}

/** A bundled subset's size and experiments, for lists of games (0 and none where it cannot be loaded). */
export function subsetShape(game: Pick<Game<unknown>, 'id' | 'datasets'>, name: string, subset: string): SubsetShape {
  return keptSubsetShape(game.id, name, subset, () => {
    try {
      const { instances } = game.datasets.load({ name, subset });
      return { instances: instances.length, experiments: experimentsOf(instances) };
    } catch {
      return { instances: 0, experiments: [] };
    }
  });
}
