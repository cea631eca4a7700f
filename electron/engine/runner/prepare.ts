/** Before anything is played: the config is checked by the core and the game, data loaded, models tried. */
import { modelLabel, type ModelConfig } from '../../../shared/contract/models';
import { allModels, type RunConfig } from '../../../shared/contract/run';
import { priceFor } from '../analysis/cost';
import type { DatasetProblem, Game, InstanceRow, LoadedDataset } from '../core/game';
import { RunConfigError } from '../core/run-config';
import type { RunPlan } from '../core/run-plan';
import { seatPlan, type EpisodeDraw } from '../core/seat-plan';
import { playerIds } from '../store/players';
import type { StoredRunConfig } from '../core/run-config';
import { capabilityOf } from '../core/capability';
import { cannotPlay } from '../capabilities/images/cannot-play';
import { imagesForRun } from '../capabilities/images/prepare';
import { experimentsOf, selectInstances } from '../core/selection';
import { inShard, SHARD_NEEDS_SEED, shardedRunUid, type Shard } from './shard';
import { instancesOf, resolveFixed } from './fixed-subsets';
import { episodeSeed, randomRunSeed } from '../core/seeds';
import { describeError, UserError } from '../errors';
import { planOfNew, rememberStoredPlan } from '../core/run-plan';
import { ProviderError } from '../players/errors';
import { builtinModel } from '../capabilities/builtins/model';
import { createModel, type ModelFactory } from '../players/factory';
import type { CallAttempt, ChatModel } from '../players/types';
import type { Store } from '../store/store';
import { APP_VERSION } from '../version';

/** A provider problem found before any episode was played. */
export class PreflightError extends UserError {
  constructor(readonly failures: { role: string; error: ProviderError }[]) {
    super(
      `The run was not started: ${failures.length === 1 ? 'a model is' : 'some models are'} not usable.\n` +
        failures.map((f) => `  - ${f.role}: ${f.error.message}`).join('\n'),
      'provider',
    );
    this.name = 'PreflightError';
  }
}

/** How a failure names a model: its role, and its place in the role's list when several models fill it. */
export function slotName(role: string, member: number, listed: boolean): string {
  return listed ? `${role} ${member + 1}` : role;
}

/** The key of a role's member-th model in the models `buildModels` returns. */
export const slotKey = (role: string, member: number): string => `${role}#${member}`;

/** Builds one model per role and member (a game's built-in player for `builtin`), turning a missing key or unusable config into a clear error. */
export function buildModels(config: RunConfig, factory: ModelFactory, game: Pick<Game<unknown>, 'id' | 'shortTitle'>): Record<string, ChatModel> {
  const failures: { role: string; error: ProviderError }[] = [];
  const models: Record<string, ChatModel> = {};
  for (const { role, member, model: modelConfig } of allModels(config.players)) {
    try {
      models[slotKey(role, member)] = modelConfig.provider === 'builtin' ? builtinModel(game, role, modelConfig) : factory(modelConfig);
    } catch (error) {
      failures.push({ role: slotName(role, member, Array.isArray(config.players[role])), error: asProviderError(error) });
    }
  }
  if (failures.length) throw new PreflightError(failures);
  return models;
}

/** The model of each of a run's seats, from the models `buildModels` made. */
export function seatModels(seats: readonly { seat: string; role: string; member: number }[], models: Readonly<Record<string, ChatModel>>): Record<string, ChatModel> {
  return Object.fromEntries(seats.map((s) => [s.seat, models[slotKey(s.role, s.member)] ?? models[slotKey(s.role, 0)]!]));
}

const PERMANENT = new Set(['missing_key', 'auth', 'model_not_found', 'bad_request', 'connection', 'internal']);

/** The preflight's calls, kept in memory until the run is stored: a refused run writes nothing. */
export type PreflightCalls = { modelConfig: ModelConfig; attempt: CallAttempt }[];

/**
 * One tiny call per distinct model, so a wrong key, model id or URL fails now, not after
 * hours of episodes. Transient failures (5xx, 429, timeouts) only warn. Returns the calls made, to be
 * recorded once the run is stored (`recordPreflight`).
 */
