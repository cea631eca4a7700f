/** A game's run files (the run-files capability): made from the run's finished, counted episodes and their stored records. */
import { runFilesOf, type RunFileEpisode } from '../capabilities/run-files/provision';
import { UserError } from '../errors';
import { gameById } from '../games/registry';
import type { Store } from '../store/store';

/** The run's finished, counted episodes with their records: what a run file is made from. */
export function runFileEpisodes(store: Store, runId: number): RunFileEpisode[] {
  return store.episodes
    .list(runId)
    .filter((e) => e.status === 'done' && e.invalid === null)
    .map((e) => ({ repetition: e.repetition, outcome: e.outcome, instance: e.instance, events: store.events.list(e.id) }));
}

export function runFile(store: Store, runId: number, id: string): { filename: string; mime: string; content: string; summary: string } {
  const run = store.runs.get(runId);
  const game = gameById(run.game);
  const spec = runFilesOf(game).find((f) => f.id === id);
  if (!spec) {
    const known = runFilesOf(game).map((f) => f.id);
    throw new UserError(`${game.shortTitle} makes no file "${id}" from a run${known.length ? `; it makes: ${known.join(', ')}` : ''}.`, 'bad_request');
  }
  return spec.make(runId, runFileEpisodes(store, runId));
}
