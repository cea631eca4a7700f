import type { TranscriptView } from '../../../shared/api/contract';
import { gameById } from '../games/registry';
import { parseRunConfig } from '../core/run-config';
import type { EpisodeRow, Store } from '../store/store';
import { episodeView, eventView } from './views';

/** One episode as the transcript views show it: episode, run settings, events (three indexed reads). */
export function openTranscript(store: Store, episodeId: number, episode: EpisodeRow = store.episodes.get(episodeId)): TranscriptView {
  const run = store.runs.get(episode.runId);
  const game = gameById(episode.game);
  const settings = game.parseSettings(parseRunConfig(run.config).settings ?? {});
  const events = store.events.list(episodeId);
  return { episode: episodeView(episode, game), settings, events: events.map(eventView), marks: game.marks?.(events) ?? [] };
}
