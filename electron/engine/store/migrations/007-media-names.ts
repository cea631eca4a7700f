import { NOW, type Migration } from './migration';

/** Released with schema version 7: never edit, append a new migration instead. */
export const migration007: Migration = {
  version: 7,
  name: 'multimodal games: the images a game names, found once and kept by name',
  sql: `
      -- A game names its images (clembench resource paths, URLs); the first time Parlor finds one
      -- (rendered, a user's folder, a download) its bytes go to media and its name points here, so
      -- every later run and a resumed episode show the same bytes, and each image is stored once.
      CREATE TABLE media_names (
        name     TEXT PRIMARY KEY,
        sha256   TEXT NOT NULL REFERENCES media(sha256),
        -- where it was found: a file path, a URL, or the maker that rendered it
        source   TEXT NOT NULL,
        added_at TEXT NOT NULL DEFAULT ${NOW}
      ) WITHOUT ROWID;
    `,
};
