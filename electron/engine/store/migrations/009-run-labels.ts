import type { Migration } from './migration';

/** Released with schema version 9: never edit, append a new migration instead. */
export const migration009: Migration = {
  version: 9,
  name: 'run tags and notes',
  sql: `
      -- A researcher's own words about a run: free text, and short tags to find and group runs by.
      ALTER TABLE runs ADD COLUMN note TEXT NOT NULL DEFAULT '';
      CREATE TABLE run_tags (
        run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        tag TEXT NOT NULL,
        PRIMARY KEY (run_id, tag)
      ) WITHOUT ROWID;
      CREATE INDEX run_tags_by_tag ON run_tags(tag, run_id);
    `,
};
