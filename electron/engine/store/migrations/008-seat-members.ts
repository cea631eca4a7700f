import type { Migration } from './migration';

/** Released with schema version 8: never edit, append a new migration instead. */
export const migration008: Migration = {
  version: 8,
  name: 'several models fill one role: which of them holds each seat',
  sql: `
      -- AGE seats four models as players of one role; a run's config lists them, and each seat of the
      -- run is held by one of them for the whole run. Every earlier run had one model per role: 0.
      ALTER TABLE run_seats ADD COLUMN member INTEGER NOT NULL DEFAULT 0;
    `,
};
