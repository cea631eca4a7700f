/** One flat row per episode, the unit researchers analyse: the core's columns, the game's metrics, the game's extras. */
import { outcomeName } from '../../../shared/contract/game';
import { capabilityOf, type Provisions } from '../core/capability';
import { orderSeats } from '../core/game';
import { EXPERIMENT_TAG } from '../core/selection';
import { subjectOf } from '../core/subjects';
import { gameById } from '../core/catalog';
import type { EpisodeRow, Store } from '../store/store';

export type EpisodeExportRow = Record<string, string | number | null>;

/**
 * Columns: run, episode, game, dataset, subset and instance (named as the game names them: EDA's
 * `split`, `entity`), repetition, the player in each seat, status, outcome (in the game's words: win,
 * loss), each metric (seat-level ones as `<seat>_<metric>`), the error, then the game's own columns.
 * Data grouped in experiments (clembench) also get clembench's columns: experiment, episode (the
 * instance's key), player (the ranked players, `a--b` for a pair) and aborted (0/1). Runs with a
 * person in a seat end with `hinted` (1 when they asked a hint model for help, else 0).
 */
export function episodeExportRows(store: Store, runId: number): EpisodeExportRow[] {
  const run = store.runs.get(runId);
  const game = gameById(run.game);
  const seats = orderSeats(run.seats, game);
  const columns = capabilityOf(game, 'export-columns');
  const extras = Object.keys(columns?.([]) ?? {});
  const seatMetrics = game.metrics.filter((m) => m.scope === 'seat');
  const episodes = store.episodes.list(runId);
  const grouped = episodes.some((e) => e.instance.tags[EXPERIMENT_TAG] !== undefined);
  const player = subjectOf(run, game)?.name ?? '';
  // Runs with a person in a seat say which games were helped by a hint model.
  const people = run.seats.some((s) => s.playerKind === 'human');
  return episodes.map((e) => ({
    run_id: e.runId,
    episode_id: e.id,
    game: e.game,
    dataset: e.datasetName,
    [game.view.nouns.subset]: e.instance.subset,
    ...(grouped ? { experiment: e.instance.tags[EXPERIMENT_TAG] ?? '', episode: e.instance.key, player } : {}),
    [game.view.nouns.instance]: e.instance.name,
    repetition: e.repetition,
    ...Object.fromEntries(seats.map((s) => [s.seat, e.seats.find((x) => x.seat === s.seat)?.player ?? ''])),
    status: e.status,
    outcome: e.outcome ? outcomeName(game.view, e.outcome, e.scores) : '',
    ...(grouped ? { aborted: e.outcome ? (e.outcome === 'aborted' ? 1 : 0) : '' } : {}),
    ...Object.fromEntries(game.metrics.filter((m) => m.scope !== 'seat').map((m) => [m.key, e.scores?.[m.key] ?? null])),
    ...Object.fromEntries(seats.flatMap((s) => seatMetrics.map((m) => [`${s.seat}_${m.key}`, e.seatScores[s.seat]?.[m.key] ?? null]))),
    error_kind: e.errorKind ?? '',
    error: e.error ?? '',
    ...extraColumns(store, columns, e, extras),
    ...(people ? { hinted: store.models.hasCall(e.id, 'hint') ? 1 : 0 } : {}),
  }));
}

function extraColumns(store: Store, columns: Provisions<unknown>['export-columns'] | undefined, e: EpisodeRow, keys: string[]): Record<string, string | number | null> {
  if (!columns) return {};
  if (e.status !== 'done') return Object.fromEntries(keys.map((k) => [k, '']));
  return columns(store.events.list(e.id));
}
