import { NOW, type Migration } from './migration';

/**
 * The game-agnostic core. Entities become instances of any game (payload, tags); turns become events
 * (who said what to whom, what the game read from it, the call behind it); metrics become scores in
 * long format (episode, seat, metric, value) with sums per metric and their own n; outcomes are
 * success / failure / aborted. Lossless for the Entity-Deduction Arena: ids are kept, every turn is
 * two events (the guesser's question; the judge's answer, or the rules' Bingo), and the sums are
 * carried over as they were, so every number reads back bit for bit.
 */
export const migration006: Migration = {
  version: 6,
  name: 'game-agnostic core: instances, media, seats, events, scores',
  rebuildsTables: true,
  sql: `
      CREATE TABLE datasets_new (
        id           INTEGER PRIMARY KEY,
        game         TEXT NOT NULL,
        name         TEXT NOT NULL,
        kind         TEXT NOT NULL,
        source       TEXT NOT NULL,
        -- sha256 of a user's file (bundled data has none): the same name with other contents is another dataset
        content_hash TEXT,
        created_at   TEXT NOT NULL DEFAULT ${NOW},
        UNIQUE (game, name)
      );
      INSERT INTO datasets_new (id, game, name, kind, source, created_at) SELECT id, 'eda', name, kind, source, created_at FROM datasets;

      CREATE TABLE instances (
        id         INTEGER PRIMARY KEY,
        dataset_id INTEGER NOT NULL REFERENCES datasets(id),
        subset     TEXT NOT NULL,
        position   INTEGER NOT NULL,
        key        TEXT NOT NULL,
        name       TEXT NOT NULL,
        payload    TEXT NOT NULL,
        tags       TEXT NOT NULL DEFAULT '{}',
        UNIQUE (dataset_id, subset, key)
      );
      INSERT INTO instances (id, dataset_id, subset, position, key, name, payload, tags)
        SELECT id, dataset_id, split, position, line, name, json_object('line', line, 'aliases', json(aliases)),
               CASE WHEN json_valid(categories) AND json_type(categories) = 'object' THEN categories ELSE '{}' END
        FROM entities;

      -- Images and other blobs, stored once; content refers to them as media:<sha256>.
      CREATE TABLE media (
        id         INTEGER PRIMARY KEY,
        sha256     TEXT NOT NULL UNIQUE,
        mime       TEXT NOT NULL,
        size       INTEGER NOT NULL,
        bytes      BLOB NOT NULL,
        created_at TEXT NOT NULL DEFAULT ${NOW}
      );

      ALTER TABLE runs RENAME COLUMN split TO subset;
      ALTER TABLE model_calls RENAME COLUMN turn_idx TO round;

      -- Who plays which seat of a run (the same in every episode of the run).
      CREATE TABLE run_seats (
        run_id    INTEGER NOT NULL REFERENCES runs(id),
        seat      TEXT NOT NULL,
        role      TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (run_id, seat)
      ) WITHOUT ROWID;
      INSERT OR IGNORE INTO run_seats SELECT DISTINCT e.run_id, ep.role, ep.role, ep.player_id
        FROM episode_players ep JOIN episodes e ON e.id = ep.episode_id ORDER BY e.run_id, ep.role;

      CREATE TABLE events (
        id            INTEGER PRIMARY KEY,
        episode_id    INTEGER NOT NULL REFERENCES episodes(id),
        idx           INTEGER NOT NULL CHECK (idx >= 1),
        round         INTEGER NOT NULL,
        from_seat     TEXT,
        to_seat       TEXT,
        kind          TEXT NOT NULL CHECK (kind IN ('prompt', 'response', 'parse', 'reprompt', 'system', 'input')),
        text          TEXT,
        parts         TEXT,
        action        TEXT,
        valid         INTEGER,
        flags         TEXT,
        call_id       INTEGER REFERENCES model_calls(id),
        latency_ms    REAL,
        input_tokens  INTEGER,
        output_tokens INTEGER,
        created_at    TEXT NOT NULL,
        UNIQUE (episode_id, idx)
      );
      -- Each turn becomes two events, in order: the guesser's question (as generated in text; as the
      -- judge saw it and as it stands in the guesser's own history in action), then the judge's answer
      -- (raw text, its label, the reply the guesser read when it differs) or the rules' Bingo.
      INSERT INTO events (episode_id, idx, round, from_seat, to_seat, kind, text, action, valid, flags, call_id,
                          latency_ms, input_tokens, output_tokens, created_at)
        SELECT * FROM (
          SELECT t.episode_id, 2 * t.idx - 1 AS idx, t.idx, 'guesser', 'judge',
                 CASE WHEN p.kind = 'human' THEN 'input' ELSE 'response' END,
                 t.guesser_generated,
                 CASE WHEN t.guesser_in_history = t.guesser_sent THEN json_object('question', t.guesser_sent)
                      ELSE json_object('question', t.guesser_sent, 'history', t.guesser_in_history) END,
                 1,
                 (SELECT CASE WHEN COUNT(*) THEN json_group_array(f.value) END FROM json_each(t.flags) f WHERE f.value != 'judge_off_format'),
                 t.guesser_call_id, t.guesser_latency_ms, t.guesser_input_tokens, t.guesser_output_tokens, t.created_at
          FROM turns t
          LEFT JOIN episode_players ep ON ep.episode_id = t.episode_id AND ep.role = 'guesser'
          LEFT JOIN players p ON p.id = ep.player_id
          UNION ALL
          SELECT t.episode_id, 2 * t.idx AS idx, t.idx,
                 CASE WHEN t.judge_raw IS NULL AND t.judge_call_id IS NULL THEN NULL ELSE 'judge' END,
                 'guesser',
                 CASE WHEN t.judge_raw IS NULL AND t.judge_call_id IS NULL THEN 'system' ELSE 'response' END,
                 COALESCE(t.judge_raw, t.judge_reply),
                 CASE WHEN t.judge_reply = COALESCE(t.judge_raw, t.judge_reply) THEN json_object('label', t.judge_label)
                      ELSE json_object('label', t.judge_label, 'reply', t.judge_reply) END,
                 CASE WHEN t.judge_raw IS NULL AND t.judge_call_id IS NULL THEN NULL ELSE 1 END,
                 (SELECT CASE WHEN COUNT(*) THEN json_group_array(f.value) END FROM json_each(t.flags) f WHERE f.value = 'judge_off_format'),
                 t.judge_call_id, t.judge_latency_ms, t.judge_input_tokens, t.judge_output_tokens, t.created_at
          FROM turns t
        ) ORDER BY 1, 2;

      CREATE TABLE scores (
        episode_id INTEGER NOT NULL REFERENCES episodes(id),
        -- empty for an episode-level score
        seat       TEXT NOT NULL DEFAULT '',
        metric     TEXT NOT NULL,
        value      REAL NOT NULL,
        PRIMARY KEY (episode_id, seat, metric)
      ) WITHOUT ROWID;
      INSERT INTO scores (episode_id, seat, metric, value)
        SELECT e.id, '', m.key, m.value FROM episodes e, json_each(e.metrics) m
        WHERE e.status = 'done' AND e.metrics IS NOT NULL AND m.type IN ('integer', 'real');

      CREATE TABLE episodes_new (
        id          INTEGER PRIMARY KEY,
        run_id      INTEGER NOT NULL REFERENCES runs(id),
        instance_id INTEGER NOT NULL REFERENCES instances(id),
        repetition  INTEGER NOT NULL,
        seed        INTEGER NOT NULL,
        status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'error')),
        -- aborted: the game's rules ended it (a malformed move); error (a status) is infrastructure, never scored
        outcome     TEXT CHECK (outcome IN ('success', 'failure', 'aborted')),
        error_kind  TEXT,
        error       TEXT,
        -- set by a reviewer (a human session of chit-chat, nonsense, abandoned…): kept, never counted
        invalid     TEXT,
        started_at  TEXT,
        finished_at TEXT,
        UNIQUE (run_id, instance_id, repetition)
      );
      INSERT INTO episodes_new (id, run_id, instance_id, repetition, seed, status, outcome, error_kind, error, invalid, started_at, finished_at)
        SELECT id, run_id, entity_id, repetition, seed, status,
               CASE outcome WHEN 'win' THEN 'success' WHEN 'loss' THEN 'failure' END,
               error_kind, error, invalid, started_at, finished_at
        FROM episodes ORDER BY id;

      CREATE TABLE episode_seats (
        episode_id INTEGER NOT NULL REFERENCES episodes(id),
        seat       TEXT NOT NULL,
        role       TEXT NOT NULL,
        player_id  INTEGER NOT NULL REFERENCES players(id),
        given      TEXT,
        PRIMARY KEY (episode_id, seat)
      ) WITHOUT ROWID;
      INSERT INTO episode_seats (episode_id, seat, role, player_id) SELECT episode_id, role, role, player_id FROM episode_players;

      -- Sums over counted episodes (done, not marked invalid) per metric, each with its own n; the
      -- metric '' counts the episodes themselves. The version-5 sums are carried over as they are, so
      -- the leaderboards read the same doubles.
      CREATE TABLE rep_sums (
        run_id INTEGER NOT NULL, metric TEXT NOT NULL, seat TEXT NOT NULL, repetition INTEGER NOT NULL,
        n INTEGER NOT NULL, sum REAL NOT NULL, sum2 REAL NOT NULL,
        PRIMARY KEY (run_id, metric, seat, repetition)
      ) WITHOUT ROWID;
      INSERT INTO rep_sums
        SELECT run_id, '', '', repetition, n, n, n FROM repetition_sums
        UNION ALL SELECT run_id, 'turns', '', repetition, n, turns, turns2 FROM repetition_sums
        UNION ALL SELECT run_id, 'success', '', repetition, n, success, success FROM repetition_sums
        UNION ALL SELECT run_id, 'yes', '', repetition, n, yes, yes2 FROM repetition_sums
        UNION ALL SELECT run_id, 'score', '', repetition, n, score, score2 FROM repetition_sums;
      CREATE TABLE instance_sums (
        run_id INTEGER NOT NULL, metric TEXT NOT NULL, seat TEXT NOT NULL, instance_id INTEGER NOT NULL,
        n INTEGER NOT NULL, sum REAL NOT NULL, sum2 REAL NOT NULL,
        PRIMARY KEY (run_id, metric, seat, instance_id)
      ) WITHOUT ROWID;
      INSERT INTO instance_sums
        SELECT run_id, '', '', entity_id, n, n, n FROM entity_sums
        UNION ALL SELECT run_id, 'success', '', entity_id, n, success, success FROM entity_sums
        UNION ALL SELECT run_id, 'score', '', entity_id, n, score, score2 FROM entity_sums
        UNION ALL SELECT e.run_id, s.metric, s.seat, e.instance_id, COUNT(*), SUM(s.value), SUM(s.value * s.value)
          FROM scores s JOIN episodes_new e ON e.id = s.episode_id
          WHERE e.status = 'done' AND e.invalid IS NULL AND s.metric NOT IN ('success', 'score')
          GROUP BY e.run_id, s.metric, s.seat, e.instance_id;
      CREATE TABLE run_outcomes (
        run_id INTEGER NOT NULL, outcome TEXT NOT NULL, n INTEGER NOT NULL,
        PRIMARY KEY (run_id, outcome)
      ) WITHOUT ROWID;
      INSERT INTO run_outcomes SELECT run_id, outcome, COUNT(*) FROM episodes_new
        WHERE status = 'done' AND invalid IS NULL AND outcome IS NOT NULL GROUP BY run_id, outcome;

      -- Annotation items point at the event annotated; labels take any game's vocabulary.
      CREATE TABLE annotation_items_new (
        id         INTEGER PRIMARY KEY,
        set_id     INTEGER NOT NULL REFERENCES annotation_sets(id),
        event_id   INTEGER NOT NULL REFERENCES events(id),
        position   INTEGER NOT NULL,
        stratum    TEXT,
        in_overlap INTEGER NOT NULL DEFAULT 1,
        UNIQUE (set_id, event_id),
        UNIQUE (set_id, position)
      );
      INSERT INTO annotation_items_new (id, set_id, event_id, position, stratum, in_overlap)
        SELECT i.id, i.set_id, ev.id, i.position, i.stratum, i.in_overlap
        FROM annotation_items i JOIN turns t ON t.id = i.turn_id JOIN events ev ON ev.episode_id = t.episode_id AND ev.idx = 2 * t.idx
        ORDER BY i.id;
      CREATE TABLE annotations_new (
        id          INTEGER PRIMARY KEY,
        item_id     INTEGER NOT NULL REFERENCES annotation_items(id),
        annotator   TEXT NOT NULL,
        verdict     TEXT NOT NULL CHECK (verdict IN ('correct', 'wrong', 'ambiguous', 'skip')),
        answer      TEXT,
        note        TEXT,
        labelled_at TEXT NOT NULL DEFAULT ${NOW},
        UNIQUE (item_id, annotator)
      );
      INSERT INTO annotations_new SELECT id, item_id, annotator, verdict, answer, note, labelled_at FROM annotations ORDER BY id;

      DROP TABLE annotations;
      DROP TABLE annotation_items;
      DROP TABLE turns;
      DROP TABLE episode_players;
      DROP TABLE episodes;
      DROP TABLE entities;
      DROP TABLE datasets;
      DROP TABLE repetition_sums;
      DROP TABLE entity_sums;
      ALTER TABLE datasets_new RENAME TO datasets;
      ALTER TABLE episodes_new RENAME TO episodes;
      ALTER TABLE annotation_items_new RENAME TO annotation_items;
      ALTER TABLE annotations_new RENAME TO annotations;

      CREATE INDEX episodes_by_run ON episodes(run_id, status);
      CREATE INDEX episodes_by_instance ON episodes(instance_id);
      -- The views compare players on the instances all of them finished: the episodes that are not
      -- counted (few) and those that are, by run and instance, each in an index of its own.
      CREATE INDEX episodes_uncounted ON episodes(run_id, instance_id) WHERE status != 'done' OR invalid IS NOT NULL;
      CREATE INDEX episodes_counted ON episodes(run_id, instance_id, repetition) WHERE status = 'done' AND invalid IS NULL;
      CREATE INDEX annotations_by_item ON annotations(item_id, verdict);
      CREATE INDEX events_by_call ON events(call_id) WHERE call_id IS NOT NULL;

      -- Keep the sums exact as scores are written and episodes finish, are rescored or marked invalid.
      CREATE TRIGGER scores_in AFTER INSERT ON scores
      WHEN (SELECT status = 'done' AND invalid IS NULL FROM episodes WHERE id = NEW.episode_id)
      BEGIN
        INSERT INTO rep_sums (run_id, metric, seat, repetition, n, sum, sum2)
          SELECT run_id, NEW.metric, NEW.seat, repetition, 1, NEW.value, NEW.value * NEW.value FROM episodes WHERE id = NEW.episode_id
          ON CONFLICT DO UPDATE SET n = n + 1, sum = sum + excluded.sum, sum2 = sum2 + excluded.sum2;
        INSERT INTO instance_sums (run_id, metric, seat, instance_id, n, sum, sum2)
          SELECT run_id, NEW.metric, NEW.seat, instance_id, 1, NEW.value, NEW.value * NEW.value FROM episodes WHERE id = NEW.episode_id
          ON CONFLICT DO UPDATE SET n = n + 1, sum = sum + excluded.sum, sum2 = sum2 + excluded.sum2;
      END;
      CREATE TRIGGER scores_out AFTER DELETE ON scores
      WHEN (SELECT status = 'done' AND invalid IS NULL FROM episodes WHERE id = OLD.episode_id)
      BEGIN
        UPDATE rep_sums SET n = n - 1, sum = sum - OLD.value, sum2 = sum2 - OLD.value * OLD.value
          WHERE (run_id, repetition) = (SELECT run_id, repetition FROM episodes WHERE id = OLD.episode_id)
            AND metric = OLD.metric AND seat = OLD.seat;
        UPDATE instance_sums SET n = n - 1, sum = sum - OLD.value, sum2 = sum2 - OLD.value * OLD.value
          WHERE (run_id, instance_id) = (SELECT run_id, instance_id FROM episodes WHERE id = OLD.episode_id)
            AND metric = OLD.metric AND seat = OLD.seat;
      END;
      CREATE TRIGGER episode_counted AFTER UPDATE OF status, invalid ON episodes
      WHEN NEW.status = 'done' AND NEW.invalid IS NULL AND NOT (OLD.status = 'done' AND OLD.invalid IS NULL)
      BEGIN
        INSERT INTO rep_sums (run_id, metric, seat, repetition, n, sum, sum2)
          SELECT NEW.run_id, metric, seat, NEW.repetition, 1, value, value * value FROM scores WHERE episode_id = NEW.id
          UNION ALL SELECT NEW.run_id, '', '', NEW.repetition, 1, 1, 1
          ON CONFLICT DO UPDATE SET n = n + 1, sum = sum + excluded.sum, sum2 = sum2 + excluded.sum2;
        INSERT INTO instance_sums (run_id, metric, seat, instance_id, n, sum, sum2)
          SELECT NEW.run_id, metric, seat, NEW.instance_id, 1, value, value * value FROM scores WHERE episode_id = NEW.id
          UNION ALL SELECT NEW.run_id, '', '', NEW.instance_id, 1, 1, 1
          ON CONFLICT DO UPDATE SET n = n + 1, sum = sum + excluded.sum, sum2 = sum2 + excluded.sum2;
      END;
      CREATE TRIGGER episode_uncounted AFTER UPDATE OF status, invalid ON episodes
      WHEN OLD.status = 'done' AND OLD.invalid IS NULL AND NOT (NEW.status = 'done' AND NEW.invalid IS NULL)
      BEGIN
        UPDATE rep_sums SET n = n - 1, sum = sum - s.value, sum2 = sum2 - s.value * s.value
          FROM (SELECT metric, seat, value FROM scores WHERE episode_id = OLD.id) AS s
          WHERE rep_sums.run_id = OLD.run_id AND rep_sums.repetition = OLD.repetition AND rep_sums.metric = s.metric AND rep_sums.seat = s.seat;
        UPDATE instance_sums SET n = n - 1, sum = sum - s.value, sum2 = sum2 - s.value * s.value
          FROM (SELECT metric, seat, value FROM scores WHERE episode_id = OLD.id) AS s
          WHERE instance_sums.run_id = OLD.run_id AND instance_sums.instance_id = OLD.instance_id AND instance_sums.metric = s.metric AND instance_sums.seat = s.seat;
        UPDATE rep_sums SET n = n - 1, sum = sum - 1, sum2 = sum2 - 1 WHERE run_id = OLD.run_id AND repetition = OLD.repetition AND metric = '' AND seat = '';
        UPDATE instance_sums SET n = n - 1, sum = sum - 1, sum2 = sum2 - 1 WHERE run_id = OLD.run_id AND instance_id = OLD.instance_id AND metric = '' AND seat = '';
      END;
      CREATE TRIGGER episode_outcome_out AFTER UPDATE OF status, invalid, outcome ON episodes
      WHEN OLD.status = 'done' AND OLD.invalid IS NULL AND OLD.outcome IS NOT NULL
      BEGIN
        UPDATE run_outcomes SET n = n - 1 WHERE run_id = OLD.run_id AND outcome = OLD.outcome;
      END;
      CREATE TRIGGER episode_outcome_in AFTER UPDATE OF status, invalid, outcome ON episodes
      WHEN NEW.status = 'done' AND NEW.invalid IS NULL AND NEW.outcome IS NOT NULL
      BEGIN
        INSERT INTO run_outcomes (run_id, outcome, n) VALUES (NEW.run_id, NEW.outcome, 1)
          ON CONFLICT DO UPDATE SET n = n + 1;
      END;

      PRAGMA application_id = 1349676146;
    `,
};
