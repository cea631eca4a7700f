import { EDA_METRICS } from '../../../shared/games/eda';
import type { EpisodeRow, RunRow, Store } from '../store/store';
import { summarizeRun, type RunReport } from './report';

export interface RunReportView {
  run: RunRow;
  guesser: string;
  judge: string;
  report: RunReport;
  /** The episodes the report was computed from. */
  episodes: EpisodeRow[];
}

/** Table 1 of the paper for one stored run. */
export function runReport(store: Store, runId: number): RunReportView {
  const run = store.getRun(runId);
  const episodes = store.listEpisodes(runId);
  return {
    run,
    guesser: episodes[0]?.players.guesser ?? '',
    judge: episodes[0]?.players.judge ?? '',
    report: summarizeRun(episodes, EDA_METRICS.map((m) => m.key)),
    episodes,
  };
}
