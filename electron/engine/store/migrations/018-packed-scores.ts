import type { Migration } from './migration';
import { ASSIGN_ALL_SLOTS, assignSlot, packRows, SEATS_OF_ALL, seatsOfEpisode, SLOT_COLUMNS } from '../packed-scores';

/**
 * Released with schema version 18: never edit, append a new migration instead.
 *
 * Each counted episode's scores as one row per seat, its game's metrics in fixed columns
 * (`store/packed-scores.ts`), kept exact by triggers as scores are written and episodes are counted
 * or stop counting, like the sums of migration 6. Filled for the episodes already stored.
 */
export const migration018: Migration = {
  version: 18,
  name: 'packed scores of counted episodes',
  sql: `
      CREATE TABLE score_slots (
        game TEXT NOT NULL, metric TEXT NOT NULL, slot INTEGER NOT NULL,
        PRIMARY KEY (game, metric), UNIQUE (game, slot)
      ) WITHOUT ROWID;
      CREATE TABLE counted_values (
        run_id INTEGER NOT NULL, instance_id INTEGER NOT NULL, repetition INTEGER NOT NULL, seat TEXT NOT NULL,
        ${SLOT_COLUMNS},
        PRIMARY KEY (run_id, instance_id, repetition, seat)
      ) WITHOUT ROWID;
      ${ASSIGN_ALL_SLOTS};
      ${packRows(SEATS_OF_ALL)};

      -- A metric a game stores for the first time takes the game's next column.
      -- (Also first in packed_scores_in: SQLite does not promise an order among triggers.)
      CREATE TRIGGER score_slot_in AFTER INSERT ON scores BEGIN
        ${assignSlot('NEW')};
      END;
      -- A counted episode's scores written or taken away (a rescore): its rows again.
      CREATE TRIGGER packed_scores_in AFTER INSERT ON scores
      WHEN (SELECT status = 'done' AND invalid IS NULL FROM episodes WHERE id = NEW.episode_id)
      BEGIN
        ${assignSlot('NEW')};
        DELETE FROM counted_values WHERE (run_id, instance_id, repetition) = (SELECT run_id, instance_id, repetition FROM episodes WHERE id = NEW.episode_id);
        ${packRows(seatsOfEpisode('NEW.episode_id'))};
      END;
      CREATE TRIGGER packed_scores_out AFTER DELETE ON scores
      WHEN (SELECT status = 'done' AND invalid IS NULL FROM episodes WHERE id = OLD.episode_id)
      BEGIN
        DELETE FROM counted_values WHERE (run_id, instance_id, repetition) = (SELECT run_id, instance_id, repetition FROM episodes WHERE id = OLD.episode_id);
        ${packRows(seatsOfEpisode('OLD.episode_id'))};
      END;
      CREATE TRIGGER packed_episode_counted AFTER UPDATE OF status, invalid ON episodes
      WHEN NEW.status = 'done' AND NEW.invalid IS NULL AND NOT (OLD.status = 'done' AND OLD.invalid IS NULL)
      BEGIN
        DELETE FROM counted_values WHERE run_id = NEW.run_id AND instance_id = NEW.instance_id AND repetition = NEW.repetition;
        ${packRows(seatsOfEpisode('NEW.id'))};
      END;
      CREATE TRIGGER packed_episode_uncounted AFTER UPDATE OF status, invalid ON episodes
      WHEN OLD.status = 'done' AND OLD.invalid IS NULL AND NOT (NEW.status = 'done' AND NEW.invalid IS NULL)
      BEGIN
        DELETE FROM counted_values WHERE run_id = OLD.run_id AND instance_id = OLD.instance_id AND repetition = OLD.repetition;
      END;
  `,
};
