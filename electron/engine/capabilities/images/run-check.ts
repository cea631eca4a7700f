/** The image check of a run that has not been made yet: which images its choice of data needs, and which are missing. */
import { ImageSourcesSchema } from '../../../../shared/contract/run';
import { capabilityOf } from '../../core/capability';
import { unstoredRow } from '../../core/game';
import { RunConfigError } from '../../core/run-config';
import { selectInstances } from '../../core/selection';
import { gameById } from '../../core/catalog';
import { checkImages, type ImageCheck } from './check';
import type { Store } from '../../store/store';

export interface ImageCheckRequest {
  game: string;
  dataset?: { name?: string; subset?: string; file?: string; experiments?: string[] };
  limit?: number;
  images?: unknown;
}

export async function checkRunImages(store: Store, request: ImageCheckRequest): Promise<ImageCheck & { hint: string | null }> {
  const game = gameById(request.game);
  const images = capabilityOf(game, 'images');
  if (!images) throw new RunConfigError(`${game.shortTitle} shows no images: there is nothing to check.`);
  const dataset = game.datasets.load({ name: request.dataset?.name ?? game.datasets.bundled()[0]?.name ?? 'default', subset: request.dataset?.subset, file: request.dataset?.file });
  const instances = selectInstances(dataset.instances, { experiments: request.dataset?.experiments, limit: request.limit });
  const rows = instances.map((i, position) => unstoredRow(i, dataset.subset, position));
  const check = await checkImages(store, images, game.settings.parse({}), rows, ImageSourcesSchema.parse(request.images ?? {}));
  return { ...check, hint: images.hint ?? null };
}
