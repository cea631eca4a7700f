/**
 * The multimodal reference game's instances: clembench's `multimodal_referencegame/in/instances.json`
 * (bundled as `v1.6`, one subset `all`: six grid experiments, six photograph experiments, pentomino
 * boards; 30 instances each), or a user's clembench instance file of the same shape. Read with the
 * text reference game's loader.
 */
import type { DatasetSource } from '../../core/game';
import { clemInstanceDatasets } from '../referencegame/datasets';
import { mmInstanceProblems, mmToInstance } from './payload';

export const MM_REF_KIND = 'multimodal_referencegame';

export const mmRefDatasets: DatasetSource = clemInstanceDatasets({
  kind: MM_REF_KIND,
  folder: 'multimodal_referencegame',
  what: 'multimodal reference-game',
  bundled: [{ name: 'v1.6', file: 'instances.json', title: 'clembench v1.6 multimodal reference game (grids, ADE20K, DOCCI, CLEVR, pentomino images)' }],
  problems: mmInstanceProblems,
  toInstance: mmToInstance,
});
