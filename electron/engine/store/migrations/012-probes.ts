import type { Migration } from './migration';

/** Released with schema version 12: never edit, append a new migration instead. */
export const migration012: Migration = {
  version: 12,
  name: 'probes',
  sql: `
      -- A question put to a seat's model outside the game (EDA: its top 5 candidates before each
      -- question). Kept apart from events, so no game, scorer or transcript ever reads one as a move.
      CREATE TABLE probes (
        id          INTEGER PRIMARY KEY,
        episode_id  INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
        round       INTEGER NOT NULL,
        seat        TEXT NOT NULL,
        kind        TEXT NOT NULL,
        -- The reply as given; NULL when the call failed (error says why).
        text        TEXT,
        -- What the game read from it (JSON; EDA: {"candidates": [...]}).
        result      TEXT,
        valid       INTEGER NOT NULL,
        error       TEXT,
        call_id     INTEGER REFERENCES model_calls(id) ON DELETE SET NULL,
        created_at  TEXT NOT NULL,
        UNIQUE (episode_id, seat, round, kind)
      );
  `,
};
