/** The players of a run's models: each model config stored once, each player once per kind and label. */
import { modelLabel, type ModelConfig } from '../../../shared/contract/models';
import { roleModels, type RunConfig } from '../../../shared/contract/run';
import type { Store } from './store';

export function playerFor(store: Store, config: ModelConfig): number {
  const modelConfigId = store.models.ensureConfig(config);
  const kind = config.provider === 'scripted' || config.provider === 'human' ? config.provider : 'model';
  return store.models.ensurePlayer(kind, modelLabel(config), modelConfigId);
}

/** The player ids of each role's models, in the order the run names them. */
export function playerIds(store: Store, players: RunConfig['players']): Record<string, number[]> {
  return Object.fromEntries(Object.entries(players).map(([role, p]) => [role, roleModels(p).map((m) => playerFor(store, m))]));
}
