/**
 * Before a run: every image its instances need, found and stored, or the run does not start and the
 * message names each missing file and where Parlor looked. Experiments whose images are all there can
 * still run (`--experiments`, or `images.missing: "skip"` to leave the others out).
 */
import type { InstanceRow } from '../../core/game';
import type { GameImages } from './provision';
import { EXPERIMENT_TAG } from '../../core/selection';
import { UserError } from '../../errors';
import type { Store } from '../../store/store';
import { findImages, type ImageSources, type MissingImage } from './resolve';

export interface ImageCheck {
  /** Distinct images the instances name. */
  needed: number;
  found: number;
  missing: (MissingImage & { experiments: string[] })[];
  /** Experiments (in order) with every image present, and those missing some. */
  complete: string[];
  incomplete: string[];
}

const NO_EXPERIMENT = '(all)';

/** The experiment an instance belongs to for the check (instances without the tag form one group). */
export function experimentKey(instance: { tags: Record<string, string> }): string {
  return instance.tags[EXPERIMENT_TAG] ?? NO_EXPERIMENT;
}

/** Every image the instances name (the game's `images.of`), found and stored, or missing with where Parlor looked. */
export async function checkImages<S>(store: Store, images: GameImages<S>, settings: S, instances: readonly InstanceRow[], sources: ImageSources): Promise<ImageCheck> {
  const experimentsByName = new Map<string, Set<string>>();
  const order: string[] = [];
  for (const instance of instances) {
    const experiment = experimentKey(instance);
    if (!order.includes(experiment)) order.push(experiment);
    for (const name of images.of(instance, settings)) {
      const set = experimentsByName.get(name) ?? new Set<string>();
      set.add(experiment);
      experimentsByName.set(name, set);
    }
  }
  const search = await findImages(store, experimentsByName.keys(), sources, images.makers ?? []);
  const missing = search.missing.map((m) => ({ ...m, experiments: [...experimentsByName.get(m.name)!] }));
  const broken = new Set(missing.flatMap((m) => m.experiments));
  return { needed: experimentsByName.size, found: search.found.size, missing, complete: order.filter((e) => !broken.has(e)), incomplete: order.filter((e) => broken.has(e)) };
}

/** The run was refused: images are missing. The message lists each one and where Parlor looked. */
export class MissingImagesError extends UserError {
  constructor(
    readonly check: ImageCheck,
    hint?: string,
  ) {
    super(`The run was not started: ${missingCount(check)} (no episode was played).\n${describeMissing(check, hint)}`, 'bad_request');
    this.name = 'MissingImagesError';
  }
}

/** "3 of 90 images are missing". */
export function missingCount(check: ImageCheck): string {
  return `${check.missing.length} of ${check.needed} images are missing`;
}

/** Every missing image (up to `shown`) with the places tried, the hint, and the experiments that can run. */
export function describeMissing(check: ImageCheck, hint?: string, shown = 12): string {
  const lines: string[] = [];
  for (const m of check.missing.slice(0, shown)) {
    lines.push(`  - ${m.name}${m.experiments[0] === NO_EXPERIMENT ? '' : ` (${m.experiments.join(', ')})`}`);
    for (const place of m.looked) lines.push(`      tried ${place}`);
  }
  if (check.missing.length > shown) lines.push(`  … and ${check.missing.length - shown} more (parlor images check lists them all).`);
  if (hint) lines.push(hint);
  if (check.complete.length && check.complete[0] !== NO_EXPERIMENT) {
    lines.push(`These experiments have all their images and can run now: ${check.complete.join(', ')} (--experiments ${check.complete.join(',')}, or --skip-missing-images).`);
  }
  return lines.join('\n');
}
