/**
 * Versioned schema migrations. Each runs once, in its own transaction, and bumps
 * `PRAGMA user_version`; a database whose version is newer than the last entry here is refused.
 * Never edit a released migration: append a new one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const now = `(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'engine foundation: datasets, models, runs, episodes, turns, model calls',
    sql: `
      CREATE TABLE datasets (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        kind       TEXT NOT NULL,
        source     TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${now}
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
        created_at  TEXT NOT NULL DEFAULT ${now}
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
        created_at   TEXT NOT NULL DEFAULT ${now},
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
  },
  {
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
        created_at TEXT NOT NULL DEFAULT ${now}
      ) WITHOUT ROWID;

      -- USD per million tokens, edited by the user; matched on provider and model id.
      CREATE TABLE prices (
        provider   TEXT NOT NULL,
        model      TEXT NOT NULL,
        input_per_mtok  REAL NOT NULL CHECK (input_per_mtok >= 0),
        output_per_mtok REAL NOT NULL CHECK (output_per_mtok >= 0),
        updated_at TEXT NOT NULL DEFAULT ${now},
        PRIMARY KEY (provider, model)
      ) WITHOUT ROWID;

      CREATE INDEX model_calls_by_run ON model_calls(run_id);
    `,
  },
  {
    version: 3,
    name: 'desktop app: named model profiles',
    sql: `
      -- Models as the user saved them in the UI. Keys are never here: the config names the
      -- environment variable, or the key-store entry, that holds the secret.
      CREATE TABLE model_profiles (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        config     TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${now},
        updated_at TEXT NOT NULL DEFAULT ${now}
      );
    `,
  },
  {
    version: 4,
    name: 'judge-error annotation: sets, items, labels',
    sql: `
      CREATE TABLE annotation_sets (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL UNIQUE,
        spec       TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${now}
      );

      -- One judge turn to be checked; in_overlap items are labelled by every annotator.
      CREATE TABLE annotation_items (
        id         INTEGER PRIMARY KEY,
        set_id     INTEGER NOT NULL REFERENCES annotation_sets(id),
        turn_id    INTEGER NOT NULL REFERENCES turns(id),
        position   INTEGER NOT NULL,
        stratum    TEXT,
        in_overlap INTEGER NOT NULL DEFAULT 1,
        UNIQUE (set_id, turn_id),
        UNIQUE (set_id, position)
      );

      -- An annotator's current label of an item; relabelling replaces it (a newer id), undo deletes the newest.
      CREATE TABLE annotations (
        id          INTEGER PRIMARY KEY,
        item_id     INTEGER NOT NULL REFERENCES annotation_items(id),
        annotator   TEXT NOT NULL,
        verdict     TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'ambiguous', 'skip')),
        answer      TEXT CHECK (answer IN ('yes', 'no', 'maybe', 'dunno')),
        note        TEXT,
        labelled_at TEXT NOT NULL DEFAULT ${now},
        UNIQUE (item_id, annotator)
      );
      CREATE INDEX annotations_by_item ON annotations(item_id, verdict);
    `,
  },
  {
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
  },
];

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
