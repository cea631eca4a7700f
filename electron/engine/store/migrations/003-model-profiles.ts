import { NOW, type Migration } from './migration';

/** Released with schema version 3: never edit, append a new migration instead. */
export const migration003: Migration = {
  version: 3,
  name: 'desktop app: named model profiles',
  sql: `
      -- Models as the user saved them in the UI. Keys are never here: the config names the
      -- environment variable, or the key-store entry, that holds the secret.
      CREATE TABLE model_profiles (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        config     TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${NOW},
        updated_at TEXT NOT NULL DEFAULT ${NOW}
      );
    `,
};
