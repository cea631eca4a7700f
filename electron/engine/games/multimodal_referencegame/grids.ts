/**
 * Which ASCII grid each of clembench's grid images shows. clembench's instance generator walks
 * `resources/ascii_game_instances.json` (experiments in order; per instance the player 1 target,
 * second and third grids, then player 2's first, second and third) and saves each grid the first time
 * it meets it as `resources/grid_images/<n>.png`, n counting from 0. The same walk over the bundled copy
 * of that file gives the grid of every image name.
 */
import { resolve } from 'node:path';
import { datasetsRoot, DatasetError } from '../../core/datasets';
import { clemExperiments, readInstanceFileText } from '../clembench/instance-file';

/** The order process_grid meets an instance's grids in. */
export const GRID_FIELDS = ['player_1_target_grid', 'player_1_second_grid', 'player_1_third_grid', 'player_2_first_grid', 'player_2_second_grid', 'player_2_third_grid'] as const;

/** A grid image's name as clembench instances give it (any prefix: `games/…`, `../clembench/…`). */
const GRID_IMAGE = /(?:^|[\\/])multimodal_referencegame[\\/]resources[\\/]grid_images[\\/](\d+)\.png$/;

/** The number of a grid image (`…/multimodal_referencegame/resources/grid_images/<n>.png`), or null for any other name. */
export function gridImageNumber(name: string): number | null {
  const m = GRID_IMAGE.exec(name);
  return m ? Number(m[1]) : null;
}

/** The distinct grids of an ASCII instance file's text, in the order process_grid numbers them. */
export function gridsInOrder(text: string, source: string): string[] {
  const seen = new Map<string, number>();
  for (const exp of clemExperiments(text, source)) {
    for (const raw of exp.instances) {
      const instance = raw as Record<string, unknown> | null;
      for (const field of GRID_FIELDS) {
        const grid = instance?.[field];
        if (typeof grid !== 'string') throw new DatasetError(`${source}: experiment "${exp.name}", game ${String(instance?.game_id)} has no ${field}.`);
        if (!seen.has(grid)) seen.set(grid, seen.size);
      }
    }
  }
  return [...seen.keys()];
}

export const ASCII_FILE = 'ascii_game_instances.json';

let bundled: string[] | null = null;

/** The grids of the bundled `ascii_game_instances.json`, numbered as clembench's grid images. */
export function bundledGrids(): readonly string[] {
  if (!bundled) {
    const path = resolve(datasetsRoot(), 'clembench', 'multimodal_referencegame', ASCII_FILE);
    bundled = gridsInOrder(readInstanceFileText(path, 'multimodal reference-game ASCII'), ASCII_FILE);
  }
  return bundled;
}

/** The ASCII grid a grid image shows, or null when the name is no grid image or its number is out of range. */
export function gridOfImage(name: string): string | null {
  const n = gridImageNumber(name);
  return n === null ? null : (bundledGrids()[n] ?? null);
}
