/**
 * The API's annotator, label-history and adjudication methods: their inputs (spread into API_INPUTS)
 * and results (extended by ApiOutputs). Kept apart so contract.ts stays one screenful per area.
 */
import { z } from 'zod';
import { AnnotatorSchema, VerdictSchema } from '../contract/annotation';
import { plainText } from '../contract/plain-text';
import type { AnnotationHistoryEntry, AnnotationReviewView, AnnotatorsView, AnnotatorView } from './adjudication-views';

const Id = z.number().int().positive();
const Name = plainText(AnnotatorSchema, 'a name');
const Note = plainText(z.string().max(2000), 'a note', 'lines');
/** A ruling decides an item: it cannot be a skip. */
const RulingVerdict = VerdictSchema.exclude(['skip']);

export const ADJUDICATION_INPUTS = {
  /** Everyone who labels in this database, and who the app labels as. */
  'annotators.list': z.object({}).strict(),
  /** A new person (a name differing from another only in case is refused). */
  'annotators.create': z.object({ name: Name }).strict(),
  /** Makes an existing annotator the one this database labels as (refused where a pack fixed it). */
  'annotators.use': z.object({ name: Name }).strict(),
  /** The annotator's own labels of an item, newest first (replaced and undone ones too). */
  'annotations.history': z.object({ setId: Id, itemId: Id, annotator: Name }).strict(),
  /** Disputed items for `adjudicator` to rule on, and those ruled; without one, every unruled disputed item. */
  'annotations.review': z.object({ setId: Id, adjudicator: Name.optional() }).strict(),
  /** A third person's ruling on a disputed item they did not label. */
  'annotations.rule': z
    .object({ setId: Id, itemId: Id, adjudicator: Name, verdict: RulingVerdict, answer: z.string().min(1).max(40).optional(), note: Note.optional() })
    .strict(),
  /** Takes back the adjudicator's newest ruling in the set (kept in the item's history as undone). */
  'annotations.undoRuling': z.object({ setId: Id, adjudicator: Name }).strict(),
} as const;

export interface AdjudicationOutputs {
  'annotators.list': AnnotatorsView;
  'annotators.create': AnnotatorView;
  'annotators.use': AnnotatorsView;
  'annotations.history': AnnotationHistoryEntry[];
  'annotations.review': AnnotationReviewView;
  'annotations.rule': { waiting: number };
  'annotations.undoRuling': { itemId: number | null };
}
