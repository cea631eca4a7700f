/**
 * What corrected labels do to the scores. Only the metrics a game says can be recomputed (EDA: #Yes)
 * are: the corrections are applied to the annotated events and the game's pure scorer runs again.
 * The rest of a game would have gone otherwise, so it cannot be recomputed.
 */
import type { AnnotationResultsView } from '../../../shared/api/views';
import { planOfRun } from '../core/run-plan';
import type { EventRecord, EventRow } from '../core/events';
import type { Game, Score } from '../core/game';

import type { AnnotationItemRow } from '../store/annotations';
import type { Store } from '../store/store';
import { corrections, type LabelledItem } from './results';
import { type AnnotationHooks } from '../capabilities/annotation/provision';

export function recomputedMetrics(store: Store, game: Game<unknown>, hooks: AnnotationHooks, items: readonly LabelledItem[], rows: readonly AnnotationItemRow[]): AnnotationResultsView['scoreEffect'] {
  const keys: readonly string[] = hooks.info.recompute.metrics;
  const gold = corrections(items);
  const byEpisode = new Map<number, { eventId: number; label: string }[]>();
  for (const row of rows) {
    const label = gold.get(row.itemId);
    if (label === undefined) continue;
    byEpisode.set(row.episodeId, [...(byEpisode.get(row.episodeId) ?? []), { eventId: row.eventId, label }]);
  }
  const seatScoped = new Set(game.metrics.filter((m) => m.scope === 'seat').map((m) => m.key));
  // A metric's values in one episode: its one value, or one per seat for a seat metric (AGE's comprehension).
  const valuesOf = (scores: readonly Score[], key: string) => new Map(scores.filter((s) => s.metric === key && Boolean(s.seat) === seatScoped.has(key)).map((s) => [s.seat ?? '', s.value]));
  const same = (a: Map<string, number>, b: Map<string, number>) => a.size === b.size && [...a].every(([seat, v]) => b.get(seat) === v);
  const settingsOf = new Map<number, unknown>();
  const asPlayed: Record<string, number[]> = Object.fromEntries(keys.map((k) => [k, []]));
  const corrected: Record<string, number[]> = Object.fromEntries(keys.map((k) => [k, []]));
  let episodes = 0;
  let changed = 0;
  for (const [episodeId, fixes] of byEpisode) {
    const episode = store.episodes.get(episodeId);
    if (episode.status !== 'done' || !episode.scores) continue;
    if (!settingsOf.has(episode.runId)) settingsOf.set(episode.runId, planOfRun(store.runs.get(episode.runId)).settings);
    const settings = settingsOf.get(episode.runId);
    const events = store.events.list(episodeId);
    const score = (list: readonly EventRecord[]) => {
      const scores = game.score({ events: list, instance: episode.instance, settings, seats: episode.seats }).scores;
      return Object.fromEntries(keys.map((k) => [k, valuesOf(scores, k)]));
    };
    const apply = (list: readonly EventRow[], which: readonly { eventId: number; label: string }[]) =>
      list.map((e) => {
        const fix = which.find((f) => f.eventId === e.id);
        return fix ? hooks.relabel(e, fix.label) : e;
      });
    const before = score(events);
    // A correction changes the scores when it changes a recomputed metric on its own (EDA: yes ↔ not yes).
    for (const fix of fixes) {
      const alone = score(apply(events, [fix]));
      if (keys.some((k) => !same(alone[k]!, before[k]!))) changed++;
    }
    const after = score(apply(events, fixes));
    episodes++;
    for (const k of keys) {
      const played = seatScoped.has(k) ? Object.values(episode.seatScores).map((m) => m[k]) : [episode.scores[k]];
      asPlayed[k]!.push(...played.filter((v): v is number => v !== undefined));
      corrected[k]!.push(...after[k]!.values());
    }
  }
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
  return {
    episodes,
    changed,
    metrics: keys.map((key) => ({ key, label: game.metrics.find((m) => m.key === key)?.label ?? key, asPlayed: mean(asPlayed[key]!), corrected: mean(corrected[key]!) })),
    note: hooks.info.recompute.note,
  };
}
