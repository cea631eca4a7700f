import type { Migration } from './migration';

/** Released with schema version 10: never edit, append a new migration instead. */
export const migration010: Migration = {
  version: 10,
  name: 'rate budgets, provider batches, prompt-cache tokens',
  sql: `
      -- Prompt caching: of a call's input tokens (all of them, cached or not), how many were read from
      -- and written to the provider's prompt cache. NULL: the provider did not say (earlier versions).
      ALTER TABLE model_calls ADD COLUMN cached_input_tokens INTEGER;
      ALTER TABLE model_calls ADD COLUMN cache_write_tokens INTEGER;
      -- The provider batch that answered the call (batch price); NULL for a live call.
      ALTER TABLE model_calls ADD COLUMN batch_id INTEGER REFERENCES provider_batches(id) ON DELETE SET NULL;
      -- Prices of cached input (read) and cache writes per million tokens; NULL: the provider's usual share.
      ALTER TABLE prices ADD COLUMN cached_input_per_mtok REAL;
      ALTER TABLE prices ADD COLUMN cache_write_per_mtok REAL;

      -- One request/token budget per API key, endpoint and model, shared by every process on this file.
      -- Levels are what may still be spent (negative: reserved ahead), as of updated_ms.
      CREATE TABLE rate_budgets (
        key             TEXT PRIMARY KEY,
        requests_limit  REAL,
        tokens_limit    REAL,
        requests_level  REAL,
        tokens_level    REAL,
        updated_ms      INTEGER NOT NULL,
        paused_until_ms INTEGER NOT NULL DEFAULT 0,
        corrected_requests REAL NOT NULL DEFAULT 0,
        corrected_tokens   REAL NOT NULL DEFAULT 0
      );

      -- Work handed to a provider's batch service (OpenAI Batch API, Anthropic Message Batches).
      CREATE TABLE provider_batches (
        id              INTEGER PRIMARY KEY,
        run_id          INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        model_config_id INTEGER NOT NULL REFERENCES model_configs(id),
        provider        TEXT NOT NULL,
        remote_id       TEXT,
        input_file_id   TEXT,
        state           TEXT NOT NULL,
        requests        INTEGER NOT NULL,
        succeeded       INTEGER NOT NULL DEFAULT 0,
        failed          INTEGER NOT NULL DEFAULT 0,
        error           TEXT,
        submitted_at    TEXT NOT NULL,
        ended_at        TEXT
      );
      CREATE INDEX provider_batches_by_run ON provider_batches(run_id, state);
      CREATE TABLE provider_batch_items (
        batch_id    INTEGER NOT NULL REFERENCES provider_batches(id) ON DELETE CASCADE,
        custom_id   TEXT NOT NULL,
        request_key TEXT NOT NULL,
        request     TEXT NOT NULL,
        status      TEXT NOT NULL DEFAULT 'pending',
        response    TEXT,
        error       TEXT,
        consumed    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (batch_id, custom_id)
      ) WITHOUT ROWID;
      CREATE INDEX provider_batch_items_by_key ON provider_batch_items(request_key);
    `,
};
