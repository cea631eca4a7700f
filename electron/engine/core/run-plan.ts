/**
 * A run plan: a run's config resolved once, at a door (a new config) or when a stored run is read
 * again (see `planOfRun` in games/run-plan.ts). Every layer below takes the plan instead of parsing
 * the stored JSON and looking the game up again, so the game and its settings are read one way only.
 */
import type { ModelConfig } from '../../../shared/contract/models';
import type { RunConfig } from '../../../shared/contract/run';
import type { Game } from './game';

/** A model in one of a game's roles: the member-th of the models the run names for that role. */
export interface PlannedModel {
  readonly role: string;
  readonly member: number;
  readonly model: ModelConfig;
}

/** Which instances a run plays of its dataset: some experiments, the first `limit` of each. */
export interface RunSelection {
  readonly experiments?: readonly string[];
  readonly limit?: number;
}

export interface RunPlan<S = unknown> {
  /** The game the config names, as this build registered it. */
  readonly game: Game<S>;
  /** The game's settings, parsed once by the game (its defaults filled in). */
  readonly settings: S;
  /** How often each instance is played: the config's, else the game's default. */
  readonly repetitions: number;
  /** Every model the run names, role by role, each role checked against the game's. */
  readonly models: readonly PlannedModel[];
  /** The data the run plays. */
  readonly dataset: RunConfig['dataset'];
  readonly selection: RunSelection;
  /** The config as validated once (the core's checks and the game's); its `settings` are the raw ones. */
  readonly config: RunConfig;
}

/** How the layers below the doors get a stored run's plan. */
export type RunPlanner = (run: { readonly id: number; readonly config: unknown }) => RunPlan;
