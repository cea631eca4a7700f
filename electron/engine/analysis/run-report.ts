import type { Game } from '../core/game';
import { seatRowsOf } from '../core/subjects';
import { gameById } from '../games/registry';
import type { EpisodeRow, RunRow, Store } from '../store/store';
import { summarizeRun, type EpisodeForReport, type RunReport } from './report';

export interface RunReportView {
  run: RunRow;
  game: Game<unknown>;
  report: RunReport;
  /**
   * Where several models fill a row role (AGE), one report per model: the episode's scores with its
   * seats' own (averaged over its seats when it holds several); null for a run of one row.
   */
  rows: { player: string; report: RunReport }[] | null;
  /**
   * Where one model holds each role but the game scores seats (the reference game: who aborted, the
   * expression's length), one report per seat with that seat's scores; null otherwise. Without it the
   * seat metrics would have no value on the run's page, though its CSV lists them per seat.
   */
  seats: { seat: string; role: string; player: string; report: RunReport }[] | null;
  /** The episodes the report was computed from. */
  episodes: EpisodeRow[];
}

/** An episode as one row sees it: its own scores and the mean over the row's seats of each seat metric. */
function rowEpisode(e: EpisodeRow, seats: readonly string[]): EpisodeForReport {
  if (!e.scores) return e;
  const sums = new Map<string, { sum: number; n: number }>();
  for (const seat of seats) {
    for (const [metric, value] of Object.entries(e.seatScores[seat] ?? {})) {
      const s = sums.get(metric) ?? { sum: 0, n: 0 };
      sums.set(metric, { sum: s.sum + value, n: s.n + 1 });
    }
  }
  return { ...e, scores: { ...e.scores, ...Object.fromEntries([...sums].map(([m, s]) => [m, s.sum / s.n])) } };
}

/** A run's table in the paper's form (EDA: Table 1), over its game's metrics. */
export function runReport(store: Store, runId: number): RunReportView {
  const run = store.runs.get(runId);
  const game = gameById(run.game);
  const episodes = store.episodes.list(runId);
  const keys = game.metrics.map((m) => m.key);
  const several = game.roles.some((r) => r.subject && r.several);
  const seatRows = [...seatRowsOf(run, game)];
  const players = [...new Set(seatRows.map(([, row]) => row))];
  const rows = several ? players.map((player) => ({ player, report: summarizeRun(episodes.map((e) => rowEpisode(e, seatRows.filter(([, r]) => r === player).map(([seat]) => seat))), keys) })) : null;
  const scoresSeats = !several && game.metrics.some((m) => m.scope === 'seat');
  const seats = scoresSeats ? run.seats.map((s) => ({ seat: s.seat, role: s.role, player: s.player, report: summarizeRun(episodes.map((e) => rowEpisode(e, [s.seat])), keys) })) : null;
  return { run, game, report: summarizeRun(episodes, keys), rows, seats, episodes };
}
