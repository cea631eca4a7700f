/**
 * The SQLite store: the single source of truth and the only module that imports better-sqlite3.
 * Every method is synchronous and short; callers never hold a transaction across an `await`.
 */
import Database from 'better-sqlite3';
import { hostname } from 'node:os';
import type { ModelConfig } from '../../../shared/contract/models';
import type { EpisodeStatus, ErrorKind, JudgeLabel, Outcome, RunStatus } from '../../../shared/contract/records';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations';

export class SchemaTooNewError extends Error {
  constructor(path: string, found: number) {
    super(
      `The database ${path} has schema version ${found}, but this Parlor build knows only up to ` +
        `version ${LATEST_SCHEMA_VERSION}. It was written by a newer Parlor: upgrade Parlor to open it ` +
        `(nothing was changed in the file).`,
    );
    this.name = 'SchemaTooNewError';
  }
}

export class NotFoundError extends Error {
  constructor(what: string, id: number | string) {
    super(`No ${what} with id ${id} in this database.`);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}

export interface RunHeaderRow {
  id: number;
  name: string | null;
  game: string;
  datasetId: number;
  dataset: string;
  datasetKind: string;
  split: string;
  status: RunStatus;
  createdAt: string;
  guesser: string | null;
  /** `model`, `human` or `scripted`. */
  guesserKind: string | null;
  judge: string | null;
}

/** Sums over finished episodes of one run and one key (a repetition or an entity id). */
export interface AggregateRow {
  runId: number;
  key: number;
  n: number;
  turns: number;
  turns2: number;
  success: number;
  yes: number;
  yes2: number;
  score: number;
  score2: number;
}

export type EntityAggregateRow = Pick<AggregateRow, 'runId' | 'key' | 'n' | 'success' | 'score' | 'score2'>;

export interface JudgeTurnRow {
  turnId: number;
  idx: number;
  question: string;
  judgeRaw: string;
  judgeLabel: JudgeLabel;
  episodeId: number;
  runId: number;
  entity: string;
  dataset: string;
  datasetKind: string;
  category: string | null;
  judgeModel: string;
  /** The episode's #Yes as played, when it finished. */
  episodeYes: number | null;
}

export interface AnnotationItemRow extends JudgeTurnRow {
  itemId: number;
  position: number;
  stratum: string | null;
  inOverlap: boolean;
}

export interface AnnotationSetRow {
  id: number;
  name: string;
  spec: unknown;
  createdAt: string;
  items: number;
  /** Items with at least one label other than a skip. */
  labelledItems: number;
  annotators: string[];
}

export interface AnnotationLabelRow {
  id: number;
  itemId: number;
  annotator: string;
  verdict: 'correct' | 'wrong' | 'ambiguous' | 'skip';
  answer: 'yes' | 'no' | 'maybe' | 'dunno' | null;
  note: string | null;
  labelledAt: string;
}

export interface ProfileRow {
  id: number;
  name: string;
  config: unknown;
  createdAt: string;
  updatedAt: string;
}

const nowIso = () => new Date().toISOString();
const json = (value: unknown) => JSON.stringify(value);

export interface EntityInput {
  position: number;
  name: string;
  line: string;
  aliases: string[];
  /** Topics of the entity (e.g. category, or nationality/occupation/era/gender). */
  topics?: Record<string, string> | null;
}

export interface EntityRow {
  id: number;
  datasetId: number;
  split: string;
  position: number;
  name: string;
  line: string;
  aliases: string[];
}

export interface RunRow {
  id: number;
  name: string | null;
  game: string;
  datasetId: number;
  datasetName: string;
  datasetKind: string;
  split: string;
  config: unknown;
  seed: number;
  appVersion: string;
  status: RunStatus;
  error: string | null;
  pid: number | null;
  host: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  heartbeatAt: string | null;
}

export interface RunListRow extends RunRow {
  guesser: string | null;
  judge: string | null;
  episodes: number;
  done: number;
  errors: number;
  wins: number;
}

export interface EpisodeRow {
  id: number;
  runId: number;
  game: string;
  entityId: number;
  entity: string;
  entityLine: string;
  aliases: string[];
  datasetName: string;
  datasetKind: string;
  split: string;
  repetition: number;
  seed: number;
  status: EpisodeStatus;
  outcome: Outcome | null;
  metrics: Record<string, number> | null;
  errorKind: ErrorKind | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  players: Record<string, string>;
  /** Why a reviewer excluded this episode (kept, never counted); null when it counts. */
  invalid: string | null;
}

/** A stored model call; `id` is set once the write is committed (at the latest by the next read). */
export interface CallRef {
  id: number | null;
}

export interface TurnInput {
  episodeId: number;
  idx: number;
  guesserGenerated: string;
  guesserSent: string;
  guesserInHistory: string;
  judgeRaw: string | null;
  judgeLabel: JudgeLabel;
  judgeReply: string;
  guesserCallId: number | CallRef | null;
  judgeCallId: number | CallRef | null;
  guesserLatencyMs: number | null;
  judgeLatencyMs: number | null;
  guesserInputTokens: number | null;
  guesserOutputTokens: number | null;
  judgeInputTokens: number | null;
  judgeOutputTokens: number | null;
  /** Game events of this turn, e.g. `empty_question`, `judge_off_format`. */
  flags?: string[] | null;
}

export interface TurnRow extends Omit<TurnInput, 'guesserCallId' | 'judgeCallId'> {
  id: number;
  guesserCallId: number | null;
  judgeCallId: number | null;
  createdAt: string;
}

export interface CallInput {
  runId: number | null;
  episodeId: number | null;
  turnIdx: number | null;
  role: string;
  modelConfigId: number;
  attempt: number;
  request: unknown;
  response: unknown;
  ok: boolean;
  httpStatus: number | null;
  errorKind: ErrorKind | null;
  error: string | null;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  startedAt: string;
  /** Served from the response cache, not the provider. */
  cached?: boolean;
}

export interface CallRow extends Omit<CallInput, 'ok' | 'cached'> {
  id: number;
  status: 'ok' | 'error';
  cached: boolean;
}

export interface PriceRow {
  provider: string;
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
  updatedAt: string;
}

export interface UsageRow {
  provider: string;
  model: string;
  calls: number;
  cachedCalls: number;
  inputTokens: number;
  outputTokens: number;
}

export interface NewRun {
  name: string | null;
  game: string;
  datasetId: number;
  split: string;
  config: unknown;
  seed: number;
  appVersion: string;
  players: Record<string, number>;
  episodes: { entityId: number; repetition: number; seed: number }[];
}

type Row = Record<string, unknown>;

function parseJson<T>(text: unknown): T {
  return JSON.parse(String(text)) as T;
}

const MAX_BATCH = 1000;

/** The indexed copies of the metrics (migration 5). */
function metricColumns(metrics: Record<string, number>): (number | null)[] {
  return [metrics.turns ?? null, metrics.success ?? null, metrics.yes ?? null, metrics.score ?? null];
}

function refId(ref: number | CallRef | null): number | null {
  return ref === null || typeof ref === 'number' ? ref : ref.id;
}

export class Store {
  readonly path: string;
  private readonly db: Database.Database;
  private readonly stmts;
  /** Appends (model calls, turns) waiting for the group commit at the end of this event-loop turn. */
  private pending: (() => void)[] = [];
  private flushScheduled = false;
  private writeErrors: unknown[] = [];
  private readonly statements = new Map<string, Database.Statement>();

