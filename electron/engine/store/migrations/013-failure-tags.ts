import type { Migration } from './migration';

/** Released with schema version 13: never edit, append a new migration instead. */
export const migration013: Migration = {
  version: 13,
  name: 'failure-tags',
  sql: `
      -- Failure-mode tags an LLM tagger suggested for a seat's moves (the rule-based ones are computed
      -- from the events, never stored). One row per episode, round, mode and tagger.
      CREATE TABLE failure_tags (
        id          INTEGER PRIMARY KEY,
        episode_id  INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
        round       INTEGER NOT NULL,
        mode        TEXT NOT NULL,
        source      TEXT NOT NULL,
        reason      TEXT NOT NULL,
        call_id     INTEGER REFERENCES model_calls(id) ON DELETE SET NULL,
        created_at  TEXT NOT NULL,
        UNIQUE (episode_id, round, mode, source)
      );
      -- Episodes an LLM tagger has read (with or without tags), so a rerun skips them.
      CREATE TABLE failure_tagged (
        episode_id  INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
        source      TEXT NOT NULL,
        error       TEXT,
        created_at  TEXT NOT NULL,
        PRIMARY KEY (episode_id, source)
      );
      -- What people said about a tag: confirmed, rejected, or added where no tagger saw one.
      CREATE TABLE failure_tag_reviews (
        id          INTEGER PRIMARY KEY,
        episode_id  INTEGER NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
        round       INTEGER NOT NULL,
        mode        TEXT NOT NULL,
        verdict     TEXT NOT NULL CHECK (verdict IN ('confirmed', 'rejected', 'added')),
        reviewer    TEXT NOT NULL,
        note        TEXT,
        created_at  TEXT NOT NULL,
        UNIQUE (episode_id, round, mode, reviewer)
      );
      CREATE INDEX failure_tag_reviews_episode ON failure_tag_reviews(episode_id);
  `,
};
