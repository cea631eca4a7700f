import { setMaxListeners } from 'node:events';
import PQueue from 'p-queue';
import type { RunEvent } from '../../../shared/contract/events';
import { seatModel } from '../../../shared/contract/run';
import type { RunStatus } from '../../../shared/contract/records';
import { callCost, priceFor, runCost } from '../analysis/cost';
import { ConflictError, describeError } from '../errors';
import { ProviderError } from '../players/errors';
import { createModel, type ModelFactory } from '../players/factory';
import type { RetryPolicy } from '../players/retry';
import type { CallAttempt } from '../players/types';
import type { CallRef } from '../core/events';
import type { RunRow, Store } from '../store/store';
import type { ClaimedFrom } from '../store/runs';
import { runOwnerAlive } from './liveness';
import { callRole, playStoredEpisode, type CallSite } from './episode';
import { swapRounds } from './swap-rounds';
import { capabilityOf } from '../core/capability';
import { buildModels, seatModels } from './prepare';
import { RunConfigError } from '../core/run-config';
import type { RunPlan } from '../core/run-plan';
import { planOfRun } from '../core/run-plan';
import { batchHubFor } from './batch-mode';
import { isStorageFailure } from '../store/db';
import { afterStorageFailure } from './storage-failure';
import { fixed } from '../../../shared/text/number';

export interface ExecuteOptions {
  createModel?: ModelFactory;
  onEvent?: (event: RunEvent) => void;
  /** Aborting stops new episodes and abandons calls in flight; their episodes stay resumable. */
  signal?: AbortSignal;
  heartbeatMs?: number;
  progressMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Plays the run's errored episodes again (`retryErrors`): they are re-queued once the run is claimed. */
  requeueErrors?: boolean;
}

export interface ExecuteResult {
  runId: number;
  status: RunStatus;
  done: number;
  errors: number;
  total: number;
  /** Why the run stopped early, if it did. */
  reason: string | null;
  /** The run was already done with nothing left to play: nothing was written. */
  alreadyDone?: boolean;
}