  private constructor(path: string, db: Database.Database) {
    this.path = path;
    this.db = db;
    this.stmts = {
      insertCall: db.prepare(
        `INSERT INTO model_calls (run_id, episode_id, turn_idx, role, model_config_id, attempt, request, response,
           status, http_status, error_kind, error, latency_ms, input_tokens, output_tokens, started_at, cached)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertTurn: db.prepare(
        `INSERT INTO turns (episode_id, idx, guesser_generated, guesser_sent, guesser_in_history, judge_raw,
           judge_label, judge_reply, guesser_call_id, judge_call_id, guesser_latency_ms, judge_latency_ms,
           guesser_input_tokens, guesser_output_tokens, judge_input_tokens, judge_output_tokens, created_at, flags)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      heartbeat: db.prepare(`UPDATE runs SET heartbeat_at = ? WHERE id = ?`),
      cacheGet: db.prepare(`SELECT response FROM response_cache WHERE key = ?`),
      cachePut: db.prepare(`INSERT OR IGNORE INTO response_cache (key, model, request, response) VALUES (?, ?, ?, ?)`),
    };
  }

  /** A prepared statement, compiled once per store. */
  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  /** Opens (creating if needed) a Parlor database and brings its schema up to date. */
  static open(path: string): Store {
    // The desktop app loads a copy of the addon built for Electron's ABI; Node uses the installed one.
    const binding = process.env.PARLOR_SQLITE_BINDING;
    const db = new Database(path, binding ? { nativeBinding: binding } : {});
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      // WAL + NORMAL survives any process crash; only an OS crash can lose the last commits.
      db.pragma('synchronous = NORMAL');
      db.pragma('busy_timeout = 5000');
      // Checkpoint the WAL every ~40 MB rather than every 4 MB: request bodies are large, and each
      // checkpoint syncs the database file.
      db.pragma('wal_autocheckpoint = 10000');
      migrate(db, path);
      return new Store(path, db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  close(): void {
    try {
      this.flush();
    } finally {
      this.db.close();
    }
  }

  get schemaVersion(): number {
    this.flush();
    return Number(this.db.pragma('user_version', { simple: true }));
  }

  transaction<T>(fn: () => T): T {
    this.flush();
    return this.db.transaction(fn)();
  }

  // ── datasets and entities ────────────────────────────────────────────────

  upsertDataset(name: string, kind: string, source: string): number {
    this.flush();
    const existing = this.sql(`SELECT id, kind FROM datasets WHERE name = ?`).get(name) as Row | undefined;
    if (existing) {
      if (existing.kind !== kind) {
        throw new Error(`Dataset "${name}" is already stored as kind "${String(existing.kind)}", not "${kind}".`);
      }
      return Number(existing.id);
    }
    return Number(this.sql(`INSERT INTO datasets (name, kind, source) VALUES (?, ?, ?)`).run(name, kind, source).lastInsertRowid);
  }

  /** Stores a split's entities (idempotent by line) and returns their rows in list order. */
  upsertEntities(datasetId: number, split: string, entities: EntityInput[]): EntityRow[] {
    this.flush();
    const insert = this.sql(
      `INSERT INTO entities (dataset_id, split, position, name, line, aliases, categories) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (dataset_id, split, line) DO UPDATE SET position = excluded.position,
         categories = coalesce(excluded.categories, entities.categories)
       RETURNING id`,
    );
    return this.transaction(() =>
      entities.map((e) => {
        const row = insert.get(datasetId, split, e.position, e.name, e.line, json(e.aliases), e.topics ? json(e.topics) : null) as Row;
        return { id: Number(row.id), datasetId, split, ...e };
      }),
    );
  }

  // ── models and players ───────────────────────────────────────────────────

  ensureModelConfig(config: ModelConfig): number {
    this.flush();
    const canonical = json(sortKeys(config));
    const row = this.db
      .prepare(
        `INSERT INTO model_configs (provider, model, base_url, api_key_env, config) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (config) DO UPDATE SET config = excluded.config RETURNING id`,
      )
      .get(config.provider, config.model, config.baseUrl ?? null, config.apiKeyEnv ?? null, canonical) as Row;
    return Number(row.id);
  }

  ensurePlayer(kind: 'model' | 'human' | 'scripted', name: string, modelConfigId: number | null): number {
    this.flush();
    const key = modelConfigId === null ? `${kind}:${name}` : `${kind}:${modelConfigId}`;
    const row = this.db
      .prepare(
        `INSERT INTO players (key, kind, name, model_config_id) VALUES (?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET name = excluded.name RETURNING id`,
      )
      .get(key, kind, name, modelConfigId) as Row;
    return Number(row.id);
  }

  // ── runs ─────────────────────────────────────────────────────────────────

  /** Creates a run and all its episodes (pending) in one transaction. */
  createRun(run: NewRun): number {
    this.flush();
    return this.transaction(() => {
      const runId = Number(
        this.db
          .prepare(
            `INSERT INTO runs (name, game, dataset_id, split, config, seed, app_version, status)
             VALUES (?, ?, ?, ?, ?, ?, ?, 'created')`,
          )
          .run(run.name, run.game, run.datasetId, run.split, json(run.config), run.seed, run.appVersion).lastInsertRowid,
      );
      const insertEpisode = this.sql(
        `INSERT INTO episodes (run_id, game, entity_id, repetition, seed) VALUES (?, ?, ?, ?, ?)`,
      );
      const insertPlayer = this.sql(`INSERT INTO episode_players (episode_id, role, player_id) VALUES (?, ?, ?)`);
      for (const e of run.episodes) {
        const episodeId = Number(insertEpisode.run(runId, run.game, e.entityId, e.repetition, e.seed).lastInsertRowid);
        for (const [role, playerId] of Object.entries(run.players)) insertPlayer.run(episodeId, role, playerId);
      }
      return runId;
    });
  }

  markRunRunning(runId: number, pid: number = process.pid): void {
    this.flush();
    const now = nowIso();
    this.db
      .prepare(
        `UPDATE runs SET status = 'running', pid = ?, host = ?, started_at = COALESCE(started_at, ?), heartbeat_at = ?,
           finished_at = NULL, error = NULL WHERE id = ?`,
      )
      .run(pid, hostname(), now, now, runId);
  }

  heartbeat(runId: number): void {
    this.stmts.heartbeat.run(nowIso(), runId);
  }

  finishRun(runId: number, status: Exclude<RunStatus, 'created' | 'running'>, error: string | null = null): void {
    this.flush();
    this.db
      .prepare(`UPDATE runs SET status = ?, error = ?, finished_at = ?, heartbeat_at = ? WHERE id = ?`)
      .run(status, error, nowIso(), nowIso(), runId);
  }

  getRun(runId: number): RunRow {
    this.flush();
    const row = this.sql(`${RUN_SELECT} WHERE r.id = ?`).get(runId) as Row | undefined;
    if (!row) throw new NotFoundError('run', runId);
    return toRun(row);
  }

  /** Every run with its counts, or just the one with `runId`. */
  listRuns(runId?: number): RunListRow[] {
    this.flush();
    const only = (column: string) => (runId === undefined ? '' : `WHERE ${column} = ${Number(runId)}`);
    const rows = this.sql(
      `SELECT r.*, d.name AS dataset_name, d.kind AS dataset_kind,
         (SELECT p.name FROM episodes e JOIN episode_players ep ON ep.episode_id = e.id AND ep.role = 'guesser'
            JOIN players p ON p.id = ep.player_id WHERE e.run_id = r.id LIMIT 1) AS guesser,
         (SELECT p.name FROM episodes e JOIN episode_players ep ON ep.episode_id = e.id AND ep.role = 'judge'
            JOIN players p ON p.id = ep.player_id WHERE e.run_id = r.id LIMIT 1) AS judge
       FROM runs r JOIN datasets d ON d.id = r.dataset_id ${only('r.id')} ORDER BY r.id`,
    ).all() as Row[];
    // One pass over the (run_id, status) index for every run's counts.
    const counts = new Map<number, Row>();
    for (const row of this.sql(
      `SELECT run_id, COUNT(*) AS n, SUM(status = 'done') AS done, SUM(status = 'error') AS errors
       FROM episodes ${only('run_id')} GROUP BY run_id`,
    ).all() as Row[]) counts.set(Number(row.run_id), row);
    const wins = new Map<number, number>();
    for (const row of this.sql(`SELECT run_id, SUM(success) AS wins FROM repetition_sums ${only('run_id')} GROUP BY run_id`).all() as Row[]) {
      wins.set(Number(row.run_id), Math.round(Number(row.wins)));
    }
    return rows.map((row) => {
      const c = counts.get(Number(row.id));
      return {
        ...toRun(row),
        guesser: (row.guesser as string | null) ?? null,
        judge: (row.judge as string | null) ?? null,
        episodes: Number(c?.n ?? 0),
        done: Number(c?.done ?? 0),
        errors: Number(c?.errors ?? 0),
        wins: wins.get(Number(row.id)) ?? 0,
      };
    });
  }

  /**
   * A run left `running` by a process that no longer exists (killed, crashed, machine rebooted)
   * is marked `interrupted`, and its half-played episodes go back to `pending` with their turns kept.
   * `isAlive` decides from pid, host and heartbeat; it is injected so tests can decide too.
   */
  reconcileInterrupted(isAlive: (run: RunRow) => boolean): number[] {
    this.flush();
    const running = (this.sql(`${RUN_SELECT} WHERE r.status = 'running'`).all() as Row[]).map(toRun);
    const dead = running.filter((run) => !isAlive(run));
    this.transaction(() => {
      for (const run of dead) {
        this.db
          .prepare(`UPDATE runs SET status = 'interrupted', error = ? WHERE id = ? AND status = 'running'`)
          .run(`process ${run.pid ?? '?'} on ${run.host ?? '?'} stopped without finishing the run`, run.id);
        this.sql(`UPDATE episodes SET status = 'pending' WHERE run_id = ? AND status = 'running'`).run(run.id);
      }
    });
    return dead.map((run) => run.id);
  }

  // ── episodes ─────────────────────────────────────────────────────────────

  episodeIds(runId: number, statuses: EpisodeStatus[]): number[] {
    this.flush();
    const marks = statuses.map(() => '?').join(',');
    return (
      this.db
        .prepare(`SELECT id FROM episodes WHERE run_id = ? AND status IN (${marks}) ORDER BY repetition, entity_id`)
        .all(runId, ...statuses) as Row[]
    ).map((row) => Number(row.id));
  }

  getEpisode(episodeId: number): EpisodeRow {
    this.flush();
    const row = this.sql(`${EPISODE_SELECT} WHERE e.id = ?`).get(episodeId) as Row | undefined;
    if (!row) throw new NotFoundError('episode', episodeId);
    return toEpisode(row);
  }

  listEpisodes(runId: number): EpisodeRow[] {
    this.flush();
    return (
      this.sql(`${EPISODE_SELECT} WHERE e.run_id = ? ORDER BY e.repetition, en.position`).all(runId) as Row[]
    ).map(toEpisode);
  }

  startEpisode(episodeId: number): void {
    this.flush();
    this.db
      .prepare(`UPDATE episodes SET status = 'running', started_at = COALESCE(started_at, ?), error = NULL, error_kind = NULL WHERE id = ?`)
      .run(nowIso(), episodeId);
  }

  finishEpisode(episodeId: number, outcome: Outcome, metrics: Record<string, number>): void {
    this.flush();
    this.sql(
      `UPDATE episodes SET status = 'done', outcome = ?, metrics = ?, finished_at = ?,
         m_turns = ?, m_success = ?, m_yes = ?, m_score = ? WHERE id = ?`,
    ).run(outcome, json(metrics), nowIso(), ...metricColumns(metrics), episodeId);
  }

  resetEpisode(episodeId: number): void {
    this.flush();
    this.sql(`UPDATE episodes SET status = 'pending' WHERE id = ? AND status = 'running'`).run(episodeId);
  }

  failEpisode(episodeId: number, kind: ErrorKind, message: string): void {
    this.flush();
    this.db
      .prepare(`UPDATE episodes SET status = 'error', error_kind = ?, error = ?, finished_at = ? WHERE id = ?`)
      .run(kind, message, nowIso(), episodeId);
  }

  // ── turns and calls ──────────────────────────────────────────────────────

  /**
   * Appends a model call. Appends are group-committed: in one transaction at the end of the current
   * event-loop turn (or every 1,000 appends), and before any other store method runs, so
   * readers always see them and a crash loses at most the appends of one event-loop turn.
   */
  recordCall(call: CallInput): CallRef {
    const ref: CallRef = { id: null };
    const c = call;
    this.append(() => {
      // Serialised at commit time, off the path between one model call and the next; callers
      // must not mutate request or response bodies once recorded.
      const request = json(c.request);
      const response = c.response === undefined || c.response === null ? null : json(c.response);
      ref.id = Number(
        this.stmts.insertCall.run(
          c.runId, c.episodeId, c.turnIdx, c.role, c.modelConfigId, c.attempt, request, response, c.ok ? 'ok' : 'error',
          c.httpStatus, c.errorKind, c.error, c.latencyMs, c.inputTokens, c.outputTokens, c.startedAt, c.cached ? 1 : 0,
        ).lastInsertRowid,
      );
    });
    return ref;
  }

  /** Appends a finished turn (see `recordCall` for when it is committed). */
  commitTurn(turn: TurnInput): void {
    const t = turn;
    const createdAt = nowIso();
    const flags = t.flags?.length ? json(t.flags) : null;
    this.append(() => {
      this.stmts.insertTurn.run(
        t.episodeId, t.idx, t.guesserGenerated, t.guesserSent, t.guesserInHistory, t.judgeRaw, t.judgeLabel, t.judgeReply,
        refId(t.guesserCallId), refId(t.judgeCallId), t.guesserLatencyMs, t.judgeLatencyMs,
        t.guesserInputTokens, t.guesserOutputTokens, t.judgeInputTokens, t.judgeOutputTokens, createdAt, flags,
      );
    });
  }

  private append(write: () => void): void {
    this.pending.push(write);
    if (this.pending.length >= MAX_BATCH) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        if (this.db.open) this.flush();
      });
    }
  }

