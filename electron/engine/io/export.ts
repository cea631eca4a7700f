import { stringify } from 'csv-stringify/sync';
import type { EpisodeRow, Store } from '../store/store';

/** One flat row per episode, the unit researchers analyse. */
export interface EpisodeExportRow {
  run_id: number;
  episode_id: number;
  game: string;
  dataset: string;
  split: string;
  entity: string;
  repetition: number;
  guesser: string;
  judge: string;
  status: string;
  outcome: string;
  turns: number | null;
  success: number | null;
  yes: number | null;
  score: number | null;
  error_kind: string;
  error: string;
  final_question: string;
}

export function episodeExportRows(store: Store, runId: number): EpisodeExportRow[] {
  store.getRun(runId);
  return store.listEpisodes(runId).map((e: EpisodeRow) => {
    const last = e.status === 'done' ? store.getTurns(e.id).at(-1) : undefined;
    return {
      run_id: e.runId,
      episode_id: e.id,
      game: e.game,
      dataset: e.datasetName,
      split: e.split,
      entity: e.entity,
      repetition: e.repetition,
      guesser: e.players.guesser ?? '',
      judge: e.players.judge ?? '',
      status: e.status,
      outcome: e.outcome ?? '',
      turns: e.metrics?.turns ?? null,
      success: e.metrics?.success ?? null,
      yes: e.metrics?.yes ?? null,
      score: e.metrics?.score ?? null,
      error_kind: e.errorKind ?? '',
      error: e.error ?? '',
      final_question: last?.guesserSent ?? '',
    };
  });
}

/** Cells a spreadsheet would run as a formula are prefixed with an apostrophe (OWASP CSV injection). */
function defuse(value: unknown): unknown {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 CSV with a header row and CRLF line ends. */
export function toCsv(rows: readonly object[]): string {
  if (rows.length === 0) return '';
  const columns = Object.keys(rows[0]!);
  const safe = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, defuse(v)])));
  return stringify(safe, { header: true, columns, record_delimiter: '\r\n', cast: { number: (n) => String(n) } });
}

export function toJsonl(rows: readonly object[]): string {
  return rows.map((row) => JSON.stringify(row)).join('\n') + (rows.length ? '\n' : '');
}
