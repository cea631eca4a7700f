import type { Store } from '../store/store';
import { executeRun, type ExecuteOptions, type ExecuteResult } from './execute';
import { preparePlannedRun } from './prepare';
import { planOfNew, planOfRun } from '../core/run-plan';

/**
 * Plays a stored run again as a new run with the same config and seed, answering every call from
 * the response cache: offline, free, and identical when the original run filled the cache.
 */
export async function replayRun(store: Store, runId: number, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  const original = planOfRun(store.runs.get(runId)).config;
  const { runId: replayId } = await preparePlannedRun(
    store,
    planOfNew({ ...original, name: `replay of run ${runId}`, cache: 'only', preflight: false, budgetUsd: undefined }),
    { createModel: options.createModel },
  );
  return executeRun(store, replayId, options);
}