  /** Commits pending appends now; raises any append that failed (a bug, e.g. a duplicate turn). */
  flush(): void {
    if (this.pending.length) {
      const batch = this.pending;
      this.pending = [];
      this.db.transaction(() => {
        for (const write of batch) {
          try {
            write(); // a failing INSERT rolls back alone; the rest of the batch commits
          } catch (error) {
            this.writeErrors.push(error);
          }
        }
      })();
    }
    if (this.writeErrors.length) {
      const [first] = this.writeErrors;
      this.writeErrors = [];
      throw first;
    }
  }

  getTurns(episodeId: number): TurnRow[] {
    this.flush();
    return (this.sql(`SELECT * FROM turns WHERE episode_id = ? ORDER BY idx`).all(episodeId) as Row[]).map(toTurn);
  }

  getCalls(episodeId: number): CallRow[] {
    this.flush();
    return (
      this.sql(`SELECT * FROM model_calls WHERE episode_id = ? ORDER BY id`).all(episodeId) as Row[]
    ).map(toCall);
  }

  getCall(callId: number): CallRow {
    this.flush();
    const row = this.sql(`SELECT * FROM model_calls WHERE id = ?`).get(callId) as Row | undefined;
    if (!row) throw new NotFoundError('model call', callId);
    return toCall(row);
  }

