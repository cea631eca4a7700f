import type { Outcome } from './game';
import type { RunStatus } from './records';

/** Events the engine emits while a run plays; the CLI prints them and the UI subscribes to them. */
export type RunEvent =
  | { type: 'run-started'; runId: number; total: number; remaining: number }
  | {
      type: 'episode-finished';
      runId: number;
      episodeId: number;
      instance: string;
      repetition: number;
      status: 'done' | 'error';
      outcome: Outcome | null;
      error: string | null;
      done: number;
      errors: number;
      successes: number;
      total: number;
    }
  | {
      type: 'progress';
      runId: number;
      done: number;
      errors: number;
      successes: number;
      total: number;
      calls: number;
      callsPerSecond: number;
      /** Seconds left at the current pace; null until an episode has finished. */
      etaSeconds: number | null;
      /** Spend so far in this process, USD; null when the models have no price. */
      costUsd: number | null;
    }
  /** Batch mode: a batch was sent or ended. */
  | { type: 'batches'; runId: number; sent: number; out: number; requests: number; answered: number }
  | { type: 'run-finished'; runId: number; status: RunStatus; done: number; errors: number; total: number; reason: string | null };
