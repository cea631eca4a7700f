/**
 * What the CLI's `run` command reads of a game to build its flags and its help: the one place it
 * looks into the game's self-description, so the command knows no game by name.
 */
import { capabilityOf } from '../engine/core/capability';
import type { RoleSpec, RunPreset } from '../../shared/contract/game';
import type { Game } from '../engine/core/game';
import { subsetShape } from '../engine/core/selection';
import { ownFixedSubsets } from '../engine/capabilities/fixed-subsets/provision';
import { presetsOf } from '../engine/capabilities/presets/provision';

export interface GameDescription {
  id: string;
  title: string;
  shortTitle: string;
  roles: readonly RoleSpec[];
  /** Roles a built-in player can take (`builtin:reference`). */
  builtinRoles: readonly string[];
  defaultRepetitions: number;
  /** The settings a run plays without `--set` (the paper's). */
  defaultSettings: unknown;
  datasets: readonly { name: string; title: string; kind: string; subsets: readonly string[]; defaultSubset: string }[];
  fixedSubsets: readonly { name: string; dataset: string; subset: string; size: number; seed: number; note?: string }[];
  presets: readonly RunPreset[];
  /** A subset's instances and experiments; it loads the data, so only help asks. */
  shape(dataset: string, subset: string): { instances: number; experiments: string[] };
}

export function describeGame(game: Game<unknown>): GameDescription {
  return {
    id: game.id,
    title: game.title,
    shortTitle: game.shortTitle,
    roles: game.roles,
    builtinRoles: Object.keys(capabilityOf(game, 'builtins') ?? {}),
    defaultRepetitions: game.settings.repetitions,
    defaultSettings: game.settings.parse({}),
    datasets: game.datasets.bundled().map((d) => ({ ...d, defaultSubset: d.defaultSubset ?? d.subsets[0] ?? '' })),
    fixedSubsets: ownFixedSubsets(game),
    presets: presetsOf(game),
    shape: (dataset, subset) => subsetShape(game, dataset, subset),
  };
}
