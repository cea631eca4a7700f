/**
 * The image MatchIt's instances: clembench's `matchit/in/instances_v1_6.json` (bundled as
 * `datasets/clembench/matchit/instances_v1_6.json`: same_image, similar_image, different_image; 10
 * each), or a user's file of the same shape. Each instance names its two images (Visual Genome URLs);
 * the experiment's texts travel in every payload, read by the same script as MatchIt ASCII's.
 */
import { DatasetError } from '../../core/datasets';
import type { DatasetSource, InstanceInput } from '../../core/game';
import { instanceWhere, matchitFileDatasets, matchitInput, matchitScript, str, type ClemExperimentRecord, type ClemRecord, type MatchItScript } from '../matchit_ascii/datasets';

export const MATCHIT_IMAGES_KIND = 'matchit';

export interface MatchItImagePayload extends MatchItScript {
  /** The images as the instance names them (URLs or resource paths): A's, then B's. */
  imageA: string;
  imageB: string;
}

/** An instance of the clembench file and its experiment, checked, as the game master reads it. */
export function matchitImageInstance(instance: ClemRecord, experiment: ClemExperimentRecord): InstanceInput {
  const where = instanceWhere(instance, experiment);
  const script = matchitScript(instance, experiment);
  const image = (value: unknown, field: string) => {
    const name = str(value, `${where}: ${field}`);
    if (name.trim() === '') throw new DatasetError(`${where}: ${field} is empty; it must name an image (a URL or a path).`);
    return name;
  };
  const payload: MatchItImagePayload = { ...script, imageA: image(instance.image_a, 'image_a'), imageB: image(instance.image_b, 'image_b') };
  return matchitInput(payload, payload.imageA === payload.imageB);
}

/** The payload of a stored instance, or a DatasetError if it is not an image MatchIt one. */
export function matchitImagePayload(payload: unknown): MatchItImagePayload {
  const p = payload as Partial<MatchItImagePayload> | null;
  if (!p || typeof p.imageA !== 'string' || typeof p.imageB !== 'string' || !p.flags || typeof p.decisionTurn !== 'number') {
    throw new DatasetError('This instance is not a MatchIt (images) instance (it has no images, flags or decision turn).');
  }
  return p as MatchItImagePayload;
}

export const matchitImageDatasets: DatasetSource = matchitFileDatasets({
  kind: MATCHIT_IMAGES_KIND,
  what: 'MatchIt (images)',
  title: 'MatchIt v1.6 (clembench, Visual Genome images)',
  dir: 'matchit',
  file: 'instances_v1_6.json',
  read: matchitImageInstance,
});
