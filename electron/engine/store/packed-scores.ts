/**
 * Each counted episode's scores in one row per seat (`counted_values`, seat '' the episode's own):
 * its game's metrics in fixed columns, `score_slots` naming each metric's column (assigned as a game
 * first stores the metric). The views compare players on the instances all of them finished; the sums
 * over the instances left out are read from these rows, a few per episode, instead of a row per score
 * joined to its episode (a third of the time on the 10M-turn benchmark), and they are the same sums,
 * added in the same order (by run, instance, repetition). Kept by the triggers of migration 018, and
 * rebuilt after a merge (`merge/sums.ts`).
 *
 * Migration 018 is written from these statements: change them only together with a new migration.
 */

/** How many metrics of one game the rows hold; the sums of a game with more are read from its scores, as before. */
export const SLOTS = 24;

const slots = Array.from({ length: SLOTS }, (_, k) => k);

/** The value columns, `v0 REAL, …`. */
export const SLOT_COLUMNS = slots.map((k) => `v${k} REAL`).join(', ');

/**
 * Writes the rows of counted episodes: `seats` is a query of (episode_id, seat) pairs — each episode's
 * '' (always, so a counted episode without scores still counts) and every seat with scores of its own.
 */
export function packRows(seats: string): string {
  return `INSERT INTO counted_values (run_id, instance_id, repetition, seat, ${slots.map((k) => `v${k}`).join(', ')})
    SELECT e.run_id, e.instance_id, e.repetition, q.seat, ${slots.map((k) => `MAX(CASE WHEN sl.slot = ${k} THEN s.value END)`).join(', ')}
    FROM (${seats}) q
    JOIN episodes e ON e.id = q.episode_id
    JOIN runs r ON r.id = e.run_id
    LEFT JOIN scores s ON s.episode_id = e.id AND s.seat = q.seat
    LEFT JOIN score_slots sl ON sl.game = r.game AND sl.metric = s.metric
    WHERE e.status = 'done' AND e.invalid IS NULL
    GROUP BY e.id, q.seat`;
}

/** The (episode, seat) pairs of one episode, for `packRows` in a trigger (`id`: `NEW.id`, `NEW.episode_id`). */
export const seatsOfEpisode = (id: string): string =>
  `SELECT ${id} AS episode_id, '' AS seat UNION SELECT episode_id, seat FROM scores WHERE episode_id = ${id} AND seat != ''`;

/** The (episode, seat) pairs of every counted episode. */
export const SEATS_OF_ALL = `SELECT id AS episode_id, '' AS seat FROM episodes WHERE status = 'done' AND invalid IS NULL
  UNION SELECT s.episode_id, s.seat FROM scores s WHERE s.seat != ''`;

/** Gives every metric stored so far that has no column one: per game, after its columns, in the order of their names. */
export const ASSIGN_ALL_SLOTS = `INSERT OR IGNORE INTO score_slots (game, metric, slot)
  SELECT game, metric, (SELECT COUNT(*) FROM score_slots o WHERE o.game = x.game) + ROW_NUMBER() OVER (PARTITION BY game ORDER BY metric) - 1
  FROM (SELECT DISTINCT r.game AS game, s.metric AS metric FROM scores s JOIN episodes e ON e.id = s.episode_id JOIN runs r ON r.id = e.run_id
        WHERE NOT EXISTS (SELECT 1 FROM score_slots o WHERE o.game = r.game AND o.metric = s.metric)) x`;

/** Gives the metric of a score just written its game's next column, if it has none (`score`: `NEW`). */
export const assignSlot = (score: string): string => `INSERT OR IGNORE INTO score_slots (game, metric, slot)
  SELECT r.game, ${score}.metric, (SELECT COUNT(*) FROM score_slots o WHERE o.game = r.game)
  FROM episodes e JOIN runs r ON r.id = e.run_id WHERE e.id = ${score}.episode_id`;
