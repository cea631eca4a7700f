import { edaTurns, type EdaTurn } from '../../electron/engine/games/eda/turns';
import type { ModelConfig } from '../../shared/contract/models';
import { textOf } from '../../shared/contract/content';
import { edaGame } from '../../electron/engine/games/eda/game';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';
import { mockJudge } from '../mock-provider/behaviours';

/** An EDA episode's turns as the paper counts them, read back from its stored events. */
export function turnsOf(store: Store, episodeId: number): EdaTurn[] {
  return edaTurns(store.events.list(episodeId)).turns;
}

/**
 * A run of scripted guesser `name` naming the Things test list in order (turn t: the t-th entity)
 * against the mock judge, on the first `limit` entities: two such guessers tie exactly.
 */
export async function playListGuesser(store: Store, name: string, limit: number): Promise<number> {
  const things = edaGame.datasets.load({ name: 'things', subset: 'test' }).instances.map((i) => i.name);
  const factory = (c: ModelConfig) =>
    c.model === 'judge'
      ? new ScriptedModel('judge', (r) => mockJudge(textOf(r.messages[0]!.content)))
      : new ScriptedModel(name, (r) => `Is it a ${things[((r.messages.length - 1) / 2) % things.length]!.toLowerCase()}?`);
  const { runId } = await prepareRun(
    store,
    { dataset: { name: 'things', split: 'test' }, limit, repetitions: 1, seed: 3, preflight: false, players: { guesser: { provider: 'scripted', model: name }, judge: { provider: 'scripted', model: 'judge' } } },
    { createModel: factory },
  );
  await executeRun(store, runId, { createModel: factory });
  return runId;
}

/** The mock provider's EDA players at `url`, one attempt each (a fault is an error at once). */
export const mockEdaPlayers = (url: string) => ({
  guesser: { provider: 'openai' as const, model: 'mock-guesser', baseUrl: url, maxAttempts: 1 },
  judge: { provider: 'openai' as const, model: 'mock-judge', baseUrl: url, maxAttempts: 1 },
});

/** Everything that must be identical between two plays of the same run: each episode's outcome, scores and questions. */
export function runOutcomes(store: Store, runId: number) {
  return store.episodes.list(runId).map((e) => ({ instance: e.instance.name, rep: e.repetition, status: e.status, scores: e.scores, questions: turnsOf(store, e.id).map((t) => t.question) }));
}
