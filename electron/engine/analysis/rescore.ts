import type { Score } from '../core/game';
import { planWithSettings } from '../core/run-plan';
import type { Store } from '../store/store';
import { summarizeRun, type RunReport } from './report';

const sameScores = (a: readonly Score[], stored: Record<string, number> | null, seatScores: Record<string, Record<string, number>>) => {
  const flat = (scores: readonly Score[]) => scores.filter((s) => Number.isFinite(s.value)).map((s) => `${s.seat ?? ''}\u0000${s.metric}\u0000${s.value}`).sort();
  const storedList: Score[] = [
    ...Object.entries(stored ?? {}).map(([metric, value]) => ({ metric, value })),
    ...Object.entries(seatScores).flatMap(([seat, m]) => Object.entries(m).map(([metric, value]) => ({ seat, metric, value }))),
  ];
  return JSON.stringify(flat(a)) === JSON.stringify(flat(storedList));
};

/**
 * Recomputes every finished episode's outcome and scores from its stored events alone, through the
 * game's pure scorer (no model call), with the run's own settings or overrides; `write` stores them.
 */
export function rescoreRun(store: Store, runId: number, overrides: Record<string, unknown> = {}, write = false): { report: RunReport; changed: number } {
  const { game, settings, config } = planWithSettings(store.runs.get(runId), overrides);
  const episodes = store.episodes.list(runId);
  let changed = 0;
  const results = episodes.flatMap((e) => {
    if (e.status !== 'done') return [];
    const result = game.score({ events: store.events.list(e.id), instance: e.instance, settings, seats: e.seats });
    if (result.outcome !== e.outcome || !sameScores(result.scores, e.scores, e.seatScores)) changed++;
    return [{ episodeId: e.id, ...result }];
  });
  if (write) {
    store.transaction(() => {
      store.episodes.rescore(results);
      store.runs.updateConfig(runId, { ...config, settings });
    });
  }
  const byId = new Map(results.map((r) => [r.episodeId, Object.fromEntries(r.scores.filter((s) => !s.seat).map((s) => [s.metric, s.value]))]));
  const report = summarizeRun(
    episodes.map((e) => ({ ...e, scores: byId.get(e.id) ?? e.scores })),
    game.metrics.map((m) => m.key),
  );
  return { report, changed };
}
