/** Episodes: their lifecycle (pending → running → done | error), their seats, their scores. */
import type { Outcome } from '../../../shared/contract/game';
import type { EpisodeStatus, ErrorKind } from '../../../shared/contract/records';
import type { Score } from '../core/game';
import { NotFoundError } from '../errors';
import type { Db, Row } from './db';
import { toInstance } from './datasets';
import { marks, nowIso, str } from './rows';
import { seatsOf } from './runs';
import type { EpisodeRow } from './types';
import { episodeUid } from './row-uids';

const EPISODE_SELECT = `
  SELECT e.*, r.game, d.name AS dataset_name, d.kind AS dataset_kind,
         i.id AS i_id, i.dataset_id AS i_dataset_id, i.subset AS i_subset, i.position AS i_position, i.key AS i_key,
         i.name AS i_name, i.payload AS i_payload, i.tags AS i_tags,
         (SELECT json_group_array(json_array(es.seat, es.role, p.name, p.kind, p.id, es.given)) FROM episode_seats es
           JOIN players p ON p.id = es.player_id WHERE es.episode_id = e.id) AS seats
  FROM episodes e JOIN runs r ON r.id = e.run_id JOIN instances i ON i.id = e.instance_id JOIN datasets d ON d.id = i.dataset_id`;

function toEpisode(row: Row): EpisodeRow {
  return {
    id: Number(row.id),
    runId: Number(row.run_id),
    game: String(row.game),
    instance: toInstance(row, 'i_'),
    datasetName: String(row.dataset_name),
    datasetKind: String(row.dataset_kind),
    repetition: Number(row.repetition),
    seed: Number(row.seed),
    status: row.status as EpisodeStatus,
    outcome: (row.outcome as Outcome | null) ?? null,
    scores: null,
    seatScores: {},
    errorKind: (row.error_kind as ErrorKind | null) ?? null,
    error: str(row.error),
    startedAt: str(row.started_at),
    finishedAt: str(row.finished_at),
    seats: seatsOf(row.seats, 'episode'),
    invalid: str(row.invalid),
  };
}

export class Episodes {
  constructor(private readonly db: Db) {}

  ids(runId: number, statuses: readonly EpisodeStatus[]): number[] {
    return this.db
      .dynamic(`SELECT e.id FROM episodes e JOIN instances i ON i.id = e.instance_id WHERE e.run_id = ? AND e.status IN (${marks(statuses)}) ORDER BY e.repetition, i.position`)
      .pluck()
      .all(runId, ...statuses) as number[];
  }

  get(episodeId: number): EpisodeRow {
    const row = this.db.q(`${EPISODE_SELECT} WHERE e.id = ?`).get(episodeId) as Row | undefined;
    if (!row) throw new NotFoundError('episode', episodeId);
    return this.withScores([toEpisode(row)], this.db.q(`SELECT * FROM scores WHERE episode_id = ?`).all(episodeId) as Row[])[0]!;
  }

  /** A run's episodes in the order of Table 1: by repetition, then by the instance's place in its list. */
  list(runId: number): EpisodeRow[] {
    const rows = (this.db.q(`${EPISODE_SELECT} WHERE e.run_id = ? ORDER BY e.repetition, i.position`).all(runId) as Row[]).map(toEpisode);
    return this.withScores(rows, this.db.q(`SELECT s.* FROM scores s JOIN episodes e ON e.id = s.episode_id WHERE e.run_id = ?`).all(runId) as Row[]);
  }

  /** Episodes of these runs on these instances, counted ones only, at most `limit`. */
  doneOn(runIds: readonly number[], instanceIds: readonly number[], limit: number): EpisodeRow[] {
    if (!runIds.length || !instanceIds.length) return [];
    const rows = (
      this.db
        .dynamic(`${EPISODE_SELECT} WHERE e.run_id IN (${marks(runIds)}) AND e.instance_id IN (${marks(instanceIds)}) AND e.status = 'done' AND e.invalid IS NULL
                  ORDER BY i.name, e.run_id, e.repetition LIMIT ?`)
        .all(...runIds, ...instanceIds, limit) as Row[]
    ).map(toEpisode);
    return this.scored(rows);
  }