  /** Ids of a run's episodes with a question containing `text` (case-insensitive for ASCII). */
  episodesAsking(runId: number, text: string): number[] {
    this.flush();
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return (
      this.sql(
        `SELECT DISTINCT t.episode_id AS id FROM turns t JOIN episodes e ON e.id = t.episode_id
         WHERE e.run_id = ? AND t.guesser_sent LIKE ? ESCAPE '\\'`,
      ).all(runId, pattern) as Row[]
    ).map((row) => Number(row.id));
  }

  // ── model profiles ───────────────────────────────────────────────────────

  listProfiles(): ProfileRow[] {
    this.flush();
    return (this.sql(`SELECT * FROM model_profiles ORDER BY name`).all() as Row[]).map(toProfile);
  }

  getProfile(id: number): ProfileRow {
    this.flush();
    const row = this.sql(`SELECT * FROM model_profiles WHERE id = ?`).get(id) as Row | undefined;
    if (!row) throw new NotFoundError('model profile', id);
    return toProfile(row);
  }

  /** Creates a profile, or updates the one with `id`; names are unique. */
  saveProfile(profile: { id?: number; name: string; config: unknown }): ProfileRow {
    this.flush();
    const clash = this.sql(`SELECT id FROM model_profiles WHERE name = ?`).get(profile.name) as Row | undefined;
    if (clash && Number(clash.id) !== profile.id) throw new ConflictError(`A model named "${profile.name}" already exists.`);
    if (profile.id === undefined) {
      const id = this.sql(`INSERT INTO model_profiles (name, config) VALUES (?, ?)`).run(profile.name, json(profile.config)).lastInsertRowid;
      return this.getProfile(Number(id));
    }
    const changed = this.sql(`UPDATE model_profiles SET name = ?, config = ?, updated_at = ? WHERE id = ?`)
      .run(profile.name, json(profile.config), nowIso(), profile.id).changes;
    if (!changed) throw new NotFoundError('model profile', profile.id);
    return this.getProfile(profile.id);
  }

  removeProfile(id: number): boolean {
    this.flush();
    return this.sql(`DELETE FROM model_profiles WHERE id = ?`).run(id).changes > 0;
  }

  // ── explore ──────────────────────────────────────────────────────────────

  /** Every run with its guesser and judge names, without counting episodes (cheap on any size). */
  runHeaders(): RunHeaderRow[] {
    this.flush();
    return (
      this.sql(
        `SELECT r.id, r.name, r.game, r.split, r.status, r.created_at, r.dataset_id, d.name AS dataset_name, d.kind AS dataset_kind,
           (SELECT p.name FROM episodes e JOIN episode_players ep ON ep.episode_id = e.id AND ep.role = 'guesser'
              JOIN players p ON p.id = ep.player_id WHERE e.run_id = r.id LIMIT 1) AS guesser,
           (SELECT p.kind FROM episodes e JOIN episode_players ep ON ep.episode_id = e.id AND ep.role = 'guesser'
              JOIN players p ON p.id = ep.player_id WHERE e.run_id = r.id LIMIT 1) AS guesser_kind,
           (SELECT p.name FROM episodes e JOIN episode_players ep ON ep.episode_id = e.id AND ep.role = 'judge'
              JOIN players p ON p.id = ep.player_id WHERE e.run_id = r.id LIMIT 1) AS judge
         FROM runs r JOIN datasets d ON d.id = r.dataset_id ORDER BY r.id`,
      ).all() as Row[]
    ).map((row) => ({
      id: Number(row.id),
      name: str(row.name),
      game: String(row.game),
      datasetId: Number(row.dataset_id),
      dataset: String(row.dataset_name),
      datasetKind: String(row.dataset_kind),
      split: String(row.split),
      status: row.status as RunStatus,
      createdAt: String(row.created_at),
      guesser: str(row.guesser),
      guesserKind: str(row.guesser_kind),
      judge: str(row.judge),
    }));
  }

