import type { Store } from '../store/store';
import { executeRun, type ExecuteOptions, type ExecuteResult } from './execute';
import { prepareRun } from './prepare';
import { parseRunConfig } from '../core/run-config';

/**
 * Plays a stored run again as a new run with the same config and seed, answering every call from
 * the response cache: offline, free, and identical when the original run filled the cache.
 */
export async function replayRun(store: Store, runId: number, options: ExecuteOptions = {}): Promise<ExecuteResult> {
  const original = parseRunConfig(store.runs.get(runId).config);
  const { runId: replayId } = await prepareRun(
    store,
    { ...original, name: `replay of run ${runId}`, cache: 'only', preflight: false, budgetUsd: undefined },
    { createModel: options.createModel },
  );
  return executeRun(store, replayId, options);
}
