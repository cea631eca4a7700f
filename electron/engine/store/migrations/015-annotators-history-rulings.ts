import { NOW, type Migration } from './migration';

/**
 * Released with schema version 15: never edit, append a new migration instead.
 *
 * Annotators become rows (a name was all earlier versions kept on each label), labels are kept
 * rather than overwritten (each annotator's newest standing label counts), a third person's ruling
 * on a disputed item has its own table, and annotation rows get the uids that let two databases'
 * labels merge. Ids are kept: every existing set, item and label keeps its integer id.
 *
 * Existing rows get deterministic uids, so two copies of one old file agree: a set's from its
 * creation time, id and name; an annotator's from their name (the same name in two old files is
 * the same person: that is all those files said); an item's from its set and event; a label's
 * from its item, annotator and time. Old labels were unique per item and annotator, so each is
 * its annotator's newest and the numbers read from them do not change.
 */
export const migration015: Migration = {
  version: 15,
  name: 'annotators, label history, rulings',
  rebuildsTables: true,
  sql: `
      CREATE TABLE annotators (
        id         INTEGER PRIMARY KEY,
        uid        TEXT NOT NULL UNIQUE,
        name       TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL DEFAULT ${NOW}
      );
      INSERT INTO annotators (uid, name, created_at)
        SELECT parlor_named_uid('annotator', annotator), annotator, MIN(labelled_at) FROM annotations GROUP BY annotator ORDER BY MIN(id);

      -- Who labels in this database: chosen explicitly (never carried over from a name typed for
      -- another set); fixed = 1 when a pack made the file for one person. Local: never merged.
      CREATE TABLE current_annotator (
        slot         INTEGER PRIMARY KEY CHECK (slot = 1),
        annotator_id INTEGER NOT NULL REFERENCES annotators(id),
        fixed        INTEGER NOT NULL DEFAULT 0 CHECK (fixed IN (0, 1)),
        chosen_at    TEXT NOT NULL DEFAULT ${NOW}
      );

      CREATE TABLE annotation_sets_new (
        id         INTEGER PRIMARY KEY,
        uid        TEXT NOT NULL UNIQUE,
        name       TEXT NOT NULL UNIQUE,
        spec       TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${NOW}
      );
      INSERT INTO annotation_sets_new (id, uid, name, spec, created_at)
        SELECT id, parlor_named_uid('annotation_set', created_at, id, name), name, spec, created_at FROM annotation_sets ORDER BY id;

      CREATE TABLE annotation_items_new (
        id         INTEGER PRIMARY KEY,
        uid        TEXT NOT NULL UNIQUE,
        set_id     INTEGER NOT NULL REFERENCES annotation_sets(id),
        event_id   INTEGER NOT NULL REFERENCES events(id),
        position   INTEGER NOT NULL,
        stratum    TEXT,
        in_overlap INTEGER NOT NULL DEFAULT 1,
        UNIQUE (set_id, event_id),
        UNIQUE (set_id, position)
      );
      INSERT INTO annotation_items_new (id, uid, set_id, event_id, position, stratum, in_overlap)
        SELECT i.id, parlor_child_uid(s.uid, 'item', ev.uid), i.set_id, i.event_id, i.position, i.stratum, i.in_overlap
        FROM annotation_items i JOIN annotation_sets_new s ON s.id = i.set_id JOIN events ev ON ev.id = i.event_id
        ORDER BY i.id;

      -- Every label ever given, never overwritten: an annotator's newest label of an item that is not
      -- undone is the one that counts (a relabel adds a row; undo marks the newest undone). Times are
      -- unique per item and annotator (the store moves a label given within the same millisecond on by one).
      CREATE TABLE annotations_new (
        id           INTEGER PRIMARY KEY,
        uid          TEXT NOT NULL UNIQUE,
        item_id      INTEGER NOT NULL REFERENCES annotation_items(id),
        annotator_id INTEGER NOT NULL REFERENCES annotators(id),
        verdict      TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'ambiguous', 'skip')),
        answer       TEXT,
        note         TEXT,
        labelled_at  TEXT NOT NULL,
        undone_at    TEXT,
        UNIQUE (item_id, annotator_id, labelled_at)
      );
      INSERT INTO annotations_new (id, uid, item_id, annotator_id, verdict, answer, note, labelled_at)
        SELECT a.id, parlor_child_uid(i.uid, 'label', p.uid, a.labelled_at), a.item_id, p.id, a.verdict, a.answer, a.note, a.labelled_at
        FROM annotations a JOIN annotation_items_new i ON i.id = a.item_id JOIN annotators p ON p.name = a.annotator
        ORDER BY a.id;

      DROP TABLE annotations;
      DROP TABLE annotation_items;
      DROP TABLE annotation_sets;
      ALTER TABLE annotation_sets_new RENAME TO annotation_sets;
      ALTER TABLE annotation_items_new RENAME TO annotation_items;
      ALTER TABLE annotations_new RENAME TO annotations;
      CREATE INDEX annotations_by_annotator ON annotations(annotator_id, labelled_at);

      -- A third person's decision on an item its annotators disputed: not a vote (agreement is
      -- measured on the labels alone), but the item's correct label wherever one is used. The newest
      -- ruling of an item that is not undone counts.
      CREATE TABLE rulings (
        id             INTEGER PRIMARY KEY,
        uid            TEXT NOT NULL UNIQUE,
        item_id        INTEGER NOT NULL REFERENCES annotation_items(id),
        adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
        verdict        TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'ambiguous')),
        answer         TEXT,
        note           TEXT,
        ruled_at       TEXT NOT NULL,
        undone_at      TEXT,
        UNIQUE (item_id, adjudicator_id, ruled_at)
      );
      CREATE INDEX rulings_by_adjudicator ON rulings(adjudicator_id, ruled_at);
    `,
};
