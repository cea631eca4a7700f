import type { Migration } from './migration';

/**
 * Gives the rows that `parlor merge` matches by identity a uid (uid.ts) that holds across databases,
 * for every row an earlier version wrote: deterministic, so two copies of one old file give their
 * rows the same uids and merge into one. Roots (runs, datasets) are named by what they are and their
 * local id; children by their parent's uid and natural key (the same formulas the store uses when it
 * writes a new row: `runs.ts`, `episodes.ts`, `events.ts`, `models.ts`):
 *   - an episode: its run's uid, its instance's subset and key, its repetition;
 *   - an event: its episode's uid and index;
 *   - a model call: its episode's uid (else its run's), its round, role and attempt, and how many
 *     calls before it (by id) share all of these; a call of neither run nor episode (a preflight):
 *     its start time and id.
 * Also run by the merge on a source's copy and on the target, for rows a tool other than Parlor
 * wrote without a uid (the column is nullable: adding it NOT NULL would rebuild every table).
 */
export const FILL_ROW_UIDS = `
      UPDATE runs SET uid = parlor_named_uid('run', created_at, id, config) WHERE uid IS NULL;
      UPDATE datasets SET uid = parlor_named_uid('dataset', created_at, id, game, name) WHERE uid IS NULL;
      UPDATE episodes SET uid = parlor_child_uid(r.uid, 'episode', i.subset, i.key, episodes.repetition)
        FROM runs r, instances i WHERE r.id = episodes.run_id AND i.id = episodes.instance_id AND episodes.uid IS NULL;
      UPDATE events SET uid = parlor_child_uid(e.uid, 'event', events.idx)
        FROM episodes e WHERE e.id = events.episode_id AND events.uid IS NULL;
      UPDATE model_calls SET uid = CASE
          WHEN k.parent IS NULL THEN parlor_named_uid('model_call', k.started_at, k.id)
          ELSE parlor_child_uid(k.parent, 'call', k.round, k.role, k.attempt, k.n) END
        FROM (
          SELECT c.id, c.started_at, c.round, c.role, c.attempt, COALESCE(e.uid, r.uid) AS parent,
                 ROW_NUMBER() OVER (PARTITION BY c.episode_id, CASE WHEN c.episode_id IS NULL THEN c.run_id END, c.round, c.role, c.attempt ORDER BY c.id) - 1 AS n
          FROM model_calls c LEFT JOIN episodes e ON e.id = c.episode_id LEFT JOIN runs r ON r.id = c.run_id
          WHERE c.uid IS NULL
        ) AS k
        WHERE k.id = model_calls.id;
`;

/** Released with schema version 14: never edit, append a new migration instead. */
export const migration014: Migration = {
  version: 14,
  name: 'row uids: runs, datasets, episodes, events, model calls',
  sql: `
      ALTER TABLE runs ADD COLUMN uid TEXT;
      ALTER TABLE datasets ADD COLUMN uid TEXT;
      ALTER TABLE episodes ADD COLUMN uid TEXT;
      ALTER TABLE events ADD COLUMN uid TEXT;
      ALTER TABLE model_calls ADD COLUMN uid TEXT;
      ${FILL_ROW_UIDS}
      CREATE UNIQUE INDEX runs_uid ON runs(uid);
      CREATE UNIQUE INDEX datasets_uid ON datasets(uid);
      CREATE UNIQUE INDEX episodes_uid ON episodes(uid);
      CREATE UNIQUE INDEX events_uid ON events(uid);
      CREATE UNIQUE INDEX model_calls_uid ON model_calls(uid);
  `,
};
