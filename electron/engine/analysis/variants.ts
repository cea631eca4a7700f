/**
 * The same instance in another variant of a game (clembench's grid images and their ASCII grids): a
 * game names its text counterpart and how its instances map to the counterpart's keys; this finds the
 * stored instances on the other side, in either direction, for reading episodes side by side.
 */
import type { Game, InstanceRow } from '../core/game';
import { allGames, gameById } from '../games/registry';
import type { Store } from '../store/store';

/** Games that are variants of each other: this game's counterpart, and games whose counterpart it is. */
export function variantGames(gameId: string): Game<unknown>[] {
  const game = gameById(gameId);
  const out = game.counterpart ? [gameById(game.counterpart.game)] : [];
  return [...out, ...allGames().filter((g) => g.counterpart?.game === gameId)];
}

/** Stored instances of the other variants that are this instance. */
export function variantInstances(store: Store, gameId: string, instance: InstanceRow): { game: string; instance: InstanceRow }[] {
  const game = gameById(gameId);
  const out: { game: string; instance: InstanceRow }[] = [];
  for (const other of variantGames(gameId)) {
    const datasets = store.datasets.list(other.id);
    for (const dataset of datasets) {
      for (const candidate of store.datasets.instances(dataset.id)) {
        // Ours points at theirs, or theirs points at ours.
        const same = game.counterpart?.game === other.id ? game.counterpart.key(instance) === candidate.key : other.counterpart?.key(candidate) === instance.key;
        if (same) out.push({ game: other.id, instance: candidate });
      }
    }
  }
  return out;
}

export function areVariants(a: string, b: string): boolean {
  return a === b || variantGames(a).some((g) => g.id === b);
}
