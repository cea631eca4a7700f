/** Before anything is played: the config is checked by the core and the game, data loaded, models tried. */
import { modelLabel, type ModelConfig } from '../../../shared/contract/models';
import { ImageSourcesSchema, type RunConfig } from '../../../shared/contract/run';
import { priceFor } from '../analysis/cost';
import { unstoredRow, type DatasetProblem, type Game, type InstanceRow, type LoadedDataset } from '../core/game';
import { parseRunConfig, RunConfigError } from '../core/run-config';
import { cannotPlay } from '../core/image-input';
import { experimentsOf, selectInstances } from '../core/selection';
import { checkImages, experimentKey, MissingImagesError } from '../media/check';
import { unsendableImages } from './fit-images';
import { episodeSeed, randomRunSeed } from '../core/seeds';
import { describeError, UserError } from '../errors';
import { gameOf } from '../games/registry';
import { ProviderError } from '../players/errors';
import { BuiltinModel } from '../players/builtin';
import { createModel, type ModelFactory } from '../players/factory';
import type { ChatModel } from '../players/types';
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

/** Builds one model per role (a game's built-in player for `builtin`), turning a missing key or unusable config into a clear error. */
export function buildModels(config: RunConfig, factory: ModelFactory, game: Pick<Game<unknown>, 'id' | 'shortTitle' | 'builtins'>): Record<string, ChatModel> {
  const failures: { role: string; error: ProviderError }[] = [];
  const models: Record<string, ChatModel> = {};
  for (const [role, modelConfig] of Object.entries(config.players)) {
    try {
      models[role] = modelConfig.provider === 'builtin' ? builtinModel(game, role, modelConfig) : factory(modelConfig);
    } catch (error) {
      failures.push({ role, error: asProviderError(error) });
    }
  }
  if (failures.length) throw new PreflightError(failures);
  return models;
}

/** The game's own player for a role, or a clear error when it has none by that name. */
function builtinModel(game: Pick<Game<unknown>, 'shortTitle' | 'builtins'>, role: string, config: ModelConfig): ChatModel {
  const policy = config.model === 'reference' ? game.builtins?.[role] : undefined;
  if (policy) return new BuiltinModel(modelLabel(config), policy);
  const roles = Object.keys(game.builtins ?? {});
  throw new ProviderError(
    'model_not_found',
    roles.length === 0
      ? `${game.shortTitle} has no built-in players: choose a model for the ${role}.`
      : `No built-in player "${config.model}" for the ${role} of ${game.shortTitle}: use builtin:reference (built-in roles: ${roles.join(', ')}).`,
  );
}

const PERMANENT = new Set(['missing_key', 'auth', 'model_not_found', 'bad_request', 'connection', 'internal']);

/**
 * One tiny call per distinct model, so a wrong key, model id or URL fails now, not after
 * hours of episodes. Transient failures (5xx, 429, timeouts) only warn.
 */
export async function preflight(store: Store, config: RunConfig, models: Record<string, ChatModel>, warn: (message: string) => void): Promise<void> {
  const failures: { role: string; error: ProviderError }[] = [];
  const checked = new Set<string>();
  for (const [role, model] of Object.entries(models)) {
    const modelConfig = config.players[role]!;
    const key = JSON.stringify(modelConfig);
    // A built-in player has no provider that could be down or misconfigured.
    if (checked.has(key) || modelConfig.provider === 'builtin') continue;
    checked.add(key);
    const modelConfigId = store.models.ensureConfig(modelConfig);
    try {
      await model.complete(
        { messages: [{ role: 'user', content: 'Reply with the single word OK.' }], temperature: 0, maxTokens: 1 },
        { onAttempt: (a) => store.models.recordCall({ ...a, runId: null, episodeId: null, round: null, role: 'preflight', modelConfigId }) },
      );
    } catch (error) {
      const failure = asProviderError(error);
      if (PERMANENT.has(failure.kind)) failures.push({ role, error: failure });
      else warn(`preflight of ${role} (${modelLabel(modelConfig)}) hit a transient error, starting anyway: ${failure.message}`);
    }
  }
  if (failures.length) throw new PreflightError(failures);
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
}

/** Stores a game's dataset subset and returns its instance rows in order. */
export function storeInstances(store: Store, game: Game<unknown>, dataset: LoadedDataset, instances: readonly LoadedDataset['instances'][number][] = dataset.instances): { datasetId: number; rows: InstanceRow[] } {
  const datasetId = store.datasets.upsert({ game: game.id, name: dataset.name, kind: dataset.kind, source: dataset.source, contentHash: dataset.contentHash });
  return { datasetId, rows: store.datasets.upsertInstances(datasetId, dataset.subset, instances) };
}

export function playerFor(store: Store, config: ModelConfig): number {
  const modelConfigId = store.models.ensureConfig(config);
  const kind = config.provider === 'scripted' || config.provider === 'human' ? config.provider : 'model';
  return store.models.ensurePlayer(kind, modelLabel(config), modelConfigId);
}

/** Who sits where: a seat's player is the model of its role, the same in every episode of a run. */
export function seatPlan(game: Game<unknown>, settings: unknown, instances: readonly InstanceRow[], players: Record<string, number>) {
  const byInstance = new Map(instances.map((i) => [i.id, game.seats(i, settings).map((s) => ({ ...s, playerId: players[s.role]! }))]));
  const runSeats = new Map<string, { seat: string; role: string; playerId: number }>();
  for (const seats of byInstance.values()) {
    for (const s of seats) {
      const known = runSeats.get(s.seat);
      if (known && known.role !== s.role) throw new Error(`${game.id}: seat ${s.seat} has role ${known.role} in one episode and ${s.role} in another; a seat keeps its role within a run.`);
      runSeats.set(s.seat, { seat: s.seat, role: s.role, playerId: s.playerId });
    }
  }
  return { seats: [...runSeats.values()], byInstance };
}