  /** Sums of each metric (and of squares) over the finished episodes of each run × repetition. */
  repetitionAggregates(runIds: readonly number[]): AggregateRow[] {
    this.flush();
    if (runIds.length === 0) return [];
    const marks = runIds.map(() => '?').join(',');
    return (
      this.db
        .prepare(
          `SELECT run_id, repetition, n, turns, turns2, success, yes, yes2, score, score2
           FROM repetition_sums WHERE run_id IN (${marks}) AND n > 0`,
        )
        .raw()
        .all(...runIds) as number[][]
    ).map(([runId, key, n, turns, turns2, success, yes, yes2, score, score2]) => ({ runId: runId!, key: key!, n: n!, turns: turns!, turns2: turns2!, success: success!, yes: yes!, yes2: yes2!, score: score!, score2: score2! }));
  }

  /** Score and success sums per run × entity (heatmaps, difficulty, paired comparisons). */
  entityAggregates(runIds: readonly number[]): EntityAggregateRow[] {
    this.flush();
    if (runIds.length === 0) return [];
    const marks = runIds.map(() => '?').join(',');
    return (
      this.db
        .prepare(`SELECT run_id, entity_id, n, success, score, score2 FROM entity_sums WHERE run_id IN (${marks}) AND n > 0`)
        .raw()
        .all(...runIds) as number[][]
    ).map(([runId, key, n, success, score, score2]) => ({ runId: runId!, key: key!, n: n!, success: success!, score: score!, score2: score2! }));
  }

  /** Errored and unfinished episodes per run (they are excluded from every metric, and counted). */
  excludedCounts(runIds: readonly number[]): Map<number, { errors: number; unfinished: number }> {
    this.flush();
    const out = new Map<number, { errors: number; unfinished: number }>();
    if (runIds.length === 0) return out;
    const marks = runIds.map(() => '?').join(',');
    const rows = this.db
      .prepare(
        `SELECT run_id, SUM(status = 'error') AS errors, SUM(status IN ('pending', 'running')) AS unfinished
         FROM episodes WHERE run_id IN (${marks}) AND status != 'done' GROUP BY run_id`,
      )
      .all(...runIds) as Row[];
    for (const row of rows) out.set(Number(row.run_id), { errors: Number(row.errors), unfinished: Number(row.unfinished) });
    return out;
  }

  /** Entities of a dataset with their topics (the `categories` object). */
  datasetEntities(datasetId: number): { id: number; name: string; split: string; topics: Record<string, string> }[] {
    this.flush();
    return (this.sql(`SELECT id, name, split, categories FROM entities WHERE dataset_id = ?`).all(datasetId) as Row[]).map((row) => {
      const topics = row.categories ? parseJson<unknown>(row.categories) : null;
      return { id: Number(row.id), name: String(row.name), split: String(row.split), topics: topics && typeof topics === 'object' && !Array.isArray(topics) ? (topics as Record<string, string>) : {} };
    });
  }

  /** Finished episodes of these runs on these entities (a heatmap cell), at most `limit`. */
  episodesFor(runIds: readonly number[], entityIds: readonly number[], limit: number): EpisodeRow[] {
    this.flush();
    if (!runIds.length || !entityIds.length) return [];
    const runs = runIds.map(() => '?').join(',');
    const entities = entityIds.map(() => '?').join(',');
    return (
      this.db
        .prepare(`${EPISODE_SELECT} WHERE e.run_id IN (${runs}) AND e.entity_id IN (${entities}) AND e.status = 'done' ORDER BY en.name, e.run_id, e.repetition LIMIT ?`)
        .all(...runIds, ...entityIds, limit) as Row[]
    ).map(toEpisode);
  }

  // ── human players ────────────────────────────────────────────────────────

  /** The run that collects one human's games on a dataset split against one judge, if it exists. */
  findHumanRun(handle: string, datasetId: number, split: string, judgeConfig: string): number | null {
    this.flush();
    const row = this.sql(
      `SELECT id FROM runs WHERE dataset_id = ? AND split = ? AND json_extract(config, '$.players.guesser.provider') = 'human'
         AND json_extract(config, '$.players.guesser.model') = ? AND json(json_extract(config, '$.players.judge')) = json(?)
       ORDER BY id LIMIT 1`,
    ).get(datasetId, split, handle, judgeConfig) as Row | undefined;
    return row ? Number(row.id) : null;
  }

  /** Adds one episode to an existing run (a human's next game). */
  addEpisode(runId: number, game: string, entityId: number, repetition: number, seed: number, players: Record<string, number>): number {
    this.flush();
    return this.transaction(() => {
      const id = Number(this.sql(`INSERT INTO episodes (run_id, game, entity_id, repetition, seed) VALUES (?, ?, ?, ?, ?)`).run(runId, game, entityId, repetition, seed).lastInsertRowid);
      const insert = this.sql(`INSERT INTO episode_players (episode_id, role, player_id) VALUES (?, ?, ?)`);
      for (const [role, playerId] of Object.entries(players)) insert.run(id, role, playerId);
      return id;
    });
  }

  /** How many human games each entity of a dataset split has had, and which ones this handle played. */
  humanPlays(datasetId: number, split: string, handle: string): { counts: Map<number, number>; playedBy: Set<number> } {
    this.flush();
    const rows = this.sql(
      `SELECT e.entity_id, p.name FROM episodes e JOIN entities en ON en.id = e.entity_id
       JOIN episode_players ep ON ep.episode_id = e.id AND ep.role = 'guesser' JOIN players p ON p.id = ep.player_id
       WHERE en.dataset_id = ? AND en.split = ? AND p.kind = 'human'`,
    ).all(datasetId, split) as Row[];
    const counts = new Map<number, number>();
    const playedBy = new Set<number>();
    for (const row of rows) {
      const id = Number(row.entity_id);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      if (row.name === `human:${handle}`) playedBy.add(id);
    }
    return { counts, playedBy };
  }

