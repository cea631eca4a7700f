/**
 * Fixed subsets a game ships: named, seeded samples of its splits that every run and human game can
 * use (EDA: Things-30, Celebrities-30). A user's own fixed subsets need no provision: any game has them.
 */
import { capabilityOf, type CapabilityCheck } from '../../core/capability';
import { FIXED_NAME, type FixedSubsetSpec } from '../../core/fixed-subsets';
import type { Game } from '../../core/game';

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; a subset needs none
  interface Provisions<S> {
    'fixed-subsets': readonly FixedSubsetSpec[];
  }
}

/** The fixed subsets the game ships, none where it ships none. */
export function ownFixedSubsets(game: Pick<Game<unknown>, 'id'>): readonly FixedSubsetSpec[] {
  return capabilityOf(game, 'fixed-subsets') ?? [];
}

export const fixedSubsetsCheck: CapabilityCheck<'fixed-subsets'> = {
  key: 'fixed-subsets',
  problems(value, game) {
    if (!Array.isArray(value) || value.length === 0) return ['fixed-subsets must be a non-empty list (delete the file to offer none)'];
    const problems: string[] = [];
    const names = value.map((s) => s.name);
    for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) problems.push(`fixed subset "${name}" is declared twice`);
    for (const spec of value) {
      if (!FIXED_NAME.test(spec.name)) problems.push(`fixed subset "${spec.name}": a name is lowercase letters, digits, dots, dashes and underscores`);
      const bundled = game.datasets.bundled().find((d) => d.name === spec.dataset);
      if (!bundled) problems.push(`fixed subset "${spec.name}" samples dataset "${spec.dataset}", which the game does not bundle`);
      else if (!bundled.subsets.includes(spec.subset)) problems.push(`fixed subset "${spec.name}" samples subset "${spec.subset}", which ${spec.dataset} does not have`);
      if (!Number.isInteger(spec.size) || spec.size < 1) problems.push(`fixed subset "${spec.name}" has size ${spec.size}: a whole number of at least 1`);
    }
    return problems;
  },
};
