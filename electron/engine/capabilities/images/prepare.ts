/**
 * A new run of a game that shows images, before it is stored: every image its instances name found and
 * stored (or the run refused, or, told to skip, only the experiments whose images are all there kept),
 * and every image converted now as each provider takes it, so none is refused mid-episode.
 */
import { ImageSourcesSchema, type RunConfig } from '../../../../shared/contract/run';
import { unstoredRow, type LoadedDataset } from '../../core/game';
import { experimentsOf } from '../../core/selection';
import { UserError } from '../../errors';
import type { ImageLimits } from '../../players/image-limits';
import { unsendableImages } from './fit-images';
import type { Store } from '../../store/store';
import { checkImages, experimentKey, MissingImagesError } from './check';
import type { GameImages } from './provision';

type Instances = LoadedDataset['instances'];

/** The instances the run plays, and the experiments left out for missing images (`images.missing: "skip"`). */
export async function imagesForRun<S>(
  store: Store,
  images: GameImages<S>,
  settings: S,
  dataset: LoadedDataset,
  instances: Instances,
  config: RunConfig,
  models: readonly { label: string; imageLimits?: ImageLimits }[],
): Promise<{ instances: Instances; leftOut: string[] }> {
  const wanted = experimentsOf(instances);
  const kept = await imagesOrRefuse(store, images, settings, dataset, instances, config);
  const played = experimentsOf(kept);
  // Every image as each provider will get it, converted now if need be: never refused mid-episode.
  const names = kept.flatMap((i, position) => images.of(unstoredRow(i, dataset.subset, position), settings));
  const unsendable = await unsendableImages(store, names, models);
  if (unsendable.length) throw new UserError(`The run was not started: ${unsendable.length === 1 ? 'an image cannot' : 'some images cannot'} be sent as the providers take them.\n${unsendable.map((u) => `  - ${u}`).join('\n')}`);
  return { instances: kept, leftOut: wanted.filter((e) => !played.includes(e)) };
}

/** Finds and stores every image the instances need; refuses the run while one is missing, or keeps only complete experiments when told to skip. */
async function imagesOrRefuse<S>(store: Store, images: GameImages<S>, settings: S, dataset: LoadedDataset, instances: Instances, config: RunConfig): Promise<Instances> {
  const sources = ImageSourcesSchema.parse(config.images ?? {});
  const rows = instances.map((i, position) => unstoredRow(i, dataset.subset, position));
  const check = await checkImages(store, images, settings, rows, sources);
  if (check.missing.length === 0) return instances;
  if (sources.missing === 'skip' && check.complete.length > 0) return instances.filter((i) => check.complete.includes(experimentKey(i)));
  throw new MissingImagesError(check, images.hint);
}