  /** Every episode played by a human, newest first (for review). */
  humanEpisodes(): EpisodeRow[] {
    this.flush();
    return (
      this.sql(
        `${EPISODE_SELECT} WHERE e.id IN (SELECT ep.episode_id FROM episode_players ep JOIN players p ON p.id = ep.player_id
           WHERE ep.role = 'guesser' AND p.kind = 'human') ORDER BY e.id DESC`,
      ).all() as Row[]
    ).map(toEpisode);
  }

  /** Marks an episode invalid with a reason (excluded from every metric, kept), or valid again with null. */
  setInvalid(episodeId: number, reason: string | null): void {
    this.flush();
    if (this.sql(`UPDATE episodes SET invalid = ? WHERE id = ?`).run(reason, episodeId).changes === 0) throw new NotFoundError('episode', episodeId);
  }

  /** Finished or errored episodes of the same entity (for side-by-side reading), newest run first. */
  episodesOfEntity(entityId: number): EpisodeRow[] {
    this.flush();
    return (this.sql(`${EPISODE_SELECT} WHERE e.entity_id = ? ORDER BY e.run_id DESC, e.repetition`).all(entityId) as Row[]).map(toEpisode);
  }

  // ── annotation ───────────────────────────────────────────────────────────

  /** Turns of these runs where the judge model answered (Bingo turns are decided by the rules). */
  judgeTurns(runIds: readonly number[]): JudgeTurnRow[] {
    this.flush();
    const marks = runIds.map(() => '?').join(',');
    return (this.db.prepare(`${JUDGE_TURN_SELECT} WHERE e.run_id IN (${marks}) AND t.judge_call_id IS NOT NULL ORDER BY t.id`).all(...runIds) as Row[]).map(toJudgeTurn);
  }

  createAnnotationSet(name: string, spec: unknown, items: readonly { turnId: number; stratum: string | null; inOverlap: boolean }[]): number {
    this.flush();
    return this.transaction(() => {
      if (this.sql(`SELECT 1 FROM annotation_sets WHERE name = ?`).get(name)) throw new ConflictError(`An annotation set named "${name}" already exists.`);
      const setId = Number(this.sql(`INSERT INTO annotation_sets (name, spec) VALUES (?, ?)`).run(name, json(spec)).lastInsertRowid);
      const insert = this.sql(`INSERT INTO annotation_items (set_id, turn_id, position, stratum, in_overlap) VALUES (?, ?, ?, ?, ?)`);
      items.forEach((item, i) => insert.run(setId, item.turnId, i + 1, item.stratum, item.inOverlap ? 1 : 0));
      return setId;
    });
  }

  listAnnotationSets(): AnnotationSetRow[] {
    this.flush();
    return (this.sql(`${SET_SELECT} ORDER BY s.id DESC`).all() as Row[]).map(toSet);
  }

  getAnnotationSet(setId: number): AnnotationSetRow {
    this.flush();
    const row = this.sql(`${SET_SELECT} WHERE s.id = ?`).get(setId) as Row | undefined;
    if (!row) throw new NotFoundError('annotation set', setId);
    return toSet(row);
  }

  /** Every item of a set with its turn, episode and judge, in set order. */
  annotationItems(setId: number, itemId?: number): AnnotationItemRow[] {
    this.flush();
    return (
      this.sql(
        `SELECT i.id AS item_id, i.position, i.stratum, i.in_overlap, jt.* FROM annotation_items i
         JOIN (${JUDGE_TURN_SELECT}) jt ON jt.turn_id = i.turn_id WHERE i.set_id = @set AND (@item IS NULL OR i.id = @item) ORDER BY i.position`,
      ).all({ set: setId, item: itemId ?? null }) as Row[]
    ).map((row) => ({ ...toJudgeTurn(row), itemId: Number(row.item_id), position: Number(row.position), stratum: str(row.stratum), inOverlap: row.in_overlap === 1 }));
  }

  /**
   * The next items for an annotator: ones they have not labelled that are theirs to label (overlap
   * items, or items nobody has labelled yet) in set order, then the ones they skipped, oldest skip first.
   */
  annotationQueue(setId: number, annotator: string, limit: number): number[] {
    this.flush();
    const fresh = this.sql(
      `SELECT i.id FROM annotation_items i WHERE i.set_id = ?
         AND NOT EXISTS (SELECT 1 FROM annotations a WHERE a.item_id = i.id AND a.annotator = ?)
         AND (i.in_overlap = 1 OR NOT EXISTS (SELECT 1 FROM annotations a WHERE a.item_id = i.id AND a.verdict != 'skip'))
       ORDER BY i.position LIMIT ?`,
    ).all(setId, annotator, limit) as Row[];
    const skipped = fresh.length < limit
      ? (this.sql(
          `SELECT i.id FROM annotation_items i JOIN annotations a ON a.item_id = i.id AND a.annotator = ? AND a.verdict = 'skip'
           WHERE i.set_id = ? ORDER BY a.id LIMIT ?`,
        ).all(annotator, setId, limit - fresh.length) as Row[])
      : [];
    return [...fresh, ...skipped].map((row) => Number(row.id));
  }

  /** Items an annotator has labelled (skips aside), and how many are theirs to label in all. */
  annotatorProgress(setId: number, annotator: string): { done: number; total: number } {
    this.flush();
    const row = this.sql(
      `SELECT
         SUM(EXISTS (SELECT 1 FROM annotations a WHERE a.item_id = i.id AND a.annotator = @annotator AND a.verdict != 'skip')) AS done,
         SUM(i.in_overlap = 1
             OR EXISTS (SELECT 1 FROM annotations a WHERE a.item_id = i.id AND a.annotator = @annotator AND a.verdict != 'skip')
             OR NOT EXISTS (SELECT 1 FROM annotations a WHERE a.item_id = i.id AND a.verdict != 'skip')) AS total
       FROM annotation_items i WHERE i.set_id = @set`,
    ).get({ annotator, set: setId }) as Row;
    return { done: Number(row.done ?? 0), total: Number(row.total ?? 0) };
  }

  labelItem(label: { itemId: number; annotator: string; verdict: string; answer: string | null; note: string | null }): void {
    this.flush();
    this.transaction(() => {
      if (!this.sql(`SELECT 1 FROM annotation_items WHERE id = ?`).get(label.itemId)) throw new NotFoundError('annotation item', label.itemId);
      this.sql(`DELETE FROM annotations WHERE item_id = ? AND annotator = ?`).run(label.itemId, label.annotator);
      this.sql(`INSERT INTO annotations (item_id, annotator, verdict, answer, note, labelled_at) VALUES (?, ?, ?, ?, ?, ?)`)
        .run(label.itemId, label.annotator, label.verdict, label.answer, label.note, nowIso());
    });
  }

