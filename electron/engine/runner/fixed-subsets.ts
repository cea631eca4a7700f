/**
 * Finding and defining fixed subsets: a game's own (drawn from its bundled data each time, the same
 * every time) and users' (drawn once and stored). A run or a human game names one in `dataset.fixed`.
 */
import { drawFixed, FIXED_NAME, keepFixed, type FixedSubset, type FixedSubsetSpec } from '../core/fixed-subsets';
import type { DatasetRef, Game, LoadedDataset } from '../core/game';
import { RunConfigError } from '../core/run-config';
import type { Store } from '../store/store';
import { ownFixedSubsets } from '../capabilities/fixed-subsets/provision';

function fromGame(game: Game<unknown>, spec: FixedSubsetSpec): FixedSubset {
  const { instances } = game.datasets.load({ name: spec.dataset, subset: spec.subset });
  return { ...spec, game: game.id, origin: 'game', keys: drawFixed(instances.map((i) => i.key), spec.size, spec.seed) };
}

/** Every fixed subset of a game: its own first, then users'. */
export function fixedSubsetsOf(store: Store, game: Game<unknown>): FixedSubset[] {
  return [...ownFixedSubsets(game).map((spec) => fromGame(game, spec)), ...store.fixedSubsets.list(game.id)];
}

/** The fixed subset of this name for this game, or an error naming the ones there are. */
export function findFixed(store: Store, game: Game<unknown>, name: string): FixedSubset {
  const own = ownFixedSubsets(game).find((s) => s.name === name);
  if (own) return fromGame(game, own);
  const stored = store.fixedSubsets.get(name);
  if (stored && stored.game === game.id) return stored;
  const known = [...ownFixedSubsets(game).map((s) => s.name), ...store.fixedSubsets.list(game.id).map((s) => s.name)];
  const where = stored ? ` (${name} belongs to ${stored.game})` : '';
  throw new RunConfigError(`${game.shortTitle} has no fixed subset ${name}${where}; ${known.length ? `it has ${known.join(', ')}` : 'define one with parlor subsets create'}.`);
}

/** A dataset reference with its fixed subset resolved: the split comes from the subset, and a different one is refused. */
export function resolveFixed(store: Store, game: Game<unknown>, ref: DatasetRef & { fixed?: string }): { ref: DatasetRef; fixed: FixedSubset | null } {
  if (ref.fixed === undefined) return { ref, fixed: null };
  const fixed = findFixed(store, game, ref.fixed);
  if (ref.file !== undefined) throw new RunConfigError(`The fixed subset ${fixed.name} samples the bundled ${fixed.dataset}: leave out dataset.file.`);
  if (ref.name !== fixed.dataset) throw new RunConfigError(`The fixed subset ${fixed.name} samples ${fixed.dataset}/${fixed.subset}, not ${ref.name}: choose dataset ${fixed.dataset}.`);
  if (ref.subset !== undefined && ref.subset !== fixed.subset) throw new RunConfigError(`The fixed subset ${fixed.name} samples the ${fixed.subset} split, not ${ref.subset}.`);
  return { ref: { ...ref, subset: fixed.subset }, fixed };
}

/** The loaded split's instances that the fixed subset holds (all of them without one). */
export function instancesOf<T extends LoadedDataset['instances'][number]>(instances: readonly T[], fixed: FixedSubset | null): T[] {
  return fixed ? keepFixed(instances, fixed) : [...instances];
}

/** Defines a user's fixed subset: checks the name and the split, draws the keys once and stores them. */
export function defineFixed(store: Store, game: Game<unknown>, spec: FixedSubsetSpec): FixedSubset {
  if (!FIXED_NAME.test(spec.name)) throw new RunConfigError(`"${spec.name}" cannot name a fixed subset: use 1–64 lowercase letters, digits, dots, dashes or underscores.`);
  if (ownFixedSubsets(game).some((s) => s.name === spec.name)) throw new RunConfigError(`${spec.name} is one of ${game.shortTitle}'s own fixed subsets: choose another name.`);
  if (!Number.isInteger(spec.seed) || spec.seed < 0 || spec.seed > 2 ** 31 - 1) throw new RunConfigError(`The seed must be a whole number from 0 to 2147483647 (got ${spec.seed}).`);
  const { instances, subset } = game.datasets.load({ name: spec.dataset, subset: spec.subset });
  const keys = drawFixed(instances.map((i) => i.key), spec.size, spec.seed);
  return store.fixedSubsets.create({ ...spec, subset, game: game.id, keys });
}
