/**
 * Adjudication: items whose annotators disagree (ties among them) wait in a review queue, and a third
 * person's ruling decides the item. A ruling is kept apart from the labels, so agreement is measured
 * on the annotators' labels alone; every result that needs an item's correct label uses the ruling.
 */
import type { AnnotationHistoryEntry, AnnotationReviewItemView, AnnotationReviewView, AnnotationRulingView, HistoryState } from '../../../shared/api/adjudication-views';
import type { Verdict } from '../../../shared/contract/annotation';
import type { AnnotationItemRow, LabelHistoryRow } from '../store/annotations';
import type { RulingRow } from '../store/rulings';
import type { Store } from '../store/store';
import { goldAnswer, type LabelledItem } from './results';
import { isDisputed } from './review';
import { AnnotationError, gameOfSet, itemOf, itemView, labelledItems, settleVerdict } from './sets';

const stateOf = (row: { standing: boolean; undoneAt: string | null }): HistoryState => (row.standing ? 'standing' : row.undoneAt ? 'undone' : 'replaced');

const historyEntry = (l: LabelHistoryRow): AnnotationHistoryEntry => ({ annotator: l.annotator, verdict: l.verdict, answer: l.answer, note: l.note, labelledAt: l.labelledAt, state: stateOf(l) });

const rulingView = (r: RulingRow): AnnotationRulingView => ({ adjudicator: r.adjudicator, verdict: r.verdict, answer: r.answer, note: r.note, ruledAt: r.ruledAt, state: stateOf(r) });

/** An annotator's own labels of one item, newest first: what the labelling page shows beside it (never the others', so labels stay independent). */
export function itemHistory(store: Store, setId: number, itemId: number, annotator: string): AnnotationHistoryEntry[] {
  const { hooks } = gameOfSet(store, setId);
  itemOf(store, hooks, setId, itemId);
  return store.annotations.history(itemId, annotator).map(historyEntry);
}

/**
 * Which items of a set are disputed and where each stands for `adjudicator` (without one: every
 * unruled disputed item is theirs). Ties come first in the queue (without a ruling they have no
 * correct label at all), then the other disagreements in set order.
 */
function triage(store: Store, setId: number, adjudicator: string | undefined) {
  const { game, hooks } = gameOfSet(store, setId);
  const { items, rows } = labelledItems(store, game, hooks, setId);
  const rowOf = new Map(rows.map((r) => [r.itemId, r]));
  const disputed = items.filter(isDisputed);
  const unruled = disputed.filter((i) => !i.ruling);
  const mine = (i: LabelledItem) => adjudicator !== undefined && i.labels.some((l) => l.annotator === adjudicator);
  const tieFirst = (i: LabelledItem) => (goldAnswer(i.labels) === 'tie' ? 0 : 1);
  const queue = unruled.filter((i) => !mine(i)).sort((a, b) => tieFirst(a) - tieFirst(b) || rowOf.get(a.itemId)!.position - rowOf.get(b.itemId)!.position);
  return { hooks, rowOf, items, disputed, queue, labelledByYou: unruled.filter(mine).length };
}

/** The review queue of a set for `adjudicator`, with every disputed item's labels, history and rulings. */
export function review(store: Store, setId: number, adjudicator?: string): AnnotationReviewView {
  const { hooks, rowOf, items, disputed, queue, labelledByYou } = triage(store, setId, adjudicator);
  const all = store.rulings.all(setId);
  const standing = store.annotations.labels(setId);
  const ruledAt = (i: LabelledItem) => all.find((r) => r.itemId === i.itemId && r.standing)!.ruledAt;
  const ruled = items.filter((i) => i.ruling).sort((a, b) => ruledAt(b).localeCompare(ruledAt(a)));
  // Many items share an episode (EDA: a game's turns): read each episode's events once.
  const episodes = new Map<number, ReturnType<Store['events']['list']>>();
  const view = (i: LabelledItem): AnnotationReviewItemView => {
    const row = rowOf.get(i.itemId)!;
    const events = episodes.get(row.episodeId) ?? episodes.set(row.episodeId, store.events.list(row.episodeId)).get(row.episodeId)!;
    const gold = goldAnswer(i.labels);
    const rulings = all.filter((r) => r.itemId === i.itemId).reverse().map(rulingView);
    return {
      item: itemView(store, hooks, row, events),
      labels: standing
        .filter((l) => l.itemId === i.itemId && l.verdict !== 'skip')
        .map((l) => ({ annotator: l.annotator, verdict: l.verdict as 'correct' | 'wrong' | 'ambiguous', answer: l.answer, note: l.note, labelledAt: l.labelledAt }))
        .sort((a, b) => a.annotator.localeCompare(b.annotator)),
      majority: gold === 'tie' ? null : gold,
      ruling: rulings.find((r) => r.state === 'standing') ?? null,
      history: store.annotations.history(i.itemId).map(historyEntry),
      rulings,
    };
  };
  return { info: hooks.info, queue: queue.map(view), ruled: ruled.map(view), labelledByYou, disputed: disputed.length };
}

/** Whether `item` may be ruled on by `adjudicator`: it is disputed (or ruled already), and they did not label it. */
function checkRuling(store: Store, setId: number, item: AnnotationItemRow, adjudicator: string): void {
  const labelled = triage(store, setId, adjudicator).items.find((i) => i.itemId === item.itemId)!;
  if (!isDisputed(labelled) && !labelled.ruling) {
    throw new AnnotationError(`Item ${item.position} of set ${setId} is not disputed (its annotators agree, or fewer than two labelled it): there is nothing to rule on.`);
  }
  if (labelled.labels.some((l) => l.annotator === adjudicator)) {
    throw new AnnotationError(`${adjudicator} labelled item ${item.position}: a ruling comes from someone who did not label it.`);
  }
}

/** Records a ruling (kept beside earlier ones: the newest counts); the verdict reads as a label's does. */
export function rule(store: Store, input: { setId: number; itemId: number; adjudicator: string; verdict: Exclude<Verdict, 'skip'>; answer?: string; note?: string }): { waiting: number } {
  const { hooks } = gameOfSet(store, input.setId);
  const item = itemOf(store, hooks, input.setId, input.itemId);
  const settled = settleVerdict(hooks, item, input.verdict, input.answer);
  const verdict = settled.verdict as Exclude<Verdict, 'skip'>;
  store.annotators.checkActing(input.adjudicator);
  store.transaction(() => {
    checkRuling(store, input.setId, item, input.adjudicator);
    const adjudicatorId = store.annotators.ensure(input.adjudicator).id;
    store.rulings.add({ itemId: input.itemId, adjudicatorId, verdict, answer: settled.answer, note: input.note?.trim() || null });
  });
  return { waiting: triage(store, input.setId, input.adjudicator).queue.length };
}

/** Takes back the adjudicator's newest ruling in the set (kept, marked undone); its item, or null when there is none. */
export function undoRuling(store: Store, setId: number, adjudicator: string): { itemId: number | null } {
  gameOfSet(store, setId);
  const who = store.annotators.byName(adjudicator);
  return { itemId: who ? store.rulings.undo(setId, who.id) : null };
}
