import { NOW, type Migration } from './migration';

/** Released with schema version 4: never edit, append a new migration instead. */
export const migration004: Migration = {
  version: 4,
  name: 'judge-error annotation: sets, items, labels',
  sql: `
      CREATE TABLE annotation_sets (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        spec       TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${NOW}
      );

      -- One judge turn to be checked; in_overlap items are labelled by every annotator.
      CREATE TABLE annotation_items (
        id         INTEGER PRIMARY KEY,
        set_id     INTEGER NOT NULL REFERENCES annotation_sets(id),
        turn_id    INTEGER NOT NULL REFERENCES turns(id),
        position   INTEGER NOT NULL,
        stratum    TEXT,
        in_overlap INTEGER NOT NULL DEFAULT 1,
        UNIQUE (set_id, turn_id),
        UNIQUE (set_id, position)
      );

      -- An annotator's current label of an item; relabelling replaces it (a newer id), undo deletes the newest.
      CREATE TABLE annotations (
        id          INTEGER PRIMARY KEY,
        item_id     INTEGER NOT NULL REFERENCES annotation_items(id),
        annotator   TEXT NOT NULL,
        verdict     TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'ambiguous', 'skip')),
        answer      TEXT CHECK (answer IN ('yes', 'no', 'maybe', 'dunno')),
        note        TEXT,
        labelled_at TEXT NOT NULL DEFAULT ${NOW},
        UNIQUE (item_id, annotator)
      );
      CREATE INDEX annotations_by_item ON annotations(item_id, verdict);
    `,
};
