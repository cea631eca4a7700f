import { setMaxListeners } from 'node:events';
import PQueue from 'p-queue';
import type { RunEvent } from '../../../shared/contract/events';
import { allModels, seatModel } from '../../../shared/contract/run';
import type { RunStatus } from '../../../shared/contract/records';
import { callCost, priceFor, runCost } from '../analysis/cost';
import { ConflictError, describeError } from '../errors';
import { ProviderError } from '../players/errors';
import { createModel, type ModelFactory } from '../players/factory';
import type { RetryPolicy } from '../players/retry';
import type { CallAttempt } from '../players/types';
import type { CallRef } from '../core/events';
import type { RunRow, Store } from '../store/store';
import { runOwnerAlive } from './liveness';
import { callRole, playStoredEpisode, type CallSite } from './episode';
import { swapRounds } from './last-turn';
import { buildModels, seatModels } from './prepare';
import { parseRunConfig, RunConfigError } from '../core/run-config';
import { gameOf } from '../games/registry';
import { batchHubFor } from './batch-mode';
import { fixed } from '../../../shared/text/number';

export interface ExecuteOptions {
  createModel?: ModelFactory;
  onEvent?: (event: RunEvent) => void;
  /** Aborting stops new episodes and abandons calls in flight; their episodes stay resumable. */
  signal?: AbortSignal;
  heartbeatMs?: number;
  progressMs?: number;
  retry?: Partial<RetryPolicy>;
}

export interface ExecuteResult {
  runId: number;
  status: RunStatus;
  done: number;
  errors: number;
  total: number;
  /** Why the run stopped early, if it did. */
  reason: string | null;
}

export class RunBusyError extends ConflictError {
  constructor(runId: number, pid: number | null) {
    super(`Run ${runId} is being played right now by process ${pid ?? '?'}; stop it first or wait for it.`);
    this.name = 'RunBusyError';
  }
}

export class BudgetExhaustedError extends ConflictError {
  constructor(runId: number, budget: number) {
    super(`Run ${runId} has already spent its budget of $${fixed(budget, 2)}; nothing was played.`);
    this.name = 'BudgetExhaustedError';
  }
}

/** The run, after marking it interrupted if its process died; refused while another process plays it. */
function claimableRun(store: Store, runId: number): RunRow {
  store.runs.reconcileInterrupted((r) => runOwnerAlive(r));
  const run = store.runs.get(runId);
  if (run.status === 'running') throw new RunBusyError(runId, run.pid);
  refuseHumanRun(run);
  return run;
}

/** A person's games are played (and continued) from the Play page; a batch must not touch them. */
export function refuseHumanRun(run: RunRow): void {
  if (allModels(parseRunConfig(run.config).players).some((p) => p.model.provider === 'human')) {
    throw new RunConfigError(`Run ${run.id} holds a person's games: they are continued from the Play page, never resumed or retried as a batch.`);
  }
}

/**
 * Plays every pending episode of a stored run (a new run, a resumed one, or one whose errors were
 * re-queued), `concurrency` at a time; each episode's turns in order. Each model call and each turn is
 * committed as it happens, so a killed process loses at most the calls in flight, and an episode
 * continues after its last committed turn.
 */
