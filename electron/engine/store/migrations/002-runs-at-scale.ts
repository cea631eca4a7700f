import { NOW, type Migration } from './migration';

/** Released with schema version 2: never edit, append a new migration instead. */
export const migration002: Migration = {
  version: 2,
  name: 'runs at scale: response cache, prices, cached calls, turn flags',
  sql: `
      ALTER TABLE model_calls ADD COLUMN cached INTEGER NOT NULL DEFAULT 0;
      -- Game events in a turn (a question that breaks the format, a judge reply off the label set):
      -- recorded, never treated as infrastructure errors.
      ALTER TABLE turns ADD COLUMN flags TEXT;

      CREATE TABLE response_cache (
        key        TEXT PRIMARY KEY,
        model      TEXT NOT NULL,
        request    TEXT NOT NULL,
        response   TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${NOW}
      ) WITHOUT ROWID;

      -- USD per million tokens, edited by the user; matched on provider and model id.
      CREATE TABLE prices (
        provider   TEXT NOT NULL,
        model      TEXT NOT NULL,
        input_per_mtok  REAL NOT NULL CHECK (input_per_mtok >= 0),
        output_per_mtok REAL NOT NULL CHECK (output_per_mtok >= 0),
        updated_at TEXT NOT NULL DEFAULT ${NOW},
        PRIMARY KEY (provider, model)
      ) WITHOUT ROWID;

      CREATE INDEX model_calls_by_run ON model_calls(run_id);
    `,
};
