import { modelLabel, type ModelConfig } from '../../../shared/contract/models';
import { describeZodError, RunConfigSchema, type RunConfig } from '../../../shared/contract/run';
import { priceFor } from '../analysis/cost';
import { loadTopics } from '../datasets/topics';
import { loadEdaDataset, type LoadedDataset } from '../datasets/eda';
import type { DatasetProblem } from '../datasets/validate';
import { edaGame } from '../games/eda/game';
import { describeError, ProviderError } from '../players/errors';
import { createModel, type ModelFactory } from '../players/factory';
import type { ChatModel } from '../players/types';
import type { Store } from '../store/store';
import { APP_VERSION } from '../version';
import { episodeSeed, randomRunSeed } from './seeds';

export class RunConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunConfigError';
  }
}

/** A provider problem found before any episode was played. */
export class PreflightError extends Error {
  constructor(readonly failures: { role: string; error: ProviderError }[]) {
    super(
      `The run was not started: ${failures.length === 1 ? 'a model is' : 'some models are'} not usable.\n` +
        failures.map((f) => `  - ${f.role}: ${f.error.message}`).join('\n'),
    );
    this.name = 'PreflightError';
  }
}

export function parseRunConfig(input: unknown): RunConfig {
  const parsed = RunConfigSchema.safeParse(input);
  if (!parsed.success) throw new RunConfigError(describeZodError(parsed.error, 'run config'));
  return parsed.data;
}

/** Builds one model per role, turning a missing key or unusable config into a clear error. */
export function buildModels(config: RunConfig, factory: ModelFactory): Record<string, ChatModel> {
  const failures: { role: string; error: ProviderError }[] = [];
  const models: Record<string, ChatModel> = {};
  for (const [role, modelConfig] of Object.entries(config.players)) {
    try {
      models[role] = factory(modelConfig);
    } catch (error) {
      failures.push({ role, error: asProviderError(error) });
    }
  }
  if (failures.length) throw new PreflightError(failures);
  return models;
}

const PERMANENT = new Set(['missing_key', 'auth', 'model_not_found', 'bad_request', 'connection', 'internal']);

/**
 * One tiny call per distinct model, so a wrong key, model id or URL fails now, not after
 * hours of episodes. Transient failures (5xx, 429, timeouts) only warn.
 */
export async function preflight(
  store: Store,
  config: RunConfig,
  models: Record<string, ChatModel>,
  warn: (message: string) => void,
): Promise<void> {
  const failures: { role: string; error: ProviderError }[] = [];
  const checked = new Map<string, ChatModel>();
  for (const [role, model] of Object.entries(models)) {
    const modelConfig = config.players[role as keyof RunConfig['players']];
    const key = JSON.stringify(modelConfig);
    if (checked.has(key)) continue;
    checked.set(key, model);
    const modelConfigId = store.ensureModelConfig(modelConfig);
    try {
      await model.complete(
        { messages: [{ role: 'user', content: 'Reply with the single word OK.' }], temperature: 0, maxTokens: 1 },
        { onAttempt: (a) => store.recordCall({ ...a, runId: null, episodeId: null, turnIdx: null, role: 'preflight', modelConfigId }) },
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

/** Stores a dataset's entities (with their topics, for the bundled lists) and returns their rows. */
export function storeEntities(store: Store, dataset: LoadedDataset, entities: LoadedDataset['entities'] = dataset.entities) {
  const datasetId = store.upsertDataset(dataset.name, dataset.kind, dataset.source);
  const topics = dataset.source.startsWith('bundled:') ? loadTopics(dataset.kind) : new Map<string, Record<string, string>>();
  const rows = store.upsertEntities(datasetId, dataset.split, entities.map((e) => ({ ...e, topics: topics.get(`${dataset.split}\u0000${e.line}`) ?? null })));
  return { datasetId, rows };
}

/** Validates a config, loads its dataset, checks its models and stores the run with every episode pending. */
export async function prepareRun(store: Store, input: unknown, options: PrepareOptions = {}): Promise<PreparedRun> {
  const config = parseRunConfig(input);
  if (config.budgetUsd !== undefined) {
    const prices = store.listPrices();
    const unpriced = Object.values(config.players).filter((m) => !priceFor(prices, m.provider, m.model));
    if (unpriced.length) {
      throw new RunConfigError(
        `A budget needs a price for every model; none is set for ${unpriced.map(modelLabel).join(', ')}. ` +
          `Set one with: parlor prices set ${modelLabel(unpriced[0]!)} <input $/Mtok> <output $/Mtok>`,
      );
    }
  }
  const dataset = loadEdaDataset(config.dataset);
  const factory = options.createModel ?? createModel;
  const models = buildModels(config, (c) => factory(c, { cacheMode: config.cache }));
  // A replay from the cache calls no provider, so there is nothing to check.
  if (config.preflight && config.cache !== 'only') await preflight(store, config, models, options.warn ?? (() => {}));

  const seed = config.seed ?? randomRunSeed();
  const entities = config.limit ? dataset.entities.slice(0, config.limit) : dataset.entities;
  const stored = { ...config, seed, dataset: { ...config.dataset, kind: dataset.kind } };
  const runId = store.transaction(() => {
    const { datasetId, rows } = storeEntities(store, dataset, entities);
    const players = Object.fromEntries(
      Object.entries(config.players).map(([role, modelConfig]) => [role, playerFor(store, modelConfig)]),
    );
    const episodes = [];
    for (let repetition = 1; repetition <= config.repetitions; repetition++) {
      for (const entity of rows) episodes.push({ entityId: entity.id, repetition, seed: episodeSeed(seed, entity.line, repetition) });
    }
    return store.createRun({
      name: config.name ?? null,
      game: edaGame.id,
      datasetId,
      split: dataset.split,
      config: stored,
      seed,
      appVersion: APP_VERSION,
      players,
      episodes,
    });
  });
  return { runId, config: stored, warnings: dataset.problems, datasetSource: dataset.source };
}

export function playerFor(store: Store, config: ModelConfig): number {
  const modelConfigId = store.ensureModelConfig(config);
  const kind = config.provider === 'scripted' || config.provider === 'human' ? config.provider : 'model';
  return store.ensurePlayer(kind, modelLabel(config), modelConfigId);
}