export class RunBusyError extends ConflictError {
  constructor(runId: number, pid: number | null, host: string | null = null) {
    super(`Run ${runId} is being played by process ${pid ?? '?'}${host ? ` on ${host}` : ''}; wait for it or stop it.`);
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
function claimableRun(store: Store, runId: number): { run: RunRow; plan: RunPlan } {
  if (!store.readOnly) store.runs.reconcileInterrupted((r) => runOwnerAlive(r));
  const run = store.runs.get(runId);
  if (run.status === 'running') throw new RunBusyError(runId, run.pid, run.host);
  // Resolved before the run is claimed: a run of a game this build lacks is refused untouched.
  const plan = planOfRun(run);
  refuseHumanRun(run, plan);
  return { run, plan };
}

/** A done run with nothing pending (nor errors to retry) is left as it is, its finish time included. */
function nothingToPlay(store: Store, run: RunRow, retrying: boolean): ExecuteResult | null {
  if (run.status !== 'done') return null;
  const [counted] = store.runs.list(run.id);
  if (store.episodes.ids(run.id, ['pending', 'running']).length > 0 || (retrying && counted!.errors > 0)) return null;
  return { runId: run.id, status: 'done', done: counted!.done, errors: counted!.errors, total: counted!.episodes, reason: null, alreadyDone: true };
}

/** A person's games are played (and continued) from the Play page; a batch must not touch them. */
export function refuseHumanRun(run: Pick<RunRow, 'id'>, plan: RunPlan): void {
  if (plan.models.some((p) => p.model.provider === 'human')) {
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
  // Held while the run plays: a group commit lost meanwhile (its writes perhaps among them) reaches this
  // run at its next flush, and the store takes writes again only once every run that heard it has stopped.
  const release = store.hold();
  try {
    const { run, plan } = claimableRun(store, runId);
    const idle = nothingToPlay(store, run, options.requeueErrors ?? false);
    if (idle) return idle;
    const { config } = plan;
    const prices = store.models.listPrices();
    // The budget covers the whole run, earlier sessions included.
    const spent = runCost(store.models.usage(runId), prices).usd;
    if (config.budgetUsd !== undefined && spent >= config.budgetUsd) throw new BudgetExhaustedError(runId, config.budgetUsd);
    // Taken atomically before anything is written: of two processes resuming at once, one plays and the other writes nothing.
    const claim = store.runs.claim(runId, (r) => runOwnerAlive(r));
    if (!claim.claimed) throw new RunBusyError(runId, claim.owner.pid, claim.owner.host);
    try {
      return await playClaimed(store, run, plan, options, spent, claim.previous);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      const stopped = afterStorageFailure(store, runId, error);
      release(); // the run is marked interrupted once every holder has let go, this run among them
      throw await stopped;
    }
  } finally {
    release();
  }
}

/** Hands a claimed run back as it was when it cannot even start (a missing key, a bad config). */
function unlessStarted<T>(store: Store, runId: number, previous: ClaimedFrom, setUp: () => T): T {
  try {
    return setUp();
  } catch (error) {
    if (!isStorageFailure(error)) store.runs.release(runId, previous);
    throw error;
  }
}

async function playClaimed(store: Store, run: RunRow, plan: RunPlan, options: ExecuteOptions, spentBefore: number, previous: ClaimedFrom): Promise<ExecuteResult> {
  const runId = run.id;
  const { config, game, settings } = plan;
  const prices = store.models.listPrices();
  let spent = spentBefore;
  const cache = { get: (key: string) => store.models.cacheGet(key), put: store.models.cachePut.bind(store.models) };
  const factory = options.createModel ?? createModel;
  // One internal signal shared by every call in flight; it follows the caller's and the budget.
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const emit = options.onEvent ?? (() => {});
  const { hub, models, seatInfo, untilRounds, pending, counted } = unlessStarted(store, runId, previous, () => {
    const hub = batchHubFor(store, run, config, controller.signal, () => emit({ type: 'batches', runId, ...store.batches.summary(runId) }));
    const built = buildModels(config, (c) => factory(c, { cache, cacheMode: config.cache, retry: options.retry, budgets: store.rateBudgets, batch: hub ?? undefined }), game);
    const seatInfo = Object.fromEntries(
      run.seats.map((s) => {
        const modelConfig = seatModel(config.players, s.role, s.member);
        return [s.seat, { modelConfigId: store.models.ensureConfig(modelConfig), price: priceFor(prices, modelConfig.provider, modelConfig.model) }];
      }),
    );
    if (options.requeueErrors) store.episodes.requeueErrors(runId);
    // A last-turn swap plays each episode for the one round its source episode ended on.
    const untilRounds = swapRounds(store, runId, config.lastTurn, capabilityOf(game, 'last-move')?.cut);
    // One player per seat: the model of the seat's role (its member-th when several models fill the role).
    return { hub, models: seatModels(run.seats, built), seatInfo, untilRounds, pending: store.episodes.ids(runId, ['pending', 'running']), counted: store.runs.list(runId)[0]! };
  });

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

  const total = counted.episodes;
  const counts = { done: counted.done, errors: counted.errors, successes: counted.outcomes.success, calls: 0 };
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
      // The file refused a write or a read (disk full, damaged): no episode's fault, the whole run stops.
      if (isStorageFailure(error)) throw error;
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

  // Tasks cleared on a stop never settle, so the queue is drained rather than each task awaited.
  let fatal: unknown = null;
  const fail = (error: unknown) => {
    fatal ??= error; // a store or engine failure, not a provider one: stop everything
    stop(describeError(error));
  };
  const beat = setInterval(() => {
    try {
      store.runs.heartbeat(runId);
    } catch (error) {
      fail(error);
    }
  }, options.heartbeatMs ?? 5_000);
  const ticker = setInterval(() => emit(progress()), options.progressMs ?? 500);
  beat.unref();
  ticker.unref();
  emit({ type: 'run-started', runId, total, remaining: pending.length });

  // In batch mode every episode is in flight: a batch is one step of all of them.
  const queue = new PQueue({ concurrency: hub ? Math.max(1, pending.length) : config.concurrency });
  signal.addEventListener('abort', () => queue.clear(), { once: true });
  let status: RunStatus;
  try {
    for (const id of pending) queue.add(() => playOne(id)).catch(fail);
    await queue.onIdle();
    if (fatal) throw fatal;
    status = signal.aborted ? 'interrupted' : 'done';
    store.runs.finish(runId, status, reason);
  } catch (error) {
    if (isStorageFailure(error)) throw error; // interrupted, not failed: see afterStorageFailure
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

/** Re-queues a run's errored episodes (keeping their committed turns, once the run is claimed) and plays them. */
export async function retryErrors(store: Store, runId: number, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  return executeRun(store, runId, { ...options, requeueErrors: true });
}

