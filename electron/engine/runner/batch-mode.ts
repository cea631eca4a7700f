import type { RunConfig } from '../../../shared/contract/run';
import type { RunRow, Store } from '../store/store';
import { BatchHub } from './batch-hub';

/** The run's batch hub when it is in batch mode: the seats of the batched roles (all, when none are named). */
export function batchHubFor(store: Store, run: RunRow, config: RunConfig, signal: AbortSignal, onChange: () => void): BatchHub | null {
  if (!config.batch) return null;
  const roles = config.batch.roles;
  const seats = new Set(run.seats.filter((s) => !roles || roles.includes(s.role)).map((s) => s.seat));
  return new BatchHub(store, run.id, { seats, pollMs: config.batch.pollMs, signal, onChange });
}
