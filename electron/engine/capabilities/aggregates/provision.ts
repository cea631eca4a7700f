/**
 * Aggregates: numbers a leaderboard row gets from its metric means (SimulBench's pairwise difference,
 * clembench-style scores). A game without them shows its metrics alone.
 */
import type { AggregateInfo } from '../../../../shared/contract/game';
import { capabilityOf, type CapabilityCheck } from '../../core/capability';
import type { Game } from '../../core/game';

/** A number per leaderboard row, computed from its metric means (pooled over episodes). */
export interface AggregateSpec extends AggregateInfo {
  compute(means: Readonly<Record<string, number | null>>): number | null;
}

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; aggregates read means only
  interface Provisions<S> {
    aggregates: readonly AggregateSpec[];
  }
}

/** The game's aggregates, none where it offers none. */
export function aggregatesOf(game: Pick<Game<unknown>, 'id'>): readonly AggregateSpec[] {
  return capabilityOf(game, 'aggregates') ?? [];
}

/** What the views are told of a game's aggregates: everything but how to compute them. */
export function aggregateInfos(game: Pick<Game<unknown>, 'id'>): AggregateInfo[] {
  return aggregatesOf(game).map(({ compute: _compute, ...info }) => info);
}

export const aggregatesCheck: CapabilityCheck<'aggregates'> = {
  key: 'aggregates',
  problems(value, game) {
    if (!Array.isArray(value) || value.length === 0) return ['aggregates must be a non-empty list (delete the file to offer none)'];
    const keys = [...game.metrics.map((m) => m.key), ...value.map((a) => a.key)];
    const problems = [...new Set(keys.filter((k, i) => keys.indexOf(k) !== i))].map((key) => `metric or aggregate "${key}" is declared twice`);
    for (const a of value) if (typeof a.compute !== 'function') problems.push(`aggregate "${a.key}" has no compute function`);
    return problems;
  },
  info: { field: 'aggregates', of: (_value, game) => aggregateInfos(game), none: [] },
};