export async function executeRun(store: Store, runId: number, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  const run = claimableRun(store, runId);
  const config = parseRunConfig(run.config);
  const { game, settings } = gameOf(config);
  const prices = store.models.listPrices();
  // The budget covers the whole run, earlier sessions included.
  let spent = runCost(store.models.usage(runId), prices).usd;
  if (config.budgetUsd !== undefined && spent >= config.budgetUsd) throw new BudgetExhaustedError(runId, config.budgetUsd);
  const cache = { get: (key: string) => store.models.cacheGet(key), put: store.models.cachePut.bind(store.models) };
  const factory = options.createModel ?? createModel;
  // One internal signal shared by every call in flight; it follows the caller's and the budget.
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const hub = batchHubFor(store, run, config, controller.signal, () => emit({ type: 'batches', runId, ...store.batches.summary(runId) }));
  const built = buildModels(config, (c) => factory(c, { cache, cacheMode: config.cache, retry: options.retry, budgets: store.rateBudgets, batch: hub ?? undefined }), game);
  // One player per seat: the model of the seat's role (its member-th when several models fill the role).
  const models = seatModels(run.seats, built);
  const seatInfo = Object.fromEntries(
    run.seats.map((s) => {
      const modelConfig = seatModel(config.players, s.role, s.member);
      return [s.seat, { modelConfigId: store.models.ensureConfig(modelConfig), price: priceFor(prices, modelConfig.provider, modelConfig.model) }];
    }),
  );
  const emit = options.onEvent ?? (() => {});

  let reason: string | null = null;
  const stop = (why: string) => {
    if (!controller.signal.aborted) {
      reason = why;
      controller.abort();
    }
  };
  if (options.signal?.aborted) stop('stopped by the user');
  options.signal?.addEventListener('abort', () => stop('stopped by the user'), { once: true });
  const signal = controller.signal;

  const pending = store.episodes.ids(runId, ['pending', 'running']);
  const [counted] = store.runs.list(runId);
  const total = counted!.episodes;
  const counts = { done: counted!.done, errors: counted!.errors, successes: counted!.outcomes.success, calls: 0 };
  const pricedAll = Object.values(seatInfo).every((s) => s.price);
  const started = Date.now();
  const finishedHere = () => counts.done + counts.errors - (total - pending.length);

  const record = (site: CallSite, attempt: CallAttempt): CallRef => {
    const info = seatInfo[site.seat]!;
    counts.calls++;
    if (info.price && !attempt.cached) {
      spent += callCost(info.price, attempt.inputTokens ?? 0, attempt.outputTokens ?? 0, { ...attempt, batch: attempt.batchId !== undefined });
      if (config.budgetUsd !== undefined && spent >= config.budgetUsd) {
        stop(`budget of $${fixed(config.budgetUsd, 2)} reached ($${fixed(spent, 4)} spent)`);
      }
    }
    return store.models.recordCall({ ...attempt, episodeId: site.episodeId, round: site.round, role: callRole(site), runId, modelConfigId: info.modelConfigId });
  };

  const progress = (): RunEvent => {
    const elapsed = (Date.now() - started) / 1000;
    const finished = finishedHere();
    const left = total - counts.done - counts.errors;
    return {
      type: 'progress',
      runId,
      ...counts,
      total,
      callsPerSecond: elapsed > 0 ? counts.calls / elapsed : 0,
      etaSeconds: finished > 0 ? (elapsed / finished) * left : null,
      costUsd: pricedAll ? spent : null,
    };
  };

  // A last-turn swap plays each episode for the one round its source episode ended on.
  const untilRounds = swapRounds(store, runId, config.lastTurn, game.lastMove?.cut);
  const playOne = async (episodeId: number) => {
    if (signal.aborted) return;
    const episode = store.episodes.get(episodeId);
    const untilRound = untilRounds.get(episodeId);
    const base = { type: 'episode-finished' as const, runId, episodeId, instance: episode.instance.name, repetition: episode.repetition };
    hub?.enter();
    try {
      if (config.lastTurn && untilRound === undefined) throw new ProviderError('internal', `run ${config.lastTurn.run} no longer holds the episode this one swaps the last turn of`);
      const result = await playStoredEpisode(store, episode, game, settings, models, record, signal, undefined, untilRound);
      store.episodes.finish(episodeId, result.outcome, result.scores);
      counts.done++;
      if (result.outcome === 'success') counts.successes++;
      emit({ ...base, status: 'done', outcome: result.outcome, error: null, ...counts, total });
    } catch (error) {
      if (signal.aborted) {
        store.episodes.reset(episodeId); // its events stay; the next start continues after the last one
        return;
      }
      const failure = error instanceof ProviderError ? error : new ProviderError('internal', describeError(error), { cause: error });
      store.episodes.fail(episodeId, failure.kind, failure.message);
      counts.errors++;
      emit({ ...base, status: 'error', outcome: null, error: failure.message, ...counts, total });
    } finally {
      hub?.leave();
    }
  };

  store.runs.markRunning(runId);
  const beat = setInterval(() => store.runs.heartbeat(runId), options.heartbeatMs ?? 5_000);
  const ticker = setInterval(() => emit(progress()), options.progressMs ?? 500);
  beat.unref();
  ticker.unref();
  emit({ type: 'run-started', runId, total, remaining: pending.length });

  // In batch mode every episode is in flight: a batch is one step of all of them.
  const queue = new PQueue({ concurrency: hub ? Math.max(1, pending.length) : config.concurrency });
  signal.addEventListener('abort', () => queue.clear(), { once: true });
  let status: RunStatus;
  try {
    // Tasks cleared on a stop never settle, so wait for the queue to drain rather than for each task.
    let fatal: unknown = null;
    for (const id of pending) {
      queue.add(() => playOne(id)).catch((error: unknown) => {
        fatal ??= error; // a store or engine failure, not a provider one: stop everything
        stop(describeError(error));
      });
    }
    await queue.onIdle();
    if (fatal) throw fatal;
    status = signal.aborted ? 'interrupted' : 'done';
    store.runs.finish(runId, status, reason);
  } catch (error) {
    status = 'failed';
    store.runs.finish(runId, status, describeError(error));
    throw error;
  } finally {
    clearInterval(beat);
    clearInterval(ticker);
  }
  emit(progress());
  emit({ type: 'run-finished', runId, status, done: counts.done, errors: counts.errors, total, reason });
  return { runId, status, done: counts.done, errors: counts.errors, total, reason };
}

/** Re-queues a run's errored episodes (keeping their committed turns) and plays them. */
export async function retryErrors(store: Store, runId: number, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  claimableRun(store, runId);
  store.episodes.requeueErrors(runId);
  return executeRun(store, runId, options);
}

