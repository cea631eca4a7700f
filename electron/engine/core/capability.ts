/**
 * Capabilities: everything a game may offer beyond what every game needs (probes, last-move swaps,
 * annotation, images, presets…). The core knows none of them. Each capability declares the small
 * interface a game provides by adding a key to `Provisions` (declaration merging, in the capability's
 * own `provision.ts`); a game opts in with one file in its folder, `capabilities/<key>.ts`, whose default
 * export is `provide(game, key, value)`. Deleting that file takes the capability away from that game.
 */
import type { GameInfo } from '../../../shared/contract/game';
import type { Game } from './game';

/**
 * What a game provides, by capability key. Empty here: each capability adds its own entry, e.g.
 * `declare module '../../core/capability' { interface Provisions<S> { probing: ProbeHooks<S> } }`.
 * `S` is the game's settings type, so a provision is checked against the game it is for.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type -- filled and read by the capabilities' entries
export interface Provisions<S = unknown> {}

export type CapabilityKey = keyof Provisions;

/** One game's offer of one capability: the default export of `games/<folder>/capabilities/<key>.ts`. */
export interface Provision<K extends CapabilityKey = CapabilityKey> {
  readonly game: string;
  readonly capability: K;
  readonly value: Provisions[K];
}

/** A game's offer of a capability, typed against that game's settings. */
// The game's settings type is read from its `settings.parse`, so a provision's hooks get the game's settings.
export function provide<S, K extends CapabilityKey>(game: Pick<Game<S>, 'id' | 'settings'>, capability: K, value: Provisions<S>[K]): Provision<K> {
  // A provision is stored without its settings type: the catalog hands it back only for its own game.
  return { game: game.id, capability, value: value as unknown as Provisions[K] };
}

const provided = new Map<string, Map<CapabilityKey, unknown>>();

/** Records a game's provisions (the catalog does, when it registers the game); replaces earlier ones. */
export function recordProvisions(gameId: string, provisions: readonly Provision[]): void {
  provided.set(gameId, new Map(provisions.map((p) => [p.capability, p.value])));
}

/** What the game provides of a capability, or undefined when it does not opt in. */
export function capabilityOf<K extends CapabilityKey>(game: Pick<Game<unknown>, 'id'>, capability: K): Provisions[K] | undefined {
  return provided.get(game.id)?.get(capability) as Provisions[K] | undefined;
}

/** The capabilities a game opts into, by key. */
export function capabilitiesOf(game: Pick<Game<unknown>, 'id'>): CapabilityKey[] {
  return [...(provided.get(game.id)?.keys() ?? [])];
}

/**
 * How the catalog checks a capability a game provides, so a slip in a provision is a message naming
 * the game and the field. Each capability's `provision.ts` exports one; `capabilities/checks.ts` lists them.
 */
export interface CapabilityCheck<K extends CapabilityKey = CapabilityKey> {
  readonly key: K;
  /** Problems with the game's provision, in words; empty when it is sound. */
  problems(value: Provisions[K], game: Game<unknown>, provided: <O extends CapabilityKey>(key: O) => Provisions[O] | undefined): string[];
  /** What the app is told of the capability (`games.list`): one field of GameInfo, null for a game that does not provide it. */
  readonly info?: CapabilityInfo<K>;
}

/** One GameInfo field a capability fills from the game's provision. */
export type CapabilityInfo<K extends CapabilityKey = CapabilityKey> = {
  // A field that can be null is null for a game without the capability; any other field (a list) names what it is then.
  [F in keyof GameInfo]: { readonly field: F; of(value: Provisions[K], game: Game<unknown>): NonNullable<GameInfo[F]> } & (null extends GameInfo[F] ? { readonly none?: null } : { readonly none: GameInfo[F] });
}[keyof GameInfo];
