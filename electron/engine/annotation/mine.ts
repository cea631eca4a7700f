/** An annotator's own labels (to reopen and relabel any of them) and every annotator's progress in a set. */
import type { AnnotationMineView, AnnotatorProgressRow } from '../../../shared/api/annotation-views';
import type { Store } from '../store/store';
import { gameOfSet, itemView, progressOf } from './sets';

/** The annotator's labels in a set, skips included, newest first; each an item they can reopen. */
export function myLabels(store: Store, setId: number, annotator: string): AnnotationMineView[] {
  const { hooks } = gameOfSet(store, setId);
  const mine = store.annotations.labels(setId).filter((l) => l.annotator === annotator);
  if (!mine.length) return [];
  const rows = new Map(store.annotations.items(setId, hooks.labelKey).map((r) => [r.itemId, r]));
  // Many items share an episode (EDA: a game's turns): read each episode's events once.
  const episodes = new Map<number, ReturnType<Store['events']['list']>>();
  const eventsOf = (episodeId: number) => episodes.get(episodeId) ?? episodes.set(episodeId, store.events.list(episodeId)).get(episodeId)!;
  return mine.reverse().map((l) => {
    const row = rows.get(l.itemId)!;
    return { item: itemView(store, hooks, row, eventsOf(row.episodeId)), verdict: l.verdict, answer: l.answer, note: l.note, labelledAt: l.labelledAt };
  });
}

/** Done/total for everyone who has labelled in the set, and for `also` (the one at the queue) even before their first label. */
export function everyoneProgress(store: Store, setId: number, also?: string): AnnotatorProgressRow[] {
  const names = new Set(store.annotations.getSet(setId).annotators);
  if (also) names.add(also);
  return [...names].sort((a, b) => a.localeCompare(b)).map((annotator) => ({ annotator, ...progressOf(store, setId, annotator) }));
}