/** Validates a config, loads its dataset, checks its models and stores the run with every episode pending. */
export async function prepareRun(store: Store, input: unknown, options: PrepareOptions = {}): Promise<PreparedRun> {
  const config = parseRunConfig(input);
  const { game, settings, repetitions } = gameOf(config);
  if (config.budgetUsd !== undefined) {
    const prices = store.models.listPrices();
    const unpriced = Object.values(config.players).filter((m) => !priceFor(prices, m.provider, m.model));
    if (unpriced.length) {
      throw new RunConfigError(
        `A budget needs a price for every model; none is set for ${unpriced.map(modelLabel).join(', ')}. ` +
          `Set one with: parlor prices set ${modelLabel(unpriced[0]!)} <input $/Mtok> <output $/Mtok>`,
      );
    }
  }
  const dataset = game.datasets.load(config.dataset);
  const seed = config.seed ?? randomRunSeed();
  const stored: StoredRunConfig = { ...config, seed, settings, repetitions, dataset: { ...config.dataset, subset: dataset.subset, kind: dataset.kind } };
  let instances = selectInstances(dataset.instances, { experiments: config.dataset.experiments, limit: config.limit });
  const unplayable = cannotPlay(game, config.players);
  // Recorded as clembench records it: the run exists, nothing is played, nothing is called.
  if (unplayable) return { runId: storeRun(store, game, stored, dataset, instances, { episodes: false }), config: stored, warnings: [...dataset.problems, { severity: 'warning', line: 0, message: unplayable }], datasetSource: dataset.source };

  const factory = options.createModel ?? createModel;
  const models = buildModels(config, (c) => factory(c, { cacheMode: config.cache }), game);
  const warnings = [...dataset.problems];
  if (game.images) {
    const wanted = experimentsOf(instances);
    instances = await imagesOrRefuse(store, game, settings, dataset, instances, config);
    const kept = experimentsOf(instances);
    const skipped = wanted.filter((e) => !kept.includes(e));
    if (skipped.length) {
      warnings.push({ severity: 'warning', line: 0, message: `left out for missing images: ${skipped.join(', ')}` });
      // The stored config says what was played, so a replay or a resume plays the same experiments.
      stored.dataset = { ...stored.dataset, experiments: kept };
    }
    // Every image as each provider will get it, converted now if need be: never refused mid-episode.
    const names = instances.flatMap((i, position) => game.images!.of(unstoredRow(i, dataset.subset, position), settings));
    const unsendable = await unsendableImages(store, names, Object.values(models));
    if (unsendable.length) throw new UserError(`The run was not started: ${unsendable.length === 1 ? 'an image cannot' : 'some images cannot'} be sent as the providers take them.\n${unsendable.map((u) => `  - ${u}`).join('\n')}`);
  }
  // A replay from the cache calls no provider, so there is nothing to check.
  if (config.preflight && config.cache !== 'only') await preflight(store, config, models, options.warn ?? (() => {}));

  const runId = storeRun(store, game, stored, dataset, instances);
  return { runId, config: stored, warnings, datasetSource: dataset.source };
}

/** Finds and stores every image the instances need; refuses the run while one is missing, or keeps only complete experiments when told to skip. */
async function imagesOrRefuse(store: Store, game: Game<unknown>, settings: unknown, dataset: LoadedDataset, instances: LoadedDataset['instances'], config: RunConfig): Promise<LoadedDataset['instances']> {
  const sources = ImageSourcesSchema.parse(config.images ?? {});
  const rows = instances.map((i, position) => unstoredRow(i, dataset.subset, position));
  const check = await checkImages(store, game, settings, rows, sources);
  if (check.missing.length === 0) return instances;
  if (sources.missing === 'skip' && check.complete.length > 0) return instances.filter((i) => check.complete.includes(experimentKey(i)));
  throw new MissingImagesError(check, game.images?.hint);
}

/** A config as a run stores it: its seed and repetitions chosen. */
export type StoredRunConfig = RunConfig & { seed: number; repetitions: number };

/** Stores a checked run (config with its seed, repetitions and settings) with every episode pending; returns its id. */
export function storeRun(store: Store, game: Game<unknown>, config: StoredRunConfig, dataset: LoadedDataset, instances: readonly LoadedDataset['instances'][number][], options: { episodes?: boolean } = {}): number {
  return store.transaction(() => {
    const { datasetId, rows } = storeInstances(store, game, dataset, instances);
    const players = Object.fromEntries(Object.entries(config.players).map(([role, modelConfig]) => [role, playerFor(store, modelConfig)]));
    const plan = seatPlan(game, config.settings, rows, players);
    const episodes = [];
    for (let repetition = 1; options.episodes !== false && repetition <= config.repetitions; repetition++) {
      for (const instance of rows) episodes.push({ instanceId: instance.id, repetition, seed: episodeSeed(config.seed, instance.key, repetition), seats: plan.byInstance.get(instance.id) });
    }
    return store.runs.create({ name: config.name ?? null, game: game.id, datasetId, subset: dataset.subset, config, seed: config.seed, appVersion: APP_VERSION, seats: plan.seats, episodes });
  });
}
