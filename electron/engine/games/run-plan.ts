/**
 * The one place a run's config becomes a plan: a new config at a door (`planOfNew`, `planOf`) and a
 * stored run read again (`planOfRun`). Nothing below the doors parses a stored config or looks its
 * game up by itself; a boundary test (test/unit/run-plan-boundary.test.ts) keeps it so.
 */
import { z } from 'zod';
import { allModels, describeZodError, type RunConfig } from '../../../shared/contract/run';
import type { RoleSpec } from '../../../shared/contract/game';
import type { Game } from '../core/game';
import type { RunPlan } from '../core/run-plan';
import { parseNewRunConfig, parseRunConfig, RunConfigError } from '../core/run-config';
import { describeError } from '../errors';
import { gameById } from './registry';

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
