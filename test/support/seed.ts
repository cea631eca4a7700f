import type { Store } from '../../electron/engine/store/store';

/** A dataset with one instance and a run of `episodes` repetitions on it, seats guesser and judge. */
export function seedRun(store: Store, episodes = 1) {
  const datasetId = store.datasets.upsert({ game: 'eda', name: 'things', kind: 'things', source: 'test', contentHash: null });
  const [instance] = store.datasets.upsertInstances(datasetId, 'test', [{ key: 'Oar', name: 'Oar', payload: { line: 'Oar', aliases: ['Oar'] }, tags: { category: 'objects' } }]);
  const player = store.models.ensurePlayer('scripted', 'scripted:x', null);
  const seats = [{ seat: 'guesser', role: 'guesser', playerId: player }, { seat: 'judge', role: 'judge', playerId: player }];
  const runId = store.runs.create({
    name: null, game: 'eda', datasetId, subset: 'test', config: {}, seed: 1, appVersion: 't', seats,
    episodes: Array.from({ length: episodes }, (_, i) => ({ instanceId: instance!.id, repetition: i + 1, seed: 5 })),
  });
  return { runId, instanceId: instance!.id, episodeIds: store.episodes.ids(runId, ['pending']) };
}

