import type { Migration } from './migration';

/** Released with schema version 5: never edit, append a new migration instead. */
export const migration005: Migration = {
  version: 5,
  name: 'explore: metric columns, and sums per run × repetition and run × entity kept by triggers',
  sql: `
      -- The metrics JSON stays the record; these copies feed the sums below.
      ALTER TABLE episodes ADD COLUMN m_turns   REAL;
      ALTER TABLE episodes ADD COLUMN m_success REAL;
      ALTER TABLE episodes ADD COLUMN m_yes     REAL;
      ALTER TABLE episodes ADD COLUMN m_score   REAL;
      -- Set by a reviewer (a human session of chit-chat, nonsense, abandoned…): kept, never counted.
      ALTER TABLE episodes ADD COLUMN invalid   TEXT;
      UPDATE episodes SET
        m_turns = json_extract(metrics, '$.turns'), m_success = json_extract(metrics, '$.success'),
        m_yes = json_extract(metrics, '$.yes'), m_score = json_extract(metrics, '$.score')
      WHERE metrics IS NOT NULL;

      -- Sums (and sums of squares) over finished episodes, so that leaderboards and heatmaps read a
      -- few thousand rows instead of every episode. Triggers keep them exact as episodes finish,
      -- are rescored, go back to pending or are marked invalid.
      CREATE TABLE repetition_sums (
        run_id INTEGER NOT NULL, repetition INTEGER NOT NULL, n INTEGER NOT NULL,
        turns REAL NOT NULL, turns2 REAL NOT NULL, success REAL NOT NULL, yes REAL NOT NULL, yes2 REAL NOT NULL,
        score REAL NOT NULL, score2 REAL NOT NULL,
        PRIMARY KEY (run_id, repetition)
      ) WITHOUT ROWID;
      CREATE TABLE entity_sums (
        run_id INTEGER NOT NULL, entity_id INTEGER NOT NULL, n INTEGER NOT NULL,
        success REAL NOT NULL, score REAL NOT NULL, score2 REAL NOT NULL,
        PRIMARY KEY (run_id, entity_id)
      ) WITHOUT ROWID;

      INSERT INTO repetition_sums
        SELECT run_id, repetition, COUNT(*), SUM(m_turns), SUM(m_turns * m_turns), SUM(m_success), SUM(m_yes), SUM(m_yes * m_yes),
               SUM(m_score), SUM(m_score * m_score)
        FROM episodes WHERE status = 'done' AND invalid IS NULL GROUP BY run_id, repetition;
      INSERT INTO entity_sums
        SELECT run_id, entity_id, COUNT(*), SUM(m_success), SUM(m_score), SUM(m_score * m_score)
        FROM episodes WHERE status = 'done' AND invalid IS NULL GROUP BY run_id, entity_id;

      CREATE TRIGGER episode_sums_out AFTER UPDATE ON episodes WHEN OLD.status = 'done' AND OLD.invalid IS NULL BEGIN
        UPDATE repetition_sums SET n = n - 1,
          turns = turns - OLD.m_turns, turns2 = turns2 - OLD.m_turns * OLD.m_turns, success = success - OLD.m_success,
          yes = yes - OLD.m_yes, yes2 = yes2 - OLD.m_yes * OLD.m_yes, score = score - OLD.m_score, score2 = score2 - OLD.m_score * OLD.m_score
        WHERE run_id = OLD.run_id AND repetition = OLD.repetition;
        UPDATE entity_sums SET n = n - 1,
          success = success - OLD.m_success, score = score - OLD.m_score, score2 = score2 - OLD.m_score * OLD.m_score
        WHERE run_id = OLD.run_id AND entity_id = OLD.entity_id;
      END;
      CREATE TRIGGER episode_sums_in AFTER UPDATE ON episodes WHEN NEW.status = 'done' AND NEW.invalid IS NULL BEGIN
        INSERT INTO repetition_sums VALUES (NEW.run_id, NEW.repetition, 1, NEW.m_turns, NEW.m_turns * NEW.m_turns, NEW.m_success,
          NEW.m_yes, NEW.m_yes * NEW.m_yes, NEW.m_score, NEW.m_score * NEW.m_score)
        ON CONFLICT (run_id, repetition) DO UPDATE SET n = n + 1,
          turns = turns + excluded.turns, turns2 = turns2 + excluded.turns2, success = success + excluded.success,
          yes = yes + excluded.yes, yes2 = yes2 + excluded.yes2, score = score + excluded.score, score2 = score2 + excluded.score2;
        INSERT INTO entity_sums VALUES (NEW.run_id, NEW.entity_id, 1, NEW.m_success, NEW.m_score, NEW.m_score * NEW.m_score)
        ON CONFLICT (run_id, entity_id) DO UPDATE SET n = n + 1,
          success = success + excluded.success, score = score + excluded.score, score2 = score2 + excluded.score2;
      END;
    `,
};
