/**
 * Fixed subsets: a named, seeded sample of one split (EDA's Things-30 and Celebrities-30, or a user's
 * own), so every run and every human game on it plays the same instances and human and model numbers
 * are on the same items. The draw depends only on the split's set of instance keys, the size and the
 * seed, never on the order of the data file.
 */
import { RunConfigError } from './run-config';
import { sampleWithoutReplacement, seededRandom } from './seeds';

/** A fixed subset as a game declares it or a user defines it. */
export interface FixedSubsetSpec {
  /** Its name in configs and on the command line (`things-30`). */
  name: string;
  dataset: string;
  /** The split it samples. */
  subset: string;
  size: number;
  seed: number;
  /** Where it comes from, shown beside it (the paper it follows). */
  note?: string;
}

/** A fixed subset with the instances it holds. */
export interface FixedSubset extends FixedSubsetSpec {
  game: string;
  /** Declared by the game (built in) or defined by a user (stored). */
  origin: 'game' | 'user';
  /** The instance keys, in the split's order. */
  keys: string[];
}

export const FIXED_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** The keys a fixed subset holds: a seeded sample of the split's keys (sorted first), kept in the split's order. */
export function drawFixed(keys: readonly string[], size: number, seed: number): string[] {
  if (!Number.isInteger(size) || size < 1) throw new RunConfigError(`A fixed subset needs a size of at least 1 (got ${size}).`);
  const unique = [...new Set(keys)];
  if (size > unique.length) throw new RunConfigError(`A fixed subset of ${size} cannot be drawn from a split of ${unique.length} instances.`);
  const chosen = new Set(sampleWithoutReplacement([...unique].sort(), size, seededRandom(seed)));
  return unique.filter((k) => chosen.has(k));
}

/** The instances of a loaded split that a fixed subset holds, in the split's order; refuses a subset the data no longer covers. */
export function keepFixed<T extends { key: string }>(instances: readonly T[], fixed: Pick<FixedSubset, 'name' | 'keys'>): T[] {
  const wanted = new Set(fixed.keys);
  const kept = instances.filter((i) => wanted.has(i.key));
  if (kept.length !== wanted.size) {
    const present = new Set(instances.map((i) => i.key));
    const missing = fixed.keys.filter((k) => !present.has(k));
    throw new RunConfigError(`The fixed subset ${fixed.name} names ${missing.length} instance(s) no longer in the data (e.g. "${missing[0]}"): define it again.`);
  }
  return kept;
}
