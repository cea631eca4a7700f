import { performance } from 'node:perf_hooks';
import type { AppInfo, DatasetInfo } from '../../../shared/api/contract';
import type { Split } from '../../../shared/contract/run';
import { runCost } from '../analysis/cost';
import * as annotation from '../annotation/sets';
import { runReport } from '../analysis/run-report';
import { openTranscript } from '../analysis/transcripts';
import { BUNDLED_EDA, loadEdaDataset } from '../datasets/eda';
import { describeError } from '../players/errors';
import { createModel, type ModelFactory } from '../players/factory';
import { estimateRun } from '../runner/estimate';
import { parseRunConfig } from '../runner/prepare';
import type { Store } from '../store/store';
import { APP_VERSION } from '../version';
import { EventHub } from './events';
import { HumanSessions } from '../human/sessions';
import { registerExplore } from './explore-handlers';
import { HandlerRegistry } from './registry';
import { RunManager } from './run-manager';
import { keyEnvironment, type KeyVault } from './vault';
import { episodeSummary, keyNameOf, metricSummaries, modelProfile, runSummary } from './views';

export interface ApiServiceOptions {
  store: Store;
  vault: KeyVault;
  mode: AppInfo['mode'];
  env?: NodeJS.ProcessEnv;
  /** Tests inject scripted players; by default the real SDK-backed models. */
  createModel?: ModelFactory;
}

export interface ApiService {
  registry: HandlerRegistry;
  hub: EventHub;
  runs: RunManager;
  /** Stops runs in flight (resumable) before the process exits. */
  close(): Promise<void>;
}

const SPLITS: readonly Split[] = ['train', 'dev', 'test'];

