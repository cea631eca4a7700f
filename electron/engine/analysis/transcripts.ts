import type { Transcript } from '../../../shared/api/contract';
import { transcript } from '../api/views';
import { parseRunConfig } from '../runner/prepare';
import type { EpisodeRow, Store } from '../store/store';

/** One episode as the transcript view shows it: three indexed reads (episode, run, turns). */
export function openTranscript(store: Store, episodeId: number, episode: EpisodeRow = store.getEpisode(episodeId)): Transcript {
  const { mustGuessSuffix } = parseRunConfig(store.getRun(episode.runId).config).settings;
  return transcript(episode, store.getTurns(episodeId), mustGuessSuffix);
}