  /** Episodes played on one instance (any run), newest run first. */
  onInstance(instanceId: number): EpisodeRow[] {
    return this.scored((this.db.q(`${EPISODE_SELECT} WHERE e.instance_id = ? ORDER BY e.run_id DESC, e.repetition`).all(instanceId) as Row[]).map(toEpisode));
  }

  /** Every episode with a person in a seat, newest first. */
  withHumans(): EpisodeRow[] {
    return this.scored(
      (this.db.q(`${EPISODE_SELECT} WHERE e.id IN (SELECT es.episode_id FROM episode_seats es JOIN players p ON p.id = es.player_id WHERE p.kind = 'human') ORDER BY e.id DESC`).all() as Row[]).map(toEpisode),
    );
  }

  /** How many games people played on each instance of a subset in this seat, and which ones this player played. */
  humanPlays(datasetId: number, subset: string, seat: string, playerId: number): { counts: Map<number, number>; playedBy: Set<number> } {
    const rows = this.db
      .q(`SELECT e.instance_id, es.player_id FROM episodes e JOIN instances i ON i.id = e.instance_id
          JOIN episode_seats es ON es.episode_id = e.id AND es.seat = ? JOIN players p ON p.id = es.player_id
          WHERE i.dataset_id = ? AND i.subset = ? AND p.kind = 'human'`)
      .all(seat, datasetId, subset) as Row[];
    const counts = new Map<number, number>();
    const playedBy = new Set<number>();
    for (const row of rows) {
      const id = Number(row.instance_id);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      if (Number(row.player_id) === playerId) playedBy.add(id);
    }
    return { counts, playedBy };
  }

  /** Adds one episode to an existing run (a person's next game), with the run's seats. */
  add(runId: number, instanceId: number, repetition: number, seed: number): number {
    return this.db.tx(() => {
      const run = this.db.q(`SELECT uid FROM runs WHERE id = ?`).pluck().get(runId);
      if (run === undefined) throw new NotFoundError('run', runId);
      const uid = episodeUid(this.db, String(run), instanceId, repetition);
      const id = Number(this.db.q(`INSERT INTO episodes (uid, run_id, instance_id, repetition, seed) VALUES (?, ?, ?, ?, ?)`).run(uid, runId, instanceId, repetition, seed).lastInsertRowid);
      this.db.q(`INSERT INTO episode_seats (episode_id, seat, role, player_id) SELECT ?, seat, role, player_id FROM run_seats WHERE run_id = ?`).run(id, runId);
      return id;
    });
  }

  start(episodeId: number): void {
    this.db.q(`UPDATE episodes SET status = 'running', started_at = COALESCE(started_at, ?), error = NULL, error_kind = NULL WHERE id = ?`).run(nowIso(), episodeId);
  }

  /** Stores the result and marks the episode done, in one transaction (the sums follow by trigger). */
  finish(episodeId: number, outcome: Outcome, scores: readonly Score[]): void {
    this.db.tx(() => {
      this.writeScores(episodeId, scores);
      this.db.q(`UPDATE episodes SET status = 'done', outcome = ?, finished_at = ? WHERE id = ?`).run(outcome, nowIso(), episodeId);
    });
  }

  /** Stores recomputed results (a rescore) for finished episodes. */
  rescore(results: readonly { episodeId: number; outcome: Outcome; scores: readonly Score[] }[]): void {
    this.db.tx(() => {
      for (const r of results) {
        this.writeScores(r.episodeId, r.scores);
        this.db.q(`UPDATE episodes SET outcome = ? WHERE id = ? AND status = 'done'`).run(r.outcome, r.episodeId);
      }
    });
  }

  private writeScores(episodeId: number, scores: readonly Score[]): void {
    this.db.q(`DELETE FROM scores WHERE episode_id = ?`).run(episodeId);
    const insert = this.db.prepare(`INSERT INTO scores (episode_id, seat, metric, value) VALUES (?, ?, ?, ?)`);
    for (const s of scores) if (Number.isFinite(s.value)) insert.run(episodeId, s.seat ?? '', s.metric, s.value);
  }

  reset(episodeId: number): void {
    this.db.q(`UPDATE episodes SET status = 'pending' WHERE id = ? AND status = 'running'`).run(episodeId);
  }

