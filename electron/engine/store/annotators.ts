/**
 * Annotators as people: one row each (name and uid), and the database's current annotator, the one
 * the app labels as. Choosing is always explicit: nothing here picks a person for a caller.
 */
import { ConflictError, UserError } from '../errors';
import type { Db, Row } from './db';
import { nowIso } from './rows';
import { newUid } from './uid';

export interface AnnotatorRow {
  id: number;
  uid: string;
  name: string;
  createdAt: string;
}

const toAnnotator = (row: Row): AnnotatorRow => ({ id: Number(row.id), uid: String(row.uid), name: String(row.name), createdAt: String(row.created_at) });

export class Annotators {
  constructor(private readonly db: Db) {}

  list(): AnnotatorRow[] {
    return (this.db.q(`SELECT * FROM annotators ORDER BY name COLLATE NOCASE, id`).all() as Row[]).map(toAnnotator);
  }

  byName(name: string): AnnotatorRow | null {
    const row = this.db.q(`SELECT * FROM annotators WHERE name = ?`).get(name) as Row | undefined;
    return row ? toAnnotator(row) : null;
  }

  /**
   * A new person. A name that differs from another only in case is refused too: "ada" and "Ada"
   * would be two annotators in the agreement report, which is never what was meant.
   */
  create(name: string): AnnotatorRow {
    return this.db.tx(() => {
      const same = this.db.q(`SELECT name FROM annotators WHERE name = ? COLLATE NOCASE`).pluck().get(name) as string | undefined;
      if (same !== undefined) throw new ConflictError(`An annotator named "${same}" already exists: choose them, or give another name.`);
      const id = Number(this.db.q(`INSERT INTO annotators (uid, name, created_at) VALUES (?, ?, ?)`).run(newUid(), name, nowIso()).lastInsertRowid);
      return toAnnotator(this.db.q(`SELECT * FROM annotators WHERE id = ?`).get(id) as Row);
    });
  }

  /**
   * The person a label or ruling is given as. An API caller that names someone new registers them
   * (the name was given explicitly, in the call); the app only sends the current annotator.
   */
  ensure(name: string): AnnotatorRow {
    return this.byName(name) ?? this.create(name);
  }

  /** The annotator the app labels as in this database, and whether a pack fixed them; null until someone is chosen. */
  current(): { annotator: AnnotatorRow; fixed: boolean } | null {
    const row = this.db.q(`SELECT p.*, c.fixed FROM current_annotator c JOIN annotators p ON p.id = c.annotator_id WHERE c.slot = 1`).get() as Row | undefined;
    return row ? { annotator: toAnnotator(row), fixed: row.fixed === 1 } : null;
  }

  /** In a file a pack fixed the annotator of, labels and rulings are theirs: any other name is refused, with one line. */
  checkActing(name: string): void {
    const now = this.current();
    if (now?.fixed && now.annotator.name !== name) throw new UserError(`This database was packed for ${now.annotator.name}: it takes labels as ${now.annotator.name} only, not as "${name}".`);
  }

  /** Makes an existing annotator the current one; refused where a pack fixed who labels in this file. `fixed` is for the pack's writer. */
  use(annotatorId: number, fixed = false): void {
    this.db.tx(() => {
      const now = this.current();
      if (now?.fixed && now.annotator.id !== annotatorId) throw new UserError(`This database was packed for ${now.annotator.name}: its labels are theirs, and the annotator cannot be changed here.`);
      this.db
        .q(`INSERT INTO current_annotator (slot, annotator_id, fixed, chosen_at) VALUES (1, ?, ?, ?)
            ON CONFLICT (slot) DO UPDATE SET annotator_id = excluded.annotator_id, fixed = MAX(fixed, excluded.fixed), chosen_at = excluded.chosen_at`)
        .run(annotatorId, fixed ? 1 : 0, nowIso());
    });
  }
}
