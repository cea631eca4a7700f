/** Runs: created with all their episodes, claimed by one process at a time, finished or interrupted. */
import { hostname } from 'node:os';
import type { Outcome } from '../../../shared/contract/game';
import type { RunStatus } from '../../../shared/contract/records';
import { NotFoundError, UserError } from '../errors';
import type { Db, Row } from './db';
import { json, nowIso, num, parseJson, str } from './rows';
import type { NewRun, PlayerKind, RunListRow, RunRow, SeatPlayer } from './types';
import { episodeUid } from './row-uids';
import { newUid } from './uid';

const RUN_SELECT = `
  SELECT r.*, d.name AS dataset_name, d.kind AS dataset_kind,
    (SELECT json_group_array(json_array(rs.seat, rs.role, p.name, p.kind, p.id, rs.member)) FROM run_seats rs JOIN players p ON p.id = rs.player_id
      WHERE rs.run_id = r.id) AS seats
  FROM runs r JOIN datasets d ON d.id = r.dataset_id`;

/** A run's seats ([seat, role, name, kind, id, member]) or an episode's ([…, id, given]), by seat name. */
export function seatsOf(text: unknown, of: 'run' | 'episode'): SeatPlayer[] {
  if (text === null || text === undefined) return [];
  return parseJson<[string, string, string, string, number, string | number | null][]>(text)
    .map(([seat, role, player, kind, id, extra]) => ({
      seat,
      role,
      player,
      playerKind: kind as PlayerKind,
      playerId: id,
      member: of === 'run' ? Number(extra ?? 0) : 0,
      ...(of === 'run' || extra === undefined ? {} : { given: extra === null ? null : parseJson<Record<string, unknown>>(extra) }),
    }))
    .sort((a, b) => a.seat.localeCompare(b.seat));
}

function toRun(row: Row): RunRow {
  return {
    id: Number(row.id),
    name: str(row.name),
    game: String(row.game),
    datasetId: Number(row.dataset_id),
    datasetName: String(row.dataset_name),
    datasetKind: String(row.dataset_kind),
    subset: String(row.subset),
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
    seats: seatsOf(row.seats, 'run'),
  };
}

/** What a claim took a run from, to give it back if nothing is played. */
export interface ClaimedFrom {
  status: RunStatus;
  error: string | null;
  finishedAt: string | null;
  pid: number | null;
  host: string | null;
}

export type Claim = { claimed: true; previous: ClaimedFrom } | { claimed: false; owner: RunRow };

export class Runs {
  constructor(private readonly db: Db) {}

  /** Creates a run, its seats and all its episodes (pending) in one transaction. */
  create(run: NewRun): number {
    return this.db.tx(() => {
      const uid = run.uid ?? newUid();
      const runId = Number(
        this.db
          .q(`INSERT INTO runs (uid, name, game, dataset_id, subset, config, seed, app_version, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'created')`)
          .run(uid, run.name, run.game, run.datasetId, run.subset, json(run.config), run.seed, run.appVersion).lastInsertRowid,
      );
      const seat = this.db.prepare(`INSERT INTO run_seats (run_id, seat, role, player_id, member) VALUES (?, ?, ?, ?, ?)`);
      for (const s of run.seats) seat.run(runId, s.seat, s.role, s.playerId, s.member ?? 0);
      const episode = this.db.prepare(`INSERT INTO episodes (uid, run_id, instance_id, repetition, seed) VALUES (?, ?, ?, ?, ?)`);
      const episodeSeat = this.db.prepare(`INSERT INTO episode_seats (episode_id, seat, role, player_id, given) VALUES (?, ?, ?, ?, ?)`);
      for (const e of run.episodes) {
        const episodeId = Number(episode.run(episodeUid(this.db, uid, e.instanceId, e.repetition), runId, e.instanceId, e.repetition, e.seed).lastInsertRowid);
        for (const s of e.seats ?? run.seats) episodeSeat.run(episodeId, s.seat, s.role, s.playerId, 'given' in s && s.given ? json(s.given) : null);
      }
      return runId;
    });
  }