  fail(episodeId: number, kind: ErrorKind, message: string): void {
    this.db.q(`UPDATE episodes SET status = 'error', error_kind = ?, error = ?, finished_at = ? WHERE id = ?`).run(kind, message, nowIso(), episodeId);
  }

  /** Errored episodes go back to pending, keeping the events they had committed. */
  requeueErrors(runId: number): number {
    return this.db.q(`UPDATE episodes SET status = 'pending', error = NULL, error_kind = NULL, finished_at = NULL WHERE run_id = ? AND status = 'error'`).run(runId).changes;
  }

  /** Marks an episode invalid with a reason (excluded from every metric, kept), or valid again with null. */
  setInvalid(episodeId: number, reason: string | null): void {
    if (this.db.q(`UPDATE episodes SET invalid = ? WHERE id = ?`).run(reason, episodeId).changes === 0) throw new NotFoundError('episode', episodeId);
  }

  /** Ids of a run's episodes where some event's text contains `text` (case-insensitive for ASCII). */
  search(runId: number, text: string): number[] {
    const pattern = likePattern(text);
    return this.db
      .q(`SELECT DISTINCT v.episode_id FROM events v JOIN episodes e ON e.id = v.episode_id WHERE e.run_id = ? AND v.from_seat IS NOT NULL AND v.text LIKE ? ESCAPE '\\'`)
      .pluck()
      .all(runId, pattern) as number[];
  }

  /**
   * Episodes of every run where some player's words contain `text` (case-insensitive for ASCII), newest
   * run first, with their first matching event; at most `limit`. A LIKE scan: 10k episodes of ~20
   * events each take well under a second (no full-text index is kept).
   */
  searchAll(text: string, limit: number): TextMatchRow[] {
    const rows = this.db
      .q(`SELECT v.episode_id, MIN(v.idx) AS idx, v.round, v.from_seat, v.text, COUNT(*) AS matches,
                 e.run_id, e.repetition, r.name AS run_name, r.game, i.name AS instance
          FROM events v JOIN episodes e ON e.id = v.episode_id JOIN runs r ON r.id = e.run_id JOIN instances i ON i.id = e.instance_id
          WHERE v.from_seat IS NOT NULL AND v.text LIKE ? ESCAPE '\\'
          GROUP BY v.episode_id ORDER BY e.run_id DESC, e.repetition, i.position, v.episode_id LIMIT ?`)
      .all(likePattern(text), limit) as Row[];
    return rows.map((row) => ({
      episodeId: Number(row.episode_id),
      runId: Number(row.run_id),
      runName: str(row.run_name),
      game: String(row.game),
      instance: String(row.instance),
      repetition: Number(row.repetition),
      round: Number(row.round),
      from: String(row.from_seat),
      text: String(row.text),
      matches: Number(row.matches),
    }));
  }

  private scored(rows: EpisodeRow[]): EpisodeRow[] {
    if (rows.length === 0) return rows;
    const ids = rows.map((r) => r.id);
    const scores: Row[] = [];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      scores.push(...(this.db.dynamic(`SELECT * FROM scores WHERE episode_id IN (${marks(chunk)})`).all(...chunk) as Row[]));
    }
    return this.withScores(rows, scores);
  }

  private withScores(rows: EpisodeRow[], scores: readonly Row[]): EpisodeRow[] {
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const s of scores) {
      const episode = byId.get(Number(s.episode_id));
      if (!episode) continue;
      const seat = String(s.seat);
      if (seat === '') (episode.scores ??= {})[String(s.metric)] = Number(s.value);
      else (episode.seatScores[seat] ??= {})[String(s.metric)] = Number(s.value);
    }
    // Only finished episodes are scored; an errored one keeps no scores.
    for (const row of rows) if (row.status === 'done') row.scores ??= {};
    return rows;
  }
}

/** An episode whose players' words match a search, with its first matching event. */
export interface TextMatchRow {
  episodeId: number;
  runId: number;
  runName: string | null;
  game: string;
  instance: string;
  repetition: number;
  round: number;
  from: string;
  text: string;
  matches: number;
}

/** `text` anywhere, with LIKE's wildcards taken literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
