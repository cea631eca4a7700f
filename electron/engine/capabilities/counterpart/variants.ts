/**
 * The same instance in another variant of a game (clembench's grid images and their ASCII grids): a
 * game names its text counterpart and how its instances map to the counterpart's keys; this finds the
 * stored instances on the other side, in either direction, for reading episodes side by side.
 */
import { capabilityOf } from '../../core/capability';
import type { Game, InstanceRow } from '../../core/game';
import { allGames, gameById } from '../../core/catalog';
import type { Store } from '../../store/store';

/** Games that are variants of each other: this game's counterpart, and games whose counterpart it is (a counterpart Parlor does not have is none). */
export function variantGames(gameId: string): Game<unknown>[] {
  const game = gameById(gameId);
  const theirs = capabilityOf(game, 'counterpart')?.game;
  const out = allGames().filter((g) => g.id === theirs);
  return [...out, ...allGames().filter((g) => capabilityOf(g, 'counterpart')?.game === gameId)];
}

/** Stored instances of the other variants that are this instance. */
export function variantInstances(store: Store, gameId: string, instance: InstanceRow): { game: string; instance: InstanceRow }[] {
  const ours = capabilityOf(gameById(gameId), 'counterpart');
  const out: { game: string; instance: InstanceRow }[] = [];
  for (const other of variantGames(gameId)) {
    const theirs = capabilityOf(other, 'counterpart');
    const datasets = store.datasets.list(other.id);
    for (const dataset of datasets) {
      for (const candidate of store.datasets.instances(dataset.id)) {
        // Ours points at theirs, or theirs points at ours.
        const same = ours?.game === other.id ? ours.key(instance) === candidate.key : theirs?.key(candidate) === instance.key;
        if (same) out.push({ game: other.id, instance: candidate });
      }
    }
  }
  return out;
}

export function areVariants(a: string, b: string): boolean {
  return a === b || variantGames(a).some((g) => g.id === b);
}
