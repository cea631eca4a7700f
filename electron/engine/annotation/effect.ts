/**
 * What corrected labels do to the scores. Only the metrics a game says can be recomputed (EDA: #Yes)
 * are: the corrections are applied to the annotated events and the game's pure scorer runs again.
 * The rest of a game would have gone otherwise, so it cannot be recomputed.
 */
import type { AnnotationResultsView } from '../../../shared/api/views';
import type { EventRecord, EventRow } from '../core/events';
import type { AnnotationHooks, Game } from '../core/game';
import { gameOfRun } from '../games/registry';
import type { AnnotationItemRow } from '../store/annotations';
import type { Store } from '../store/store';
import { corrections, type LabelledItem } from './results';

export function recomputedMetrics(store: Store, game: Game<unknown>, hooks: AnnotationHooks, items: readonly LabelledItem[], rows: readonly AnnotationItemRow[]): AnnotationResultsView['scoreEffect'] {
  const keys: readonly string[] = hooks.info.recompute.metrics;
  const gold = corrections(items);
  const byEpisode = new Map<number, { eventId: number; label: string }[]>();
  for (const row of rows) {
    const label = gold.get(row.itemId);
    if (label === undefined) continue;
    byEpisode.set(row.episodeId, [...(byEpisode.get(row.episodeId) ?? []), { eventId: row.eventId, label }]);
  }
  const settingsOf = new Map<number, unknown>();
  const asPlayed: Record<string, number[]> = Object.fromEntries(keys.map((k) => [k, []]));
  const corrected: Record<string, number[]> = Object.fromEntries(keys.map((k) => [k, []]));
  let episodes = 0;
  let changed = 0;
  for (const [episodeId, fixes] of byEpisode) {
    const episode = store.episodes.get(episodeId);
    if (episode.status !== 'done' || !episode.scores) continue;
    if (!settingsOf.has(episode.runId)) settingsOf.set(episode.runId, gameOfRun(store.runs.get(episode.runId)).settings);
    const settings = settingsOf.get(episode.runId);
    const events = store.events.list(episodeId);
    const score = (list: readonly EventRecord[]) => {
      const scores = game.score({ events: list, instance: episode.instance, settings, seats: episode.seats }).scores;
      return Object.fromEntries(keys.map((k) => [k, scores.find((s) => !s.seat && s.metric === k)?.value ?? null]));
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
      if (keys.some((k) => alone[k] !== before[k])) changed++;
    }
    const after = score(apply(events, fixes));
    episodes++;
    for (const k of keys) {
      const played = episode.scores[k];
      if (played !== undefined) asPlayed[k]!.push(played);
      if (after[k] !== null && after[k] !== undefined) corrected[k]!.push(after[k]);
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
