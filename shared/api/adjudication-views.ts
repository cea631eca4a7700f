/** Annotators, label history and the review queue as the API returns them (re-exported by contract.ts). */
import type { AnnotationInfo } from '../contract/game';
import type { AnnotationItemView } from './annotation-views';

/** A person who labels (`annotators.list`). */
export interface AnnotatorView {
  id: number;
  uid: string;
  name: string;
  createdAt: string;
}

/** Everyone who labels in this database, and who the app labels as (null until someone is chosen); `fixed`: a pack chose them, no switching. */
export interface AnnotatorsView {
  annotators: AnnotatorView[];
  current: AnnotatorView | null;
  fixed: boolean;
}

/** Whether a label or ruling counts: `standing` (the newest not undone), `replaced` by a newer one, or `undone`. */
export type HistoryState = 'standing' | 'replaced' | 'undone';

/** One label in an item's history. */
export interface AnnotationHistoryEntry {
  annotator: string;
  verdict: 'correct' | 'wrong' | 'ambiguous' | 'skip';
  answer: string | null;
  note: string | null;
  labelledAt: string;
  state: HistoryState;
}

/** A third person's ruling on a disputed item. */
export interface AnnotationRulingView {
  adjudicator: string;
  verdict: 'correct' | 'wrong' | 'ambiguous';
  answer: string | null;
  note: string | null;
  ruledAt: string;
  state: HistoryState;
}

/** A disputed item as the review page shows it. */
export interface AnnotationReviewItemView {
  item: AnnotationItemView;
  /** Each annotator's standing label (skips aside), by name. */
  labels: { annotator: string; verdict: 'correct' | 'wrong' | 'ambiguous'; answer: string | null; note: string | null; labelledAt: string }[];
  /** The annotators' majority (a label or `ambiguous`), or null for an even split (a tie). */
  majority: string | null;
  /** The standing ruling, if any. */
  ruling: AnnotationRulingView | null;
  /** Every label of the item, replaced and undone ones too, newest first. */
  history: AnnotationHistoryEntry[];
  /** Every ruling of the item, newest first. */
  rulings: AnnotationRulingView[];
}

/** A set's review queue for one adjudicator (`annotations.review`). */
export interface AnnotationReviewView {
  info: AnnotationInfo;
  /** Disputed items without a ruling that this person did not label: ties first, then in set order. */
  queue: AnnotationReviewItemView[];
  /** Items with a ruling, newest ruling first (to reopen and rule again). */
  ruled: AnnotationReviewItemView[];
  /** Disputed items without a ruling that this person labelled: someone else rules on those. */
  labelledByYou: number;
  /** Every item whose annotators disagree, ruled or not. */
  disputed: number;
}
