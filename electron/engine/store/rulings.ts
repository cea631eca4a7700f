/**
 * Rulings: a third person's decision on an item its annotators disputed. Kept apart from the labels
 * (a ruling is not a vote: agreement is measured without it); every ruling is kept, and an item's
 * newest one that is not undone is its ruling.
 */
import { NotFoundError } from '../errors';
import type { Db, Row } from './db';
import { laterThan } from './label-time';
import { str } from './rows';
import { childUid } from './uid';

export interface RulingRow {
  id: number;
  itemId: number;
  adjudicator: string;
  verdict: 'correct' | 'wrong' | 'ambiguous';
  answer: string | null;
  note: string | null;
  ruledAt: string;
  undoneAt: string | null;
  /** The item's ruling now: its newest not undone. */
  standing: boolean;
}

/** A ruling is the item's own when no newer ruling of the item stands beside it. */
const STANDING = `(r.undone_at IS NULL AND NOT EXISTS (SELECT 1 FROM rulings o WHERE o.item_id = r.item_id AND o.undone_at IS NULL
  AND (o.ruled_at > r.ruled_at OR (o.ruled_at = r.ruled_at AND o.uid > r.uid))))`;

const SELECT = `SELECT r.*, p.name AS adjudicator, ${STANDING} AS standing FROM rulings r JOIN annotators p ON p.id = r.adjudicator_id`;

const toRuling = (row: Row): RulingRow => ({
  id: Number(row.id),
  itemId: Number(row.item_id),
  adjudicator: String(row.adjudicator),
  verdict: row.verdict as RulingRow['verdict'],
  answer: str(row.answer),
  note: str(row.note),
  ruledAt: String(row.ruled_at),
  undoneAt: str(row.undone_at),
  standing: row.standing === 1,
});

export class Rulings {
  constructor(private readonly db: Db) {}

  /** Every ruling of a set's items (undone ones too), oldest first. */
  all(setId: number): RulingRow[] {
    return (this.db.q(`${SELECT} JOIN annotation_items i ON i.id = r.item_id WHERE i.set_id = ? ORDER BY r.ruled_at, r.id`).all(setId) as Row[]).map(toRuling);
  }

  /** The standing ruling of each ruled item of a set. */
  standing(setId: number): Map<number, RulingRow> {
    return new Map(this.all(setId).filter((r) => r.standing).map((r) => [r.itemId, r]));
  }

  add(ruling: { itemId: number; adjudicatorId: number; verdict: RulingRow['verdict']; answer: string | null; note: string | null }): void {
    this.db.tx(() => {
      const item = this.db.q(`SELECT uid FROM annotation_items WHERE id = ?`).pluck().get(ruling.itemId) as string | undefined;
      if (item === undefined) throw new NotFoundError('annotation item', ruling.itemId);
      const adjudicator = this.db.q(`SELECT uid FROM annotators WHERE id = ?`).pluck().get(ruling.adjudicatorId) as string;
      const last = this.db.q(`SELECT MAX(ruled_at) FROM rulings WHERE item_id = ? AND adjudicator_id = ?`).pluck().get(ruling.itemId, ruling.adjudicatorId) as string | null;
      const at = laterThan(last);
      this.db
        .q(`INSERT INTO rulings (uid, item_id, adjudicator_id, verdict, answer, note, ruled_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .run(childUid(item, 'ruling', adjudicator, at), ruling.itemId, ruling.adjudicatorId, ruling.verdict, ruling.answer, ruling.note, at);
    });
  }

  /** Marks the adjudicator's newest ruling in a set that is not undone yet as undone; returns its item, or null when there is none. */
  undo(setId: number, adjudicatorId: number): number | null {
    return this.db.tx(() => {
      const row = this.db
        .q(`SELECT r.id, r.item_id FROM rulings r JOIN annotation_items i ON i.id = r.item_id
            WHERE i.set_id = ? AND r.adjudicator_id = ? AND r.undone_at IS NULL ORDER BY r.ruled_at DESC, r.id DESC LIMIT 1`)
        .get(setId, adjudicatorId) as Row | undefined;
      if (!row) return null;
      this.db.q(`UPDATE rulings SET undone_at = ? WHERE id = ?`).run(laterThan(null), row.id);
      return Number(row.item_id);
    });
  }
}