  get(runId: number): RunRow {
    const row = this.db.q(`${RUN_SELECT} WHERE r.id = ?`).get(runId) as Row | undefined;
    if (!row) throw new NotFoundError('run', runId);
    return toRun(row);
  }

  /** The local id of the run with this uid, if this file holds it (a shard started twice, a merge). */
  idByUid(uid: string): number | null {
    const id = this.db.q(`SELECT id FROM runs WHERE uid = ?`).pluck().get(uid);
    return id === undefined ? null : Number(id);
  }

  /** Every run (cheap on any size: no episode is read). */
  all(): RunRow[] {
    return (this.db.q(`${RUN_SELECT} ORDER BY r.id`).all() as Row[]).map(toRun);
  }

  /** Every run with its counts, or just the one with `runId`. */
  list(runId?: number): RunListRow[] {
    const only = (column: string) => (runId === undefined ? '' : `WHERE ${column} = ${Number(runId)}`);
    const rows = this.db.q(`${RUN_SELECT} ${only('r.id')} ORDER BY r.id`).all() as Row[];
    const counts = new Map<number, Row>();
    for (const row of this.db.q(`SELECT run_id, COUNT(*) AS n, SUM(status = 'done') AS done, SUM(status = 'error') AS errors FROM episodes ${only('run_id')} GROUP BY run_id`).all() as Row[]) {
      counts.set(Number(row.run_id), row);
    }
    const outcomes = new Map<number, Record<Outcome, number>>();
    for (const row of this.db.q(`SELECT run_id, outcome, n FROM run_outcomes ${only('run_id')}`).all() as Row[]) {
      const o = outcomes.get(Number(row.run_id)) ?? { success: 0, failure: 0, aborted: 0 };
      o[row.outcome as Outcome] = Number(row.n);
      outcomes.set(Number(row.run_id), o);
    }
    const tags = new Map<number, string[]>();
    for (const row of this.db.q(`SELECT run_id, tag FROM run_tags ${only('run_id')} ORDER BY tag`).all() as Row[]) {
      const list = tags.get(Number(row.run_id)) ?? [];
      list.push(String(row.tag));
      tags.set(Number(row.run_id), list);
    }
    return rows.map((row) => {
      const c = counts.get(Number(row.id));
      return {
        ...toRun(row),
        episodes: Number(c?.n ?? 0),
        done: Number(c?.done ?? 0),
        errors: Number(c?.errors ?? 0),
        outcomes: outcomes.get(Number(row.id)) ?? { success: 0, failure: 0, aborted: 0 },
        tags: tags.get(Number(row.id)) ?? [],
        note: String(row.note ?? ''),
      };
    });
  }

  /**
   * What changes as a run is played, edited or added, by any process on this file: its status, name,
   * note, error and end, its tags and outcome counts, and while it plays its finished episodes. One
   * cheap read (the runs table with small per-run lookups; episodes are counted from their index only
   * for runs playing), so a page can be told which runs another process changed.
   */
  marks(): Map<number, string> {
    const rows = this.db
      .q(
        `SELECT r.id, r.status || '|' || COALESCE(r.name, '') || '|' || r.note || '|' || COALESCE(r.error, '') || '|' || COALESCE(r.finished_at, '')
           || '|' || COALESCE((SELECT group_concat(tag) FROM run_tags t WHERE t.run_id = r.id), '')
           || '|' || COALESCE((SELECT group_concat(outcome || ':' || n) FROM run_outcomes o WHERE o.run_id = r.id), '')
           || '|' || CASE WHEN r.status = 'running' THEN (SELECT COUNT(*) FROM episodes e WHERE e.run_id = r.id AND e.status IN ('done', 'error')) ELSE '' END AS mark
         FROM runs r`,
      )
      .all() as Row[];
    return new Map(rows.map((row) => [Number(row.id), String(row.mark)]));
  }

  /** Replaces a run's tags (normalized: trimmed, lower-case, unique). */
  setTags(runId: number, tags: readonly string[]): string[] {
    this.get(runId);
    const clean = normalizeTags(tags);
    this.db.tx(() => {
      this.db.q('DELETE FROM run_tags WHERE run_id = ?').run(runId);
      const insert = this.db.prepare('INSERT INTO run_tags (run_id, tag) VALUES (?, ?)');
      for (const tag of clean) insert.run(runId, tag);
    });
    return clean;
  }

