/**
 * The text reference game's instance behind a grid instance. clembench rendered the six grid
 * experiments' images from `ascii_game_instances.json`, whose experiments, game ids and grids are those
 * of the text game's bundled `v1.6` instances; the photograph and pentomino experiments have none.
 */
import type { InstanceRow } from '../../core/game';
import { gridImageNumber } from './grids';
import { imagesOf, mmPayload } from './payload';

export const GRID_EXPERIMENTS = ['line_grids_rows', 'line_grids_columns', 'diagonal_grids', 'letter_grids', 'shape_grids', 'random_grids'] as const;

/** `<experiment>/<game_id>` in the text game for a grid instance; null for the others. */
export function textCounterpartKey(instance: InstanceRow): string | null {
  const p = mmPayload(instance.payload);
  if (!(GRID_EXPERIMENTS as readonly string[]).includes(p.experiment.name)) return null;
  const { describer, follower } = imagesOf(p);
  if (![...describer, ...follower].every((n) => gridImageNumber(n) !== null)) return null;
  return `${p.experiment.name}/${p.game_id}`;
}
