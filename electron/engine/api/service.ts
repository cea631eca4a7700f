import type { AppInfo, DatasetInfo } from '../../../shared/api/views';
import { mediaSha } from '../../../shared/contract/content';
import { planOfRun } from '../core/run-plan';
import { runCostView } from '../analysis/cost';
import { runReport } from '../analysis/run-report';
import { applyAnnotations } from '../analysis/apply-annotations';
import { openTranscript } from './transcripts';
import { episodeBundle } from './episode-bundle';
import * as annotation from '../annotation/sets';
import { UserError } from '../errors';
import { allGames, brokenGames, gameById } from '../games/registry';
import { runFile } from '../runner/run-files';
import { createModel, type ModelFactory } from '../players/factory';
import { estimateRunChecked } from '../runner/estimate';
import { subsetShape } from '../core/selection';
import { unstoredRow } from '../core/game';
import type { Store } from '../store/store';
import { APP_VERSION } from '../version';
import { EventHub } from './events';
import { watchStore } from './store-watch';
import { registerExplore } from './explore-handlers';
import { registerDatasets } from './datasets-handlers';
import { registerRuns } from './runs-handlers';
import { registerTranscripts } from './transcript-handlers';
import { registerAnnotation } from './annotation-handlers';
import { registerMerge } from './merge-handlers';
import { registerModels } from './models-handlers';
import { ProfileKeys } from './profile-keys';
import { registerHuman } from './human-handlers';
import { registerNav } from './nav-handlers';
import { registerSuites } from './suite-handlers';
import { HandlerRegistry } from '../rpc/registry';
import type { HandlerContext } from '../rpc/context';
import { CAPABILITIES } from '../capabilities';
import { RunManager } from './run-manager';
import type { KeyVault } from './vault';
import { episodeSummary, gameInfo, instanceView, metricSummaries, runSummary } from './views';

export interface ApiServiceOptions {
  store: Store;
  vault: KeyVault;
  mode: AppInfo['mode'];
  env?: NodeJS.ProcessEnv;
  /** Tests inject scripted players; by default the real SDK-backed models. */
  createModel?: ModelFactory;
  /** How often the file is checked for runs another process changed (store-watch.ts); 1 s by default. */
  watchMs?: number;
}

export interface ApiService {
  registry: HandlerRegistry;
  hub: EventHub;
  runs: RunManager;
  /** Stops runs in flight (resumable) before the process exits. */
  close(): Promise<void>;
}

