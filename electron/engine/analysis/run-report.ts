import type { Game } from '../core/game';
import { gameById } from '../games/registry';
import type { EpisodeRow, RunRow, Store } from '../store/store';
import { summarizeRun, type RunReport } from './report';

export interface RunReportView {
  run: RunRow;
  game: Game<unknown>;
  report: RunReport;
  /** The episodes the report was computed from. */
  episodes: EpisodeRow[];
}

/** A run's table in the paper's form (EDA: Table 1), over its game's metrics. */
export function runReport(store: Store, runId: number): RunReportView {
  const run = store.runs.get(runId);
  const game = gameById(run.game);
  const episodes = store.episodes.list(runId);
  return { run, game, report: summarizeRun(episodes, game.metrics.map((m) => m.key)), episodes };
}
