import type { Migration } from './migration';

/** Released with schema version 11: never edit, append a new migration instead. */
export const migration011: Migration = {
  version: 11,
  name: 'fixed subsets',
  sql: `
      -- A user's named, seeded sample of one split; its instance keys are drawn once and kept, so it
      -- holds the same items for as long as it exists. (A game's own fixed subsets are not stored.)
      CREATE TABLE fixed_subsets (
        name       TEXT PRIMARY KEY,
        game       TEXT NOT NULL,
        dataset    TEXT NOT NULL,
        subset     TEXT NOT NULL,
        size       INTEGER NOT NULL CHECK (size > 0),
        seed       INTEGER NOT NULL,
        keys       TEXT NOT NULL,
        note       TEXT,
        created_at TEXT NOT NULL
      );
  `,
};
