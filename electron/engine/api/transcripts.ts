import type { TranscriptView } from '../../../shared/api/contract';
import { gameOfRun } from '../games/registry';
import type { EpisodeRow, Store } from '../store/store';
import { episodeView, eventView } from './views';

/** One episode as the transcript views show it: episode, run settings, events (three indexed reads). */
export function openTranscript(store: Store, episodeId: number, episode: EpisodeRow = store.episodes.get(episodeId)): TranscriptView {
  const { game, settings } = gameOfRun(store.runs.get(episode.runId));
  const events = store.events.list(episodeId);
  return { episode: episodeView(episode, game), settings, events: events.map(eventView), marks: game.marks?.(events) ?? [] };
}
