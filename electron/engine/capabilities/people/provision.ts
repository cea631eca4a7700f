/**
 * People: what a person taking a seat is told. Every game can be played by a person in a role the game
 * opens to people (`RoleSpec.human`), through the generic Play page and the human seat (`human/`),
 * which belong to the core; what a game adds here is the seat's instructions, shown beside the
 * conversation. A game without this capability is played the same way, with no instructions shown.
 */
import type { CapabilityCheck } from '../../core/capability';
import type { InstanceRow } from '../../core/game';

export interface PeopleHooks<S = unknown> {
  /** What a person in this seat is told to do (EDA's guesser: the rules; the judge: the entity to answer about). */
  instructions(seat: string, instance: InstanceRow, settings: S, datasetKind: string): string;
}

declare module '../../core/capability' {
  interface Provisions<S> {
    people: PeopleHooks<S>;
  }
}

export const peopleCheck: CapabilityCheck<'people'> = {
  key: 'people',
  problems: (value) => (typeof value?.instructions === 'function' ? [] : ['people.instructions must be a function of the seat, instance, settings and dataset kind']),
};