/** Every handler of the API contract, over one store. The doors (IPC, HTTP) only carry messages. */
export function createApiService(options: ApiServiceOptions): ApiService {
  const { store, vault, mode } = options;
  const env = options.env ?? process.env;
  const hub = new EventHub();
  const keys = new ProfileKeys(store, vault, env);
  keys.adoptShared();
  // Keys are looked up when a model is built, so a key saved in the UI applies to the next run.
  const factory = (): ModelFactory => {
    const base = options.createModel;
    if (base) return base;
    return (config, modelOptions) => createModel(config, modelOptions, keys.envFor(config));
  };
  const runs = new RunManager(store, hub, factory);
  const registry = new HandlerRegistry();
  const profile = (id: number) => keys.profile(id);
  const shapeOf = (game: string) => (name: string, subset: string) => subsetShape(gameById(game), name, subset);

  registry
    .handle('app.info', () => ({ version: APP_VERSION, mode, dbPath: store.path, keyStorage: vault.kind }))
    .handle('games.list', () => allGames().map((g) => gameInfo(g, shapeOf(g.id))))
    .handle('games.broken', () => brokenGames().map((b) => ({ folder: b.folder, game: b.game ?? null, title: b.title ?? null, problems: b.problems })))
    .handle('runs.list', () => store.runs.list().reverse().map((row) => runSummary(row, runs.isActive(row.id))))
    .handle('runs.get', ({ runId }) => {
      const { report, rows, seats, episodes, game } = runReport(store, runId);
      // runReport has already refused an unknown run.
      const row = store.runs.list(runId)[0]!;
      return {
        summary: runSummary(row, runs.isActive(runId)),
        config: row.config,
        seed: row.seed,
        appVersion: row.appVersion,
        repetitions: planOfRun(row).repetitions,
        metrics: metricSummaries(report, game),
        perRepetition: report.repetitions.map(({ repetition, episodes: n, means }) => ({ repetition, episodes: n, means })),
        errorsExcluded: report.errors,
        invalidExcluded: report.invalid,
        pending: report.unfinished,
        calls: store.models.countCalls(runId),
        probes: store.probes.count(runId),
        ...runCostView(store.models.usage(runId), store.models.listPrices()),
        errors: episodes
          .filter((e) => e.status === 'error')
          .map((e) => ({ episodeId: e.id, instance: e.instance.name, repetition: e.repetition, kind: e.errorKind, message: e.error })),
        players: rows?.map((r) => ({ player: r.player, metrics: metricSummaries(r.report, game) })) ?? null,
        seats: seats?.map((s) => ({ seat: s.seat, role: s.role, player: s.player, metrics: metricSummaries(s.report, game) })) ?? null,
      };
    })
    .handle('runs.estimate', ({ config }) => estimateRunChecked(store, config))
    .handle('runs.start', async ({ config }) => ({ runId: await runs.start(config) }))
    .handle('runs.cancel', ({ runId }) => ({ cancelled: runs.cancel(runId) }))
    .handle('runs.resume', async ({ runId }) => {
      await runs.resume(runId);
      return { runId };
    })
    .handle('runs.retryErrors', async ({ runId }) => ({ requeued: await runs.retryErrors(runId) }))
    .handle('episodes.list', ({ runId, search }) => {
      store.runs.get(runId);
      const rows = store.episodes.list(runId);
      const text = search?.trim();
      if (!text) return rows.map(episodeSummary);
      const matching = new Set(store.episodes.search(runId, text));
      return rows.filter((row) => matching.has(row.id)).map(episodeSummary);
    })
    .handle('episodes.transcript', ({ episodeId }) => openTranscript(store, episodeId))
    .handle('episodes.exportBundle', ({ episodeId }) => episodeBundle(store, episodeId))
    .handle('calls.get', ({ callId }) => {
      const { runId: _run, episodeId: _episode, round: _round, modelConfigId: _config, startedAt: _at, ...call } = store.models.call(callId);
      return call;
    })
    .handle('media.get', ({ ref }) => {
      const blob = store.media.get(mediaSha(ref));
      return { mime: blob.mime, dataUrl: `data:${blob.mime};base64,${blob.bytes.toString('base64')}` };
    })
    .handle('keys.remove', ({ name }) => ({ removed: vault.remove(name) }))
    .handle('datasets.list', ({ game }) => {
      const stored = store.datasets.list(game);
      const bundled = (game ? [gameById(game)] : allGames()).flatMap((g) =>
        g.datasets.bundled().map((d): DatasetInfo => ({ game: g.id, name: d.name, title: d.title, kind: d.kind, bundled: true, subsets: d.subsets.map((s) => ({ subset: s, instances: shapeOf(g.id)(d.name, s).instances })) })),
      );
      // Users' files that runs have used, under their own names.
      const files = stored
        .filter((d) => d.contentHash !== null)
        .map((d): DatasetInfo => ({ game: d.game, name: d.name, title: d.name, kind: d.kind, bundled: false, subsets: d.subsets }));
      return [...bundled, ...files];
    })
    .handle('datasets.instances', ({ game, name, subset }) => {
      const g = gameById(game);
      if (g.datasets.bundled().some((d) => d.name === name)) {
        return g.datasets.load({ name, subset }).instances.map((i, position) => instanceView(unstoredRow(i, subset, position)));
      }
      const dataset = store.datasets.list(game).find((d) => d.name === name);
      if (!dataset) throw new UserError(`No dataset "${name}" of ${g.shortTitle} here.`, 'not_found');
      return store.datasets.instances(dataset.id, subset).map(instanceView);
    })
    .handle('annotations.preview', ({ spec }) => annotation.previewSet(store, spec))
    .handle('annotations.create', ({ name, spec }) => annotation.createSet(store, name, spec))
    .handle('annotations.list', () => store.annotations.listSets().map((row) => annotation.setSummary(store, row)))
    .handle('annotations.get', ({ setId }) => annotation.setSummary(store, store.annotations.getSet(setId)))
    .handle('annotations.queue', ({ setId, annotator, limit }) => annotation.queue(store, setId, annotator, limit))
    .handle('annotations.label', (input) => ({ progress: annotation.label(store, input) }))
    .handle('annotations.undo', ({ setId, annotator }) => annotation.undo(store, setId, annotator))
    .handle('annotations.results', ({ setId }) => annotation.results(store, setId))
    .handle('annotations.export', ({ setId, what, format }) => annotation.exportSet(store, setId, what, format))
    .handle('annotations.apply', ({ setId, dryRun }) => {
      const applied = applyAnnotations(store, setId, !dryRun);
      if (applied.written && applied.runs.length) hub.emit({ type: 'runs-changed' });
      return applied;
    })
    .handle('runs.file', ({ runId, id }) => {
      const { summary: _summary, ...file } = runFile(store, runId, id);
      return file;
    });

  registerExplore(registry, store);
  registerDatasets(registry, store);
  registerRuns(registry, store, () => hub.emit({ type: 'runs-changed' }));
  registerTranscripts(registry, store);
  registerAnnotation(registry, store);
  registerModels(registry, store, keys, factory);
  registerSuites(registry, store);
  const humans = registerHuman(registry, store, factory, profile, () => hub.emit({ type: 'runs-changed' }));
  registerNav(registry, store, humans);
  registerMerge(registry, store, () => hub.emit({ type: 'runs-changed' }));
  const ctx: HandlerContext = {
    store,
    factory,
    emit: (event) => hub.emit(event),
    runsChanged: () => hub.emit({ type: 'runs-changed' }),
    launch: async (runId) => {
      hub.emit({ type: 'runs-changed' });
      await runs.resume(runId);
    },
  };
  for (const capability of CAPABILITIES) capability.register?.(registry, ctx);

  const missing = registry.missing();
  if (missing.length) throw new Error(`API methods without a handler: ${missing.join(', ')}`);
  const stopWatch = watchStore(store, hub, options.watchMs);
  return {
    registry,
    hub,
    runs,
    close: async () => {
      stopWatch();
      await humans.close();
      await runs.stopAll();
    },
  };
}