  setNote(runId: number, note: string): void {
    this.get(runId);
    this.db.q('UPDATE runs SET note = ? WHERE id = ?').run(note.trim(), runId);
  }

  /** Each errored episode's last failed model call, by episode id. */
  lastFailedCalls(runId: number): Map<number, number> {
    const rows = this.db.q(`SELECT episode_id, MAX(id) AS call_id FROM model_calls WHERE run_id = ? AND status = 'error' AND episode_id IS NOT NULL GROUP BY episode_id`).all(runId) as Row[];
    return new Map(rows.map((r) => [Number(r.episode_id), Number(r.call_id)]));
  }

  markRunning(runId: number, pid: number = process.pid): void {
    const now = nowIso();
    this.db
      .q(`UPDATE runs SET status = 'running', pid = ?, host = ?, started_at = COALESCE(started_at, ?), heartbeat_at = ?, finished_at = NULL, error = NULL WHERE id = ?`)
      .run(pid, hostname(), now, now, runId);
  }

  /**
   * Makes this process the one that plays a run, atomically: under the write lock (BEGIN IMMEDIATE) the
   * run is read, refused while its owner is alive, and taken with one conditional UPDATE. Of two
   * processes claiming at once exactly one wins; the other gets the winner's row and writes nothing.
   */
  claim(runId: number, isAlive: (run: RunRow) => boolean, pid: number = process.pid): Claim {
    return this.db.tx(() => {
      const run = this.get(runId);
      if (run.status === 'running' && isAlive(run)) return { claimed: false, owner: run };
      const now = nowIso();
      const taken = this.db
        .q(`UPDATE runs SET status = 'running', pid = ?, host = ?, started_at = COALESCE(started_at, ?), heartbeat_at = ?, finished_at = NULL, error = NULL
            WHERE id = ? AND status = ? AND pid IS ?`)
        .run(pid, hostname(), now, now, runId, run.status, run.pid).changes;
      if (taken !== 1) throw new Error(`run ${runId} changed while its write lock was held`);
      return { claimed: true, previous: { status: run.status, error: run.error, finishedAt: run.finishedAt, pid: run.pid, host: run.host } };
    });
  }

  /** Gives back a claim that played nothing (the run could not start): the run is as it was. */
  release(runId: number, previous: ClaimedFrom, pid: number = process.pid): void {
    this.db
      .q(`UPDATE runs SET status = ?, error = ?, finished_at = ?, pid = ?, host = ? WHERE id = ? AND status = 'running' AND pid = ?`)
      .run(previous.status, previous.error, previous.finishedAt, previous.pid, previous.host, runId, pid);
  }

  /** Marks a run this process was playing interrupted, its half-played episodes back to pending (their events kept). */
  interrupt(runId: number, reason: string): void {
    this.db.tx(() => {
      this.db.q(`UPDATE runs SET status = 'interrupted', error = ?, finished_at = ?, heartbeat_at = ? WHERE id = ? AND status = 'running'`).run(reason, nowIso(), nowIso(), runId);
      this.db.q(`UPDATE episodes SET status = 'pending' WHERE run_id = ? AND status = 'running'`).run(runId);
    });
  }

  /** The episodes of a run that have model calls, and the bytes of those calls' requests and responses. */
  storedCallBytes(runId: number): { episodes: number; bytes: number } {
    const row = this.db
      .q(`SELECT COUNT(DISTINCT episode_id) AS episodes, COALESCE(SUM(LENGTH(request) + COALESCE(LENGTH(response), 0)), 0) AS bytes FROM model_calls WHERE run_id = ?`)
      .get(runId) as Row;
    return { episodes: Number(row.episodes), bytes: Number(row.bytes) };
  }

  heartbeat(runId: number): void {
    this.db.q(`UPDATE runs SET heartbeat_at = ? WHERE id = ?`).run(nowIso(), runId);
  }

  finish(runId: number, status: Exclude<RunStatus, 'created' | 'running'>, error: string | null = null): void {
    this.db.q(`UPDATE runs SET status = ?, error = ?, finished_at = ?, heartbeat_at = ? WHERE id = ?`).run(status, error, nowIso(), nowIso(), runId);
  }