export async function preflight(config: RunConfig, models: Record<string, ChatModel>, warn: (message: string) => void): Promise<PreflightCalls> {
  const failures: { role: string; error: ProviderError }[] = [];
  const checked = new Set<string>();
  const calls: PreflightCalls = [];
  for (const { role, member, model: modelConfig } of allModels(config.players)) {
    const model = models[slotKey(role, member)]!;
    const key = JSON.stringify(modelConfig);
    // A built-in player has no provider that could be down or misconfigured.
    if (checked.has(key) || modelConfig.provider === 'builtin') continue;
    checked.add(key);
    try {
      await model.complete(
        { messages: [{ role: 'user', content: 'Reply with the single word OK.' }], temperature: 0, maxTokens: 1 },
        { onAttempt: (attempt) => calls.push({ modelConfig, attempt }) },
      );
    } catch (error) {
      const failure = asProviderError(error);
      const name = slotName(role, member, Array.isArray(config.players[role]));
      if (PERMANENT.has(failure.kind)) failures.push({ role: name, error: failure });
      else warn(`preflight of ${name} (${modelLabel(modelConfig)}) hit a transient error, starting anyway: ${failure.message}`);
    }
  }
  if (failures.length) throw new PreflightError(failures);
  return calls;
}

/** Stores the preflight's calls (outside any run, as before any run existed). */
export function recordPreflight(store: Store, calls: PreflightCalls): void {
  for (const { modelConfig, attempt } of calls) {
    store.models.recordCall({ ...attempt, runId: null, episodeId: null, round: null, role: 'preflight', modelConfigId: store.models.ensureConfig(modelConfig) });
  }
}

function asProviderError(error: unknown): ProviderError {
  return error instanceof ProviderError ? error : new ProviderError('internal', describeError(error));
}

export interface PreparedRun {
  runId: number;
  config: RunConfig;
  warnings: DatasetProblem[];
  datasetSource: string;
}

export interface PrepareOptions {
  createModel?: ModelFactory;
  warn?: (message: string) => void;
  /** Store and play only this shard's share of the run's episodes (`--shard i/n`). */
  shard?: Shard;
}

/** Stores a game's dataset subset and returns its instance rows in order. */
export function storeInstances(store: Store, game: Game<unknown>, dataset: LoadedDataset, instances: readonly LoadedDataset['instances'][number][] = dataset.instances): { datasetId: number; rows: InstanceRow[] } {
  const datasetId = store.datasets.upsert({ game: game.id, name: dataset.name, kind: dataset.kind, source: dataset.source, contentHash: dataset.contentHash });
  return { datasetId, rows: store.datasets.upsertInstances(datasetId, dataset.subset, instances) };
}

/** Validates a new run's config (a door's input), then prepares it as `preparePlannedRun`. */
// Async, so a config it refuses is a rejected promise, as it always was, never a throw.
export async function prepareRun(store: Store, input: unknown, options: PrepareOptions = {}): Promise<PreparedRun> {
  return preparePlannedRun(store, planOfNew(input), options);
}