/** Every handler of the API contract, over one store. The doors (IPC, HTTP) only carry messages. */
export function createApiService(options: ApiServiceOptions): ApiService {
  const { store, vault, mode } = options;
  const env = options.env ?? process.env;
  const hub = new EventHub();
  // Keys are looked up when a model is built, so a key saved in the UI applies to the next run.
  const factory = (): ModelFactory => {
    const base = options.createModel;
    if (base) return base;
    return (config, modelOptions) => createModel(config, modelOptions, keyEnvironment(vault, [keyNameOf(config)], env));
  };
  const runs = new RunManager(store, hub, factory);
  const registry = new HandlerRegistry();

  registry
    .handle('app.info', () => ({ version: APP_VERSION, mode, dbPath: store.path, keyStorage: vault.kind }))
    .handle('runs.list', () => store.listRuns().reverse().map((row) => runSummary(row, runs.isActive(row.id))))
    .handle('runs.get', ({ runId }) => {
      const { report, episodes } = runReport(store, runId);
      // runReport has already refused an unknown run.
      const row = store.listRuns(runId)[0]!;
      return {
        summary: runSummary(row, runs.isActive(runId)),
        config: row.config,
        seed: row.seed,
        appVersion: row.appVersion,
        repetitions: parseRunConfig(row.config).repetitions,
        metrics: metricSummaries(report),
        perRepetition: report.repetitions,
        errorsExcluded: report.errors,
        invalidExcluded: report.invalid,
        pending: report.unfinished,
        calls: store.countCalls(runId),
        costUsd: runCost(store.usage(runId), store.listPrices()).usd,
        errors: episodes
          .filter((e) => e.status === 'error')
          .map((e) => ({ episodeId: e.id, entity: e.entity, repetition: e.repetition, kind: e.errorKind, message: e.error })),
      };
    })
    .handle('runs.estimate', ({ config }) => estimateRun(store, config))
    .handle('runs.start', async ({ config }) => ({ runId: await runs.start(config) }))
    .handle('runs.cancel', ({ runId }) => ({ cancelled: runs.cancel(runId) }))
    .handle('runs.resume', async ({ runId }) => {
      await runs.resume(runId);
      return { runId };
    })
    .handle('runs.retryErrors', async ({ runId }) => ({ requeued: await runs.retryErrors(runId) }))
    .handle('episodes.list', ({ runId, search }) => {
      store.getRun(runId);
      const rows = store.listEpisodes(runId);
      const text = search?.trim();
      if (!text) return rows.map(episodeSummary);
      const asking = new Set(store.episodesAsking(runId, text));
      return rows.filter((row) => asking.has(row.id)).map(episodeSummary);
    })
    .handle('episodes.transcript', ({ episodeId }) => openTranscript(store, episodeId))
    .handle('calls.get', ({ callId }) => {
      const { runId: _run, episodeId: _episode, turnIdx: _turn, modelConfigId: _config, startedAt: _at, ...call } = store.getCall(callId);
      return call;
    })
    .handle('models.list', () => store.listProfiles().map((row) => modelProfile(row, (n) => vault.has(n), env)))
    .handle('models.save', ({ id, name, config, apiKey }) => {
      const row = store.saveProfile({ id, name, config });
      if (apiKey) vault.set(keyNameOf(config), apiKey);
      return modelProfile(row, (n) => vault.has(n), env);
    })
    .handle('models.remove', ({ id }) => ({ removed: store.removeProfile(id) }))
    .handle('models.test', async ({ id }) => {
      const profile = modelProfile(store.getProfile(id), (n) => vault.has(n), env);
      const started = performance.now();
      try {
        const model = factory()(profile.config, { retry: { maxAttempts: 1 } });
        const reply = await model.complete({ messages: [{ role: 'user', content: 'Reply with the single word OK.' }], temperature: 0, maxTokens: 1 });
        const latencyMs = Math.round(performance.now() - started);
        return { ok: true, latencyMs, message: `Connected in ${latencyMs} ms; the model replied "${reply.text}".` };
      } catch (error) {
        return { ok: false, latencyMs: null, message: describeError(error) };
      }
    })
    .handle('keys.remove', ({ name }) => ({ removed: vault.remove(name) }))
    .handle('datasets.list', () =>
      BUNDLED_EDA.map((name): DatasetInfo => {
        const splits = SPLITS.map((split) => ({ split, entities: loadEdaDataset({ name, split }).entities.length }));
        return { name, kind: name, splits };
      }),
    )
    .handle('datasets.entities', ({ name, split }) =>
      loadEdaDataset({ name, split }).entities.map((e, i) => ({ position: i + 1, name: e.name, aliases: e.aliases })),
    )
    .handle('annotations.preview', ({ spec }) => annotation.previewSet(store, spec))
    .handle('annotations.create', ({ name, spec }) => annotation.createSet(store, name, spec))
    .handle('annotations.list', () => store.listAnnotationSets().map(annotation.setSummary))
    .handle('annotations.get', ({ setId }) => annotation.setSummary(store.getAnnotationSet(setId)))
    .handle('annotations.queue', ({ setId, annotator, limit }) => annotation.queue(store, setId, annotator, limit))
    .handle('annotations.label', (input) => ({ progress: annotation.label(store, input) }))
    .handle('annotations.undo', ({ setId, annotator }) => annotation.undo(store, setId, annotator))
    .handle('annotations.results', ({ setId }) => annotation.results(store, setId))
    .handle('annotations.export', ({ setId, what, format }) => annotation.exportSet(store, setId, what, format));

  registerExplore(registry, store);
  const humans = new HumanSessions(store, factory, () => hub.emit({ type: 'runs-changed' }));
  const profileConfig = (id: number) => modelProfile(store.getProfile(id), (n) => vault.has(n), env).config;
  registry
    .handle('human.start', ({ handle, dataset, split, judgeModelId, hintModelId }) =>
      humans.state(humans.start({ handle, dataset, split, judge: profileConfig(judgeModelId), ...(hintModelId ? { hint: profileConfig(hintModelId) } : {}) })),
    )
    .handle('human.state', ({ episodeId }) => humans.state(episodeId))
    .handle('human.ask', ({ episodeId, question }) => humans.ask(episodeId, question))
    .handle('human.hint', ({ episodeId }) => humans.hint(episodeId))
    .handle('human.abandon', ({ episodeId }) => humans.abandon(episodeId))
    .handle('human.sessions', () =>
      store.humanEpisodes().map((e) => ({
        episodeId: e.id, runId: e.runId, player: e.players.guesser ?? '', entity: e.entity, dataset: e.datasetName, split: e.split,
        status: e.status, outcome: e.outcome, turns: e.metrics?.turns ?? null, invalid: e.invalid, finishedAt: e.finishedAt,
      })),
    )
    .handle('human.review', ({ episodeId, invalid }) => {
      store.setInvalid(episodeId, invalid);
      hub.emit({ type: 'runs-changed' });
      return { episodeId, invalid };
    });

  const missing = registry.missing();
  if (missing.length) throw new Error(`API methods without a handler: ${missing.join(', ')}`);
  return {
    registry,
    hub,
    runs,
    close: async () => {
      await humans.close();
      await runs.stopAll();
    },
  };
}