  updateConfig(runId: number, config: unknown): void {
    this.db.q(`UPDATE runs SET config = ? WHERE id = ?`).run(json(config), runId);
  }

  /**
   * A run left `running` by a process that no longer exists (killed, crashed, machine rebooted) is
   * marked `interrupted`, and its half-played episodes go back to `pending` with their events kept.
   * `isAlive` decides from pid, host and heartbeat; it is injected so tests can decide too.
   */
  reconcileInterrupted(isAlive: (run: RunRow) => boolean): number[] {
    const running = (this.db.q(`${RUN_SELECT} WHERE r.status = 'running'`).all() as Row[]).map(toRun);
    const dead = running.filter((run) => !isAlive(run));
    if (dead.length === 0) return [];
    // The first write of a session: a file damaged anywhere is refused before it (rare: only after a crash).
    this.db.checkIntegrity();
    this.db.tx(() => {
      for (const run of dead) {
        this.db.q(`UPDATE runs SET status = 'interrupted', error = ? WHERE id = ? AND status = 'running'`).run(`process ${run.pid ?? '?'} on ${run.host ?? '?'} stopped without finishing the run`, run.id);
        this.db.q(`UPDATE episodes SET status = 'pending' WHERE run_id = ? AND status = 'running'`).run(run.id);
      }
    });
    return dead.map((run) => run.id);
  }

  /**
   * The run that collects one person's games in a seat, on a dataset subset, with these other players
   * (by seat and player id), if it exists.
   */
  findHumanRun(game: string, datasetId: number, subset: string, humanSeat: string, humanPlayerId: number, others: Record<string, number>): number | null {
    const candidates = this.db
      .q(`SELECT r.id FROM runs r JOIN run_seats rs ON rs.run_id = r.id AND rs.seat = ? AND rs.player_id = ?
          WHERE r.game = ? AND r.dataset_id = ? AND r.subset = ? ORDER BY r.id`)
      .pluck()
      .all(humanSeat, humanPlayerId, game, datasetId, subset) as number[];
    const wanted = Object.entries(others).sort(([a], [b]) => a.localeCompare(b));
    for (const id of candidates) {
      const seats = (this.db.q(`SELECT seat, player_id FROM run_seats WHERE run_id = ? AND seat != ? ORDER BY seat`).all(id, humanSeat) as Row[]).map((r) => [String(r.seat), Number(r.player_id)]);
      if (JSON.stringify(seats) === JSON.stringify(wanted)) return id;
    }
    return null;
  }

  /** Errored and unfinished episodes per run (excluded from every metric, and counted). */
  excludedCounts(runIds: readonly number[]): Map<number, { errors: number; unfinished: number }> {
    const out = new Map<number, { errors: number; unfinished: number }>();
    if (runIds.length === 0) return out;
    const rows = this.db
      // The WHERE of the partial index of uncounted episodes, so only those are read.
      .q(`SELECT run_id, SUM(status = 'error') AS errors, SUM(status IN ('pending', 'running')) AS unfinished
          FROM episodes WHERE run_id IN (SELECT value FROM json_each(?)) AND (status != 'done' OR invalid IS NOT NULL) GROUP BY run_id`)
      .all(JSON.stringify(runIds)) as Row[];
    for (const row of rows) out.set(Number(row.run_id), { errors: Number(row.errors), unfinished: Number(row.unfinished) });
    return out;
  }
}

export const MAX_TAG_LENGTH = 40;

/** Tags as stored: trimmed, lower-case, unique, sorted; a bad one is refused with the reason. */
export function normalizeTags(tags: readonly string[]): string[] {
  const clean = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase();
    if (!tag) continue;
    if (tag.length > MAX_TAG_LENGTH) throw new UserError(`The tag "${tag.slice(0, 20)}…" is longer than ${MAX_TAG_LENGTH} characters.`);
    if (/[\s,]/.test(tag)) throw new UserError(`The tag "${tag}" has a space or comma: use one word per tag, e.g. "baseline" or "temp-0.7".`);
    clean.add(tag);
  }
  return [...clean].sort();
}
