import { planOfRun } from '../core/run-plan';
import { executeRun, refuseHumanRun, retryErrors, type ExecuteOptions, type ExecuteResult } from '../runner/execute';
import { prepareRun } from '../runner/prepare';
import type { ModelFactory } from '../players/factory';
import { ConflictError, DatabaseError } from '../errors';
import type { Store } from '../store/store';
import type { EventHub } from './events';

type Play = (options: ExecuteOptions) => Promise<ExecuteResult>;

/**
 * Runs the UI started, played in the background of this process. A call that starts or resumes a run
 * returns once the run is claimed (so a busy or exhausted run is an error the user sees), not when
 * it ends; progress reaches the UI as events. Everything is in SQLite, so a crash loses nothing.
 */
export class RunManager {
  private readonly active = new Map<number, { controller: AbortController; done: Promise<void> }>();

  constructor(
    private readonly store: Store,
    private readonly hub: EventHub,
    private readonly createModel: () => ModelFactory,
  ) {}

  isActive(runId: number): boolean {
    return this.active.has(runId);
  }

  async start(config: unknown): Promise<number> {
    const { runId } = await prepareRun(this.store, config, { createModel: this.createModel() });
    this.hub.emit({ type: 'runs-changed' });
    await this.launch(runId, (options) => executeRun(this.store, runId, options));
    return runId;
  }

  async resume(runId: number): Promise<void> {
    this.refuseActive(runId);
    await this.launch(runId, (options) => executeRun(this.store, runId, options));
  }

  async retryErrors(runId: number): Promise<number> {
    this.refuseActive(runId);
    const requeued = this.store.runs.list(runId)[0]?.errors ?? 0;
    if (requeued === 0) return 0;
    await this.launch(runId, (options) => retryErrors(this.store, runId, options));
    return requeued;
  }

  /** Stops a run this process plays; false for a run it does not play (an unknown run is refused). */
  cancel(runId: number): boolean {
    this.store.runs.get(runId);
    const run = this.active.get(runId);
    run?.controller.abort();
    return run !== undefined;
  }

  /** Stops every run (their episodes stay resumable) and waits until they have written their state. */
  async stopAll(): Promise<void> {
    for (const run of this.active.values()) run.controller.abort();
    await Promise.all([...this.active.values()].map((run) => run.done));
  }

  private refuseActive(runId: number): void {
    if (this.active.has(runId)) throw new ConflictError(`Run ${runId} is already playing.`);
    const run = this.store.runs.get(runId);
    refuseHumanRun(run, planOfRun(run));
  }

  private launch(runId: number, play: Play): Promise<void> {
    const controller = new AbortController();
    return new Promise<void>((claimed, refused) => {
      let started = false;
      const done = play({
        signal: controller.signal,
        createModel: this.createModel(),
        onEvent: (event) => {
          if (event.type === 'run-started') {
            started = true;
            claimed();
          }
          this.hub.emit(event);
        },
      }).then(
        () => claimed(),
        (error: unknown) => {
          if (!started) return refused(error);
          const message = error instanceof Error ? error.message : String(error);
          // A run the database stopped (disk full, damaged) was marked interrupted, resumable: it did not fail.
          const status = error instanceof DatabaseError ? 'interrupted' : 'failed';
          try {
            if (status === 'failed') this.store.runs.finish(runId, status, message);
          } catch {
            /* the file refuses writes: the next open marks the run interrupted */
          }
          this.hub.emit({ type: 'run-finished', runId, status, done: 0, errors: 0, total: 0, reason: message });
        },
      ).finally(() => {
        this.active.delete(runId);
        this.hub.emit({ type: 'runs-changed' });
      });
      this.active.set(runId, { controller, done });
      this.hub.emit({ type: 'runs-changed' });
    });
  }
}