/** Loads a planned run's dataset, checks its models and stores the run with every episode pending. */
export async function preparePlannedRun(store: Store, plan: RunPlan, options: PrepareOptions = {}): Promise<PreparedRun> {
  const { config, game, settings, repetitions } = plan;
  if (config.budgetUsd !== undefined) {
    const prices = store.models.listPrices();
    const unpriced = allModels(config.players).map((m) => m.model).filter((m) => !priceFor(prices, m.provider, m.model));
    if (unpriced.length) {
      throw new RunConfigError(
        `A budget needs a price for every model; none is set for ${unpriced.map(modelLabel).join(', ')}. ` +
          `Set one with: parlor prices set ${modelLabel(unpriced[0]!)} <input $/Mtok> <output $/Mtok>`,
      );
    }
  }
  const { ref, fixed } = resolveFixed(store, game, config.dataset);
  const dataset = game.datasets.load(ref);
  // Every shard must draw the same episodes: a seed drawn on each machine would give n different runs.
  if (options.shard && config.seed === undefined) throw new RunConfigError(SHARD_NEEDS_SEED);
  const seed = config.seed ?? randomRunSeed();
  const stored: StoredRunConfig = { ...config, seed, settings, repetitions, dataset: { ...config.dataset, subset: dataset.subset, kind: dataset.kind } };
  let instances = selectInstances(instancesOf(dataset.instances, fixed), plan.selection);
  const unplayable = cannotPlay(game, config.players);
  // Recorded as clembench records it: the run exists, nothing is played, nothing is called.
  if (unplayable) return { runId: storedPlanned(store, plan, stored, dataset, instances, { episodes: false }), config: stored, warnings: [...dataset.problems, { severity: 'warning', line: 0, message: unplayable }], datasetSource: dataset.source };

  const factory = options.createModel ?? createModel;
  const models = buildModels(config, (c) => factory(c, { cacheMode: config.cache }), game);
  const warnings = [...dataset.problems];
  const images = capabilityOf(game, 'images');
  if (images) {
    const found = await imagesForRun(store, images, settings, dataset, instances, config, Object.values(models));
    instances = found.instances;
    if (found.leftOut.length) {
      warnings.push({ severity: 'warning', line: 0, message: `left out for missing images: ${found.leftOut.join(', ')}` });
      // The stored config says what was played, so a replay or a resume plays the same experiments.
      stored.dataset = { ...stored.dataset, experiments: experimentsOf(instances) };
    }
  }
  // A replay from the cache calls no provider, so there is nothing to check.
  const checked = config.preflight && config.cache !== 'only' ? await preflight(config, models, options.warn ?? (() => {})) : [];

  const runId = storedPlanned(store, plan, stored, dataset, instances, { shard: options.shard ?? null });
  recordPreflight(store, checked);
  return { runId, config: stored, warnings, datasetSource: dataset.source };
}

/** Stores the run as `storeRun` does, and keeps its plan: the run is read back without parsing its settings again. */
function storedPlanned(store: Store, plan: RunPlan, stored: StoredRunConfig, dataset: LoadedDataset, instances: readonly LoadedDataset['instances'][number][], options: { episodes?: boolean; shard?: Shard | null }): number {
  const runId = storeRun(store, plan.game, stored, dataset, instances, options);
  rememberStoredPlan(runId, stored, plan);
  return runId;
}

/** Stores a checked run (config with its seed, repetitions and settings) with every episode pending; returns its id. */
export function storeRun(store: Store, game: Game<unknown>, config: StoredRunConfig, dataset: LoadedDataset, instances: readonly LoadedDataset['instances'][number][], options: { episodes?: boolean; shard?: Shard | null } = {}): number {
  return store.transaction(() => {
    const { datasetId, rows } = storeInstances(store, game, dataset, instances);
    const draws: EpisodeDraw[] = [];
    for (let repetition = 1; options.episodes !== false && repetition <= config.repetitions; repetition++) {
      for (const instance of rows) draws.push({ instance, repetition, seed: episodeSeed(config.seed, instance.key, repetition) });
    }
    // A run with no episodes still names its seats: those of its first instance's first episode.
    const plan = seatPlan(game, config.settings, draws.length ? draws : rows.slice(0, 1).map((instance) => ({ instance, repetition: 1, seed: episodeSeed(config.seed, instance.key, 1) })), playerIds(store, config.players));
    // Seats are planned over the whole draw, then shared out: a shard's episodes are seated as in the whole run.
    const shard = options.shard ?? null;
    const episodes = draws.map((d, k) => ({ instanceId: d.instance.id, repetition: d.repetition, seed: d.seed, seats: plan.byEpisode[k] })).filter((_, k) => inShard(k, shard));
    const uid = shard ? shardedRunUid(config, shard) : undefined;
    const existing = uid === undefined ? null : store.runs.idByUid(uid);
    if (existing !== null) throw new RunConfigError(`This database already holds this sharded run (run ${existing}: a shard of it, or shards merged): give each shard its own database file, or continue run ${existing} with parlor run --resume ${existing}.`);
    return store.runs.create({ uid, name: config.name ?? null, game: game.id, datasetId, subset: dataset.subset, config, seed: config.seed, appVersion: APP_VERSION, seats: plan.seats, episodes });
  });
}