  /** Removes an annotator's newest label in a set; returns its item, or null when there is none. */
  undoLabel(setId: number, annotator: string): number | null {
    this.flush();
    const row = this.sql(
      `SELECT a.id, a.item_id FROM annotations a JOIN annotation_items i ON i.id = a.item_id
       WHERE i.set_id = ? AND a.annotator = ? ORDER BY a.id DESC LIMIT 1`,
    ).get(setId, annotator) as Row | undefined;
    if (!row) return null;
    this.sql(`DELETE FROM annotations WHERE id = ?`).run(row.id);
    return Number(row.item_id);
  }

  annotationLabels(setId: number): AnnotationLabelRow[] {
    this.flush();
    return (
      this.sql(
        `SELECT a.* FROM annotations a JOIN annotation_items i ON i.id = a.item_id WHERE i.set_id = ? ORDER BY a.id`,
      ).all(setId) as Row[]
    ).map((row) => ({
      id: Number(row.id),
      itemId: Number(row.item_id),
      annotator: String(row.annotator),
      verdict: row.verdict as AnnotationLabelRow['verdict'],
      answer: str(row.answer) as AnnotationLabelRow['answer'],
      note: str(row.note),
      labelledAt: String(row.labelled_at),
    }));
  }

  /** Errored episodes go back to pending, keeping the turns they had committed. */
  requeueErrors(runId: number): number {
    this.flush();
    return this.db
      .prepare(`UPDATE episodes SET status = 'pending', error = NULL, error_kind = NULL, finished_at = NULL WHERE run_id = ? AND status = 'error'`)
      .run(runId).changes;
  }

  updateRunConfig(runId: number, config: unknown): void {
    this.flush();
    this.sql(`UPDATE runs SET config = ? WHERE id = ?`).run(json(config), runId);
  }

  /** Stores recomputed metrics (a rescore) for finished episodes. */
  updateEpisodeResults(results: { episodeId: number; outcome: Outcome; metrics: Record<string, number> }[]): void {
    this.flush();
    const update = this.sql(
      `UPDATE episodes SET outcome = ?, metrics = ?, m_turns = ?, m_success = ?, m_yes = ?, m_score = ? WHERE id = ? AND status = 'done'`,
    );
    this.transaction(() => results.forEach((r) => update.run(r.outcome, json(r.metrics), ...metricColumns(r.metrics), r.episodeId)));
  }

  // ── response cache ───────────────────────────────────────────────────────

  cacheGet(key: string): unknown {
    this.flush();
    const row = this.stmts.cacheGet.get(key) as Row | undefined;
    return row ? parseJson(row.response) : undefined;
  }

  cachePut(key: string, model: string, request: unknown, response: unknown): void {
    this.flush();
    this.stmts.cachePut.run(key, model, json(request), json(response));
  }

  // ── prices and usage ─────────────────────────────────────────────────────

  setPrice(provider: string, model: string, inputPerMTok: number, outputPerMTok: number): void {
    this.flush();
    this.db
      .prepare(
        `INSERT INTO prices (provider, model, input_per_mtok, output_per_mtok, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (provider, model) DO UPDATE SET input_per_mtok = excluded.input_per_mtok,
           output_per_mtok = excluded.output_per_mtok, updated_at = excluded.updated_at`,
      )
      .run(provider, model, inputPerMTok, outputPerMTok, nowIso());
  }

  removePrice(provider: string, model: string): boolean {
    this.flush();
    return this.sql(`DELETE FROM prices WHERE provider = ? AND model = ?`).run(provider, model).changes > 0;
  }

  listPrices(): PriceRow[] {
    this.flush();
    return (this.sql(`SELECT * FROM prices ORDER BY provider, model`).all() as Row[]).map((r) => ({
      provider: String(r.provider),
      model: String(r.model),
      inputPerMTok: Number(r.input_per_mtok),
      outputPerMTok: Number(r.output_per_mtok),
      updatedAt: String(r.updated_at),
    }));
  }

  /** Tokens used by a run, per model; cached calls cost nothing and are counted apart. */
  usage(runId: number): UsageRow[] {
    this.flush();
    return (
      this.db
        .prepare(
          `SELECT m.provider, m.model, COUNT(*) AS calls, SUM(c.cached) AS cached_calls,
             SUM(CASE WHEN c.cached = 0 THEN COALESCE(c.input_tokens, 0) ELSE 0 END) AS input_tokens,
             SUM(CASE WHEN c.cached = 0 THEN COALESCE(c.output_tokens, 0) ELSE 0 END) AS output_tokens
           FROM model_calls c JOIN model_configs m ON m.id = c.model_config_id
           WHERE c.run_id = ? GROUP BY m.provider, m.model ORDER BY m.provider, m.model`,
        )
        .all(runId) as Row[]
    ).map((r) => ({
      provider: String(r.provider),
      model: String(r.model),
      calls: Number(r.calls),
      cachedCalls: Number(r.cached_calls ?? 0),
      inputTokens: Number(r.input_tokens ?? 0),
      outputTokens: Number(r.output_tokens ?? 0),
    }));
  }

  /** Whether an episode has a successful call in this role (e.g. a hint was asked for). */
  hasCall(episodeId: number, role: string): boolean {
    this.flush();
    return this.sql(`SELECT 1 FROM model_calls WHERE episode_id = ? AND role = ? AND status = 'ok' LIMIT 1`).get(episodeId, role) !== undefined;
  }

