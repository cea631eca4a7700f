/**
 * What a bundled game provides of a capability, as the catalog registered it (its folder's
 * `capabilities/<key>.ts`): tests read a game's built-in players, images or counterpart here.
 */
import { capabilityOf, type CapabilityKey, type Provisions } from '../../electron/engine/core/capability';
import type { Game } from '../../electron/engine/core/game';
import '../../electron/engine/games/registry';

export function provided<K extends CapabilityKey>(game: Pick<Game<unknown>, 'id'>, key: K): NonNullable<Provisions[K]> {
  const value = capabilityOf(game, key);
  if (value === undefined) throw new Error(`${game.id} provides no ${key}`);
  return value as NonNullable<Provisions[K]>;
}

/** For a capability check called on its own: the game provides nothing else. */
export const nothingElse = (): undefined => undefined;
