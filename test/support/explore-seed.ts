/**
 * Stores built by hand for the explore views' tests: EDA runs on eight Things entities in two
 * categories with known scores (a model's or a person's games, one run each), and an AGE run so a
 * second game has runs.
 */
import { ModelConfigSchema } from '../../shared/contract/models';
import type { Store } from '../../electron/engine/store/store';

export type SeededGame = { instance: number; score: number; repetition?: number };

/** Each player's games as one run of EDA on `things` (judge: a model); a game's score decides its outcome. */
export function seedEda(store: Store, players: { name: string; kind: 'model' | 'human'; games: SeededGame[] }[]): void {
  const judge = store.models.ensurePlayer('model', 'openai:judge', store.models.ensureConfig(ModelConfigSchema.parse({ provider: 'openai', model: 'judge' })));
  const datasetId = store.datasets.upsert({ game: 'eda', name: 'things', kind: 'things', source: 'test', contentHash: null });
  const names = ['Oar', 'Fern', 'Cat', 'Spoon', 'Moss', 'Owl', 'Kite', 'Drum'];
  const instances = store.datasets.upsertInstances(datasetId, 'test', names.map((name, i) => ({ key: name, name, payload: { line: name, aliases: [name] }, tags: { category: i < 4 ? 'animals' : 'objects' } })));
  for (const p of players) {
    const playerId =
      p.kind === 'human'
        ? store.models.ensurePlayer('human', p.name, null)
        : store.models.ensurePlayer('model', p.name, store.models.ensureConfig(ModelConfigSchema.parse({ provider: 'openai', model: p.name.split(':')[1]! })));
    const runId = store.runs.create({
      name: null, game: 'eda', datasetId, subset: 'test', config: {}, seed: 1, appVersion: 't',
      seats: [{ seat: 'guesser', role: 'guesser', playerId }, { seat: 'judge', role: 'judge', playerId: judge }],
      episodes: p.games.map((g) => ({ instanceId: instances[g.instance - 1]!.id, repetition: g.repetition ?? 1, seed: 1 })),
    });
    for (const e of store.episodes.list(runId)) {
      const { score } = p.games.find((g) => instances[g.instance - 1]!.id === e.instance.id && (g.repetition ?? 1) === e.repetition)!;
      store.episodes.start(e.id);
      store.episodes.finish(e.id, score > 0 ? 'success' : 'failure', [{ metric: 'turns', value: 5 }, { metric: 'success', value: score > 0 ? 1 : 0 }, { metric: 'yes', value: 1 }, { metric: 'score', value: score }]);
    }
    store.runs.finish(runId, 'done');
  }
}

export const every = (score: (i: number) => number): SeededGame[] => [1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ instance: i, score: score(i) }));

/** Two models on all eight entities; a person's one hinted game on Oar (0.96); x with three games. */
export function withOnePerson(store: Store): void {
  seedEda(store, [
    { name: 'openai:alpha', kind: 'model', games: every((i) => 0.5 + i / 100) },
    { name: 'openai:beta', kind: 'model', games: every((i) => 0.4 + i / 100) },
    { name: 'human:ada', kind: 'human', games: [{ instance: 1, score: 0.96 }] },
    { name: 'openai:x', kind: 'model', games: [1, 2, 3].map((i) => ({ instance: i, score: 0.9 })) },
  ]);
}

/** An AGE run of two models on four word pairs (a second game with runs). */
export function seedAge(store: Store): void {
  const datasetId = store.datasets.upsert({ game: 'age', name: 'age', kind: 'age', source: 'test', contentHash: null });
  const instances = store.datasets.upsertInstances(datasetId, 'A', [1, 2, 3, 4].map((k) => ({ key: `w${k}`, name: `w${k}`, payload: { a: `a${k}`, b: `b${k}` }, tags: { topic: 'general' } })));
  const seats = ['m:a', 'm:b'].map((player, member) => ({ seat: `p${member + 1}`, role: 'player', playerId: store.models.ensurePlayer('scripted', player, null), member }));
  const runId = store.runs.create({ name: null, game: 'age', datasetId, subset: 'A', config: {}, seed: 1, appVersion: 't', seats, episodes: instances.map((i) => ({ instanceId: i.id, repetition: 1, seed: 1 })) });
  store.episodes.list(runId).forEach((e, k) => {
    store.episodes.start(e.id);
    const values = [0.5 + k / 10, 0.4 + k / 20];
    store.episodes.finish(e.id, 'success', [{ metric: 'rounds', value: 3 + k }, ...values.flatMap((value, s) => ['age', 'age_kept'].map((metric) => ({ seat: `p${s + 1}`, metric, value })))]);
  });
  store.runs.finish(runId, 'done');
}