  countCalls(runId: number): { total: number; ok: number; errors: number } {
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS total, SUM(status = 'ok') AS ok, SUM(status = 'error') AS errors FROM model_calls WHERE run_id = ?`,
      )
      .get(runId) as Row;
    return { total: Number(row.total), ok: Number(row.ok ?? 0), errors: Number(row.errors ?? 0) };
  }
}

function migrate(db: Database.Database, path: string): void {
  const current = Number(db.pragma('user_version', { simple: true }));
  if (current > LATEST_SCHEMA_VERSION) throw new SchemaTooNewError(path, current);
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}

const RUN_SELECT = `SELECT r.*, d.name AS dataset_name, d.kind AS dataset_kind FROM runs r JOIN datasets d ON d.id = r.dataset_id`;

const EPISODE_SELECT = `
  SELECT e.*, en.name AS entity, en.line AS entity_line, en.aliases AS aliases, en.split AS split,
         d.name AS dataset_name, d.kind AS dataset_kind,
         (SELECT json_group_object(ep.role, p.name) FROM episode_players ep JOIN players p ON p.id = ep.player_id
           WHERE ep.episode_id = e.id) AS players
  FROM episodes e JOIN entities en ON en.id = e.entity_id JOIN datasets d ON d.id = en.dataset_id`;

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toRun(row: Row): RunRow {
  return {
    id: Number(row.id),
    name: str(row.name),
    game: String(row.game),
    datasetId: Number(row.dataset_id),
    datasetName: String(row.dataset_name),
    datasetKind: String(row.dataset_kind),
    split: String(row.split),
    config: parseJson(row.config),
    seed: Number(row.seed),
    appVersion: String(row.app_version),
    status: row.status as RunStatus,
    error: str(row.error),
    pid: num(row.pid),
    host: str(row.host),
    createdAt: String(row.created_at),
    startedAt: str(row.started_at),
    finishedAt: str(row.finished_at),
    heartbeatAt: str(row.heartbeat_at),
  };
}

function toEpisode(row: Row): EpisodeRow {
  return {
    id: Number(row.id),
    runId: Number(row.run_id),
    game: String(row.game),
    entityId: Number(row.entity_id),
    entity: String(row.entity),
    entityLine: String(row.entity_line),
    aliases: parseJson<string[]>(row.aliases),
    datasetName: String(row.dataset_name),
    datasetKind: String(row.dataset_kind),
    split: String(row.split),
    repetition: Number(row.repetition),
    seed: Number(row.seed),
    status: row.status as EpisodeStatus,
    outcome: (row.outcome as Outcome | null) ?? null,
    metrics: row.metrics === null ? null : parseJson<Record<string, number>>(row.metrics),
    errorKind: (row.error_kind as ErrorKind | null) ?? null,
    error: str(row.error),
    startedAt: str(row.started_at),
    finishedAt: str(row.finished_at),
    players: row.players === null ? {} : parseJson<Record<string, string>>(row.players),
    invalid: str(row.invalid),
  };
}

function toTurn(row: Row): TurnRow {
  return {
    id: Number(row.id),
    episodeId: Number(row.episode_id),
    idx: Number(row.idx),
    guesserGenerated: String(row.guesser_generated),
    guesserSent: String(row.guesser_sent),
    guesserInHistory: String(row.guesser_in_history),
    judgeRaw: str(row.judge_raw),
    judgeLabel: row.judge_label as JudgeLabel,
    judgeReply: String(row.judge_reply),
    guesserCallId: num(row.guesser_call_id),
    judgeCallId: num(row.judge_call_id),
    guesserLatencyMs: num(row.guesser_latency_ms),
    judgeLatencyMs: num(row.judge_latency_ms),
    guesserInputTokens: num(row.guesser_input_tokens),
    guesserOutputTokens: num(row.guesser_output_tokens),
    judgeInputTokens: num(row.judge_input_tokens),
    judgeOutputTokens: num(row.judge_output_tokens),
    flags: row.flags === null || row.flags === undefined ? null : parseJson<string[]>(row.flags),
    createdAt: String(row.created_at),
  };
}

const JUDGE_TURN_SELECT = `
  SELECT t.id AS turn_id, t.idx, t.guesser_sent AS question, t.judge_raw, t.judge_label, e.id AS episode_id, e.run_id,
         en.name AS entity, en.categories, d.name AS dataset, d.kind AS dataset_kind, p.name AS judge_model,
         json_extract(e.metrics, '$.yes') AS episode_yes
  FROM turns t JOIN episodes e ON e.id = t.episode_id JOIN entities en ON en.id = e.entity_id
  JOIN datasets d ON d.id = en.dataset_id
  JOIN episode_players ep ON ep.episode_id = e.id AND ep.role = 'judge' JOIN players p ON p.id = ep.player_id`;

const SET_SELECT = `
  SELECT s.*,
    (SELECT COUNT(*) FROM annotation_items i WHERE i.set_id = s.id) AS n_items,
    (SELECT COUNT(DISTINCT a.item_id) FROM annotations a JOIN annotation_items i ON i.id = a.item_id
      WHERE i.set_id = s.id AND a.verdict != 'skip') AS n_labelled,
    (SELECT json_group_array(DISTINCT a.annotator) FROM annotations a JOIN annotation_items i ON i.id = a.item_id
      WHERE i.set_id = s.id) AS annotators
  FROM annotation_sets s`;

/** The topic annotation strata and breakdowns call "category": Things' category, Celebrities' occupation. */
function topicCategory(topics: unknown): string | null {
  if (typeof topics === 'string') return topics;
  if (Array.isArray(topics)) return topics.map(String)[0] ?? null;
  if (topics && typeof topics === 'object') {
    const t = topics as Record<string, unknown>;
    return String(t.category ?? t.occupation ?? '') || null;
  }
  return null;
}

function toJudgeTurn(row: Row): JudgeTurnRow {
  const categories = row.categories === null || row.categories === undefined ? null : parseJson<unknown>(row.categories);
  return {
    turnId: Number(row.turn_id),
    idx: Number(row.idx),
    question: String(row.question),
    judgeRaw: String(row.judge_raw ?? ''),
    judgeLabel: row.judge_label as JudgeLabel,
    episodeId: Number(row.episode_id),
    runId: Number(row.run_id),
    entity: String(row.entity),
    dataset: String(row.dataset),
    datasetKind: String(row.dataset_kind),
    category: topicCategory(categories),
    judgeModel: String(row.judge_model),
    episodeYes: num(row.episode_yes),
  };
}

function toSet(row: Row): AnnotationSetRow {
  return {
    id: Number(row.id),
    name: String(row.name),
    spec: parseJson(row.spec),
    createdAt: String(row.created_at),
    items: Number(row.n_items),
    labelledItems: Number(row.n_labelled),
    annotators: (parseJson<(string | null)[]>(row.annotators) ?? []).filter((a): a is string => a !== null).sort(),
  };
}

function toProfile(row: Row): ProfileRow {
  return {
    id: Number(row.id),
    name: String(row.name),
    config: parseJson(row.config),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  };
}

function toCall(row: Row): CallRow {
  return {
    id: Number(row.id),
    runId: num(row.run_id),
    episodeId: num(row.episode_id),
    turnIdx: num(row.turn_idx),
    role: String(row.role),
    modelConfigId: Number(row.model_config_id),
    attempt: Number(row.attempt),
    request: parseJson(row.request),
    response: row.response === null ? null : parseJson(row.response),
    status: row.status as 'ok' | 'error',
    httpStatus: num(row.http_status),
    errorKind: (row.error_kind as ErrorKind | null) ?? null,
    error: str(row.error),
    latencyMs: num(row.latency_ms),
    inputTokens: num(row.input_tokens),
    outputTokens: num(row.output_tokens),
    startedAt: String(row.started_at),
    cached: Number(row.cached) === 1,
  };
}
