import type { ModelConfig } from '../../shared/contract/models';
import type { RunConfigInput } from '../../shared/contract/run';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { ChatModel } from '../../electron/engine/players/types';
import type { Store } from '../../electron/engine/store/store';

/** Plays a run whose players are in-process scripted models, through the real runner and store. */
export async function playScripted(
  store: Store,
  config: Omit<RunConfigInput, 'players'>,
  models: { guesser: ChatModel; judge: ChatModel },
): Promise<number> {
  const factory = (c: ModelConfig) => (c.model === 'guesser' ? models.guesser : models.judge);
  const { runId } = await prepareRun(
    store,
    { preflight: false, ...config, players: { guesser: { provider: 'scripted', model: 'guesser' }, judge: { provider: 'scripted', model: 'judge' } } },
    { createModel: factory },
  );
  await executeRun(store, runId, { createModel: factory });
  return runId;
}
