/**
 * Counterpart: the same instance in a text-only variant of this game (clembench's grid images and their
 * ASCII grids), for reading episodes side by side and for text vs image tables. A game names the other
 * game and how its instances map to that game's instance keys.
 */
import type { CapabilityCheck } from '../../core/capability';
import type { InstanceRow } from '../../core/game';

export interface Counterpart {
  /** The other game's id. */
  readonly game: string;
  /** The other game's key for this instance, or null where it has none (MM reference game: the photographs). */
  key(instance: InstanceRow): string | null;
}

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; a counterpart reads instances only
  interface Provisions<S> {
    counterpart: Counterpart;
  }
}

export const counterpartCheck: CapabilityCheck<'counterpart'> = {
  key: 'counterpart',
  problems(value, game) {
    const problems: string[] = [];
    if (typeof value?.game !== 'string' || value.game === '') problems.push('counterpart.game must name the other game');
    else if (value.game === game.id) problems.push(`counterpart.game names "${game.id}" itself: a counterpart is another game`);
    if (typeof value?.key !== 'function') problems.push('counterpart.key must be a function of an instance');
    return problems;
  },
};
