import { setMaxListeners } from 'node:events';
import type { RunEvent } from '../../../shared/contract/events';
import type { RunStatus } from '../../../shared/contract/records';
import type { EpisodeContext, GamePlugin } from '../games/types';
import { edaGame } from '../games/eda/game';
import { describeError, ProviderError } from '../players/errors';
import { createModel, type ModelFactory } from '../players/factory';
import type { ChatModel } from '../players/types';
import type { Store } from '../store/store';
import { buildModels, parseRunConfig } from './prepare';

export interface ExecuteOptions {
  createModel?: ModelFactory;
  onEvent?: (event: RunEvent) => void;
  /** Aborting stops new episodes and cancels calls in flight; their episodes stay resumable. */
  signal?: AbortSignal;
  heartbeatMs?: number;
}

export interface ExecuteResult {
  runId: number;
  status: RunStatus;
  done: number;
  errors: number;
  total: number;
}

/**
 * Plays every pending episode of a stored run, `concurrency` at a time. Each turn and each model
 * call is committed as it happens, so a killed process loses at most the calls in flight.
 */
export async function executeRun(store: Store, runId: number, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  const run = store.getRun(runId);
  const config = parseRunConfig(run.config);
  const game: GamePlugin<unknown> = edaGame as GamePlugin<unknown>;
  const settings = game.parseSettings(config.settings);
  const models = buildModels(config, options.createModel ?? createModel);
  const modelConfigIds = Object.fromEntries(
    Object.entries(config.players).map(([role, modelConfig]) => [role, store.ensureModelConfig(modelConfig)]),
  );
  const emit = options.onEvent ?? (() => {});
  // One internal signal shared by every call in flight; it follows the caller's.
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const signal = controller.signal;

  const queue = store.episodeIds(runId, ['pending', 'running']);
  const all = store.listEpisodes(runId);
  const total = all.length;
  let done = all.filter((e) => e.status === 'done').length;
  let errors = all.filter((e) => e.status === 'error').length;
  let wins = all.filter((e) => e.outcome === 'win').length;

  store.markRunRunning(runId);
  const beat = setInterval(() => store.heartbeat(runId), options.heartbeatMs ?? 5_000);
  beat.unref();
  emit({ type: 'run-started', runId, total, remaining: queue.length });

  const playOne = async (episodeId: number) => {
    const episode = store.getEpisode(episodeId);
    store.startEpisode(episodeId);
    const ctx: EpisodeContext = {
      episodeId,
      entity: { name: episode.entity, line: episode.entityLine, aliases: episode.aliases },
      datasetKind: episode.datasetKind,
      repetition: episode.repetition,
      seed: episode.seed,
      priorTurns: store.getTurns(episodeId),
      signal,
      call: (role, turnIdx, request) => callAndRecord(store, models[role]!, {
        runId, episodeId, turnIdx, role, modelConfigId: modelConfigIds[role]!,
      }, request, signal),
      commitTurn: (turn) => store.commitTurn({ ...turn, episodeId }),
    };
    try {
      const result = await game.play(ctx, settings);
      store.finishEpisode(episodeId, result.outcome, result.metrics);
      done++;
      if (result.outcome === 'win') wins++;
      emit({ type: 'episode-finished', runId, episodeId, entity: episode.entity, repetition: episode.repetition, status: 'done', outcome: result.outcome, error: null, done, errors, wins, total });
    } catch (error) {
      if (signal.aborted) {
        store.resetEpisode(episodeId); // its turns stay; resuming continues after the last one
        return;
      }
      const failure = error instanceof ProviderError ? error : new ProviderError('internal', describeError(error), { cause: error });
      store.failEpisode(episodeId, failure.kind, failure.message);
      errors++;
      emit({ type: 'episode-finished', runId, episodeId, entity: episode.entity, repetition: episode.repetition, status: 'error', outcome: null, error: failure.message, done, errors, wins, total });
    }
  };

  const workers = Array.from({ length: Math.min(config.concurrency, queue.length) }, async () => {
    for (let next = queue.shift(); next !== undefined && !signal.aborted; next = queue.shift()) await playOne(next);
  });
  let status: RunStatus;
  try {
    await Promise.all(workers);
    status = signal.aborted ? 'interrupted' : 'done';
    store.finishRun(runId, status, signal.aborted ? 'stopped by the user' : null);
  } catch (error) {
    status = 'failed';
    store.finishRun(runId, status, describeError(error));
    throw error;
  } finally {
    clearInterval(beat);
  }
  emit({ type: 'run-finished', runId, status, done, errors, total });
  return { runId, status, done, errors, total };
}

interface CallSite {
  runId: number;
  episodeId: number;
  turnIdx: number;
  role: string;
  modelConfigId: number;
}

async function callAndRecord(
  store: Store,
  model: ChatModel,
  site: CallSite,
  request: Parameters<ChatModel['complete']>[0],
  signal: AbortSignal,
) {
  let callId: number | null = null;
  const result = await model.complete(request, {
    signal,
    onAttempt: (attempt) => {
      callId = store.recordCall({ ...attempt, ...site });
    },
  });
  return { ...result, callId };
}
