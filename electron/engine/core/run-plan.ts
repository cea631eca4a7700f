/**
 * A run plan: a run's config resolved once, at a door (a new config: `planOfNew`, `planOf`) or when a
 * stored run is read again (`planOfRun`), and the one place that does it. Every layer below takes the
 * plan instead of parsing the stored JSON and looking the game up again, so the game and its settings
 * are read one way only; a boundary test (test/unit/run-plan-boundary.test.ts) keeps it so.
 */
import { z } from 'zod';
import type { RoleSpec } from '../../../shared/contract/game';
import type { ModelConfig } from '../../../shared/contract/models';
import { allModels, describeZodError, type RunConfig } from '../../../shared/contract/run';
import { describeError } from '../errors';
import { gameById } from './catalog';
import type { Game } from './game';
import { parseNewRunConfig, parseRunConfig, RunConfigError } from './run-config';

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

/** A list of models is for a role several models fill, and within its bounds. */
function listProblems(role: RoleSpec, players: RunConfig['players'][string] | undefined, game: string): string[] {
  if (!Array.isArray(players)) return [];
  if (!role.several) return [`  - players.${role.id}: one model plays the ${role.label.toLowerCase()} of ${game}, not a list`];
  const { min, max } = role.several;
  if (players.length < min || players.length > max) return [`  - players.${role.id}: ${game} seats ${min} to ${max} models as ${role.label.toLowerCase()}s; the list has ${players.length}`];
  return [];
}

function gameNamed(id: string): Game<unknown> {
  try {
    return gameById(id);
  } catch (error) {
    throw new RunConfigError(describeError(error));
  }
}

/**
 * A config the core has checked, resolved: its game, with its settings parsed, every role given a
 * model and no other, and the repetitions (the config's, else the game's default: EDA 5, clembench 1).
 */
export function planOf(config: RunConfig): RunPlan {
  const game = gameNamed(config.game);
  const roles = game.roles.map((r) => r.id);
  const problems = [
    ...roles.filter((r) => !config.players[r]).map((r) => `  - players.${r}: say which model plays the ${r} (${game.shortTitle} needs ${roles.join(' and ')})`),
    ...Object.keys(config.players).filter((r) => !roles.includes(r)).map((r) => `  - players.${r}: ${game.shortTitle} has no role "${r}" (its roles: ${roles.join(', ')})`),
    ...game.roles.flatMap((r) => listProblems(r, config.players[r.id], game.shortTitle)),
    ...(config.batch?.roles ?? []).filter((r) => !roles.includes(r)).map((r) => `  - batch.roles: ${game.shortTitle} has no role "${r}" (its roles: ${roles.join(', ')})`),
  ];
  if (problems.length) throw new RunConfigError(`Invalid run config:\n${problems.join('\n')}`);
  let settings: unknown;
  try {
    settings = game.settings.parse(config.settings ?? {});
  } catch (error) {
    if (error instanceof z.ZodError) throw new RunConfigError(describeZodError(error, `${game.shortTitle} settings`));
    throw error;
  }
  return {
    game,
    settings,
    repetitions: config.repetitions ?? game.settings.repetitions,
    models: allModels(config.players),
    dataset: config.dataset,
    selection: { experiments: config.dataset.experiments, limit: config.limit },
    config,
  };
}

/** A config for a new run, from a door (the CLI, the API, a person's game): every name plain text, then resolved. */
export function planOfNew(input: unknown): RunPlan {
  return planOf(parseNewRunConfig(input));
}

/** A config built in the engine (a person's game, imported logs): checked by the core, then resolved. */
export function planOfConfig(input: unknown): RunPlan {
  return planOf(parseRunConfig(input));
}

// Plans of stored runs, by run id and config: a config changes only by a rescore that writes, which gives a new key.
const MEMO_LIMIT = 512;
const memo = new Map<string, RunPlan>();
const keyOf = (run: { id: number; config: unknown }) => `${run.id}\u0000${JSON.stringify(run.config)}`;

function remember(key: string, plan: RunPlan): RunPlan {
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(key, plan);
  return plan;
}

/** A stored run's plan: its config checked as when it was made, with the game this build has for it. */
export function planOfRun(run: { readonly id: number; readonly config: unknown }): RunPlan {
  const key = keyOf(run);
  const known = memo.get(key);
  if (known) return known;
  try {
    return remember(key, planOfConfig(run.config));
  } catch (error) {
    if (error instanceof RunConfigError) throw new RunConfigError(`Run ${run.id} cannot be read: ${error.message}`);
    throw error;
  }
}

/** A stored run's plan with some of its settings changed (a rescore's overrides); never remembered. */
export function planWithSettings(run: { readonly id: number; readonly config: unknown }, overrides: Readonly<Record<string, unknown>>): RunPlan {
  const { config } = planOfRun(run);
  return planOf({ ...config, settings: { ...(config.settings as Record<string, unknown> | undefined), ...overrides } });
}

/**
 * Records the plan of a run just stored, so reading the run back does not parse its settings again:
 * the stored config holds the parsed settings, which the plan already has.
 */
export function rememberStoredPlan(runId: number, stored: RunConfig, plan: RunPlan): RunPlan {
  return remember(keyOf({ id: runId, config: stored }), { ...plan, config: stored, dataset: stored.dataset, selection: { experiments: stored.dataset.experiments, limit: stored.limit } });
}
