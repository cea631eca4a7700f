import { NOW, type Migration } from './migration';

/** Released with schema version 1: never edit, append a new migration instead. */
export const migration001: Migration = {
  version: 1,
  name: 'engine foundation: datasets, models, runs, episodes, turns, model calls',
  sql: `
      CREATE TABLE datasets (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        kind       TEXT NOT NULL,
        source     TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${NOW}
      );

      CREATE TABLE entities (
        id         INTEGER PRIMARY KEY,
        dataset_id INTEGER NOT NULL REFERENCES datasets(id),
        split      TEXT NOT NULL,
        position   INTEGER NOT NULL,
        name       TEXT NOT NULL,
        line       TEXT NOT NULL,
        aliases    TEXT NOT NULL,
        categories TEXT,
        UNIQUE (dataset_id, split, line)
      );

      CREATE TABLE model_configs (
        id          INTEGER PRIMARY KEY,
        provider    TEXT NOT NULL,
        model       TEXT NOT NULL,
        base_url    TEXT,
        api_key_env TEXT,
        config      TEXT NOT NULL UNIQUE,
        created_at  TEXT NOT NULL DEFAULT ${NOW}
      );

      CREATE TABLE players (
        id              INTEGER PRIMARY KEY,
        key             TEXT NOT NULL UNIQUE,
        kind            TEXT NOT NULL CHECK (kind IN ('model', 'human', 'scripted')),
        name            TEXT NOT NULL,
        model_config_id INTEGER REFERENCES model_configs(id)
      );

      CREATE TABLE runs (
        id           INTEGER PRIMARY KEY,
        name         TEXT,
        game         TEXT NOT NULL,
        dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
        split        TEXT NOT NULL,
        config       TEXT NOT NULL,
        seed         INTEGER NOT NULL,
        app_version  TEXT NOT NULL,
        status       TEXT NOT NULL CHECK (status IN ('created', 'running', 'done', 'interrupted', 'failed')),
        error        TEXT,
        pid          INTEGER,
        host         TEXT,
        created_at   TEXT NOT NULL DEFAULT ${NOW},
        started_at   TEXT,
        finished_at  TEXT,
        heartbeat_at TEXT
      );

      CREATE TABLE episodes (
        id          INTEGER PRIMARY KEY,
        run_id      INTEGER NOT NULL REFERENCES runs(id),
        game        TEXT NOT NULL,
        entity_id   INTEGER NOT NULL REFERENCES entities(id),
        repetition  INTEGER NOT NULL,
        seed        INTEGER NOT NULL,
        status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'error')),
        outcome     TEXT CHECK (outcome IN ('win', 'loss')),
        metrics     TEXT,
        error_kind  TEXT,
        error       TEXT,
        started_at  TEXT,
        finished_at TEXT,
        UNIQUE (run_id, game, entity_id, repetition)
      );
      CREATE INDEX episodes_by_run ON episodes(run_id, status);

      CREATE TABLE episode_players (
        episode_id INTEGER NOT NULL REFERENCES episodes(id),
        role       TEXT NOT NULL,
        player_id  INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (episode_id, role)
      ) WITHOUT ROWID;

      CREATE TABLE model_calls (
        id              INTEGER PRIMARY KEY,
        run_id          INTEGER REFERENCES runs(id),
        episode_id      INTEGER REFERENCES episodes(id),
        turn_idx        INTEGER,
        role            TEXT NOT NULL,
        model_config_id INTEGER NOT NULL REFERENCES model_configs(id),
        attempt         INTEGER NOT NULL,
        request         TEXT NOT NULL,
        response        TEXT,
        status          TEXT NOT NULL CHECK (status IN ('ok', 'error')),
        http_status     INTEGER,
        error_kind      TEXT,
        error           TEXT,
        latency_ms      REAL,
        input_tokens    INTEGER,
        output_tokens   INTEGER,
        started_at      TEXT NOT NULL
      );
      CREATE INDEX model_calls_by_episode ON model_calls(episode_id, turn_idx);

      CREATE TABLE turns (
        id                    INTEGER PRIMARY KEY,
        episode_id            INTEGER NOT NULL REFERENCES episodes(id),
        idx                   INTEGER NOT NULL CHECK (idx >= 1),
        guesser_generated     TEXT NOT NULL,
        guesser_sent          TEXT NOT NULL,
        guesser_in_history    TEXT NOT NULL,
        judge_raw             TEXT,
        judge_label           TEXT NOT NULL CHECK (judge_label IN ('yes', 'no', 'maybe', 'dunno', 'bingo', 'other')),
        judge_reply           TEXT NOT NULL,
        guesser_call_id       INTEGER REFERENCES model_calls(id),
        judge_call_id         INTEGER REFERENCES model_calls(id),
        guesser_latency_ms    REAL,
        judge_latency_ms      REAL,
        guesser_input_tokens  INTEGER,
        guesser_output_tokens INTEGER,
        judge_input_tokens    INTEGER,
        judge_output_tokens   INTEGER,
        created_at            TEXT NOT NULL,
        UNIQUE (episode_id, idx)
      );
    `,
};
