/** Probes: questions put to a seat's model outside the game, one row per episode, seat, round and kind. */
import { callIdOf } from '../core/events';
import type { ViewStep } from '../core/seat-view';
import type { ProbeOutcome } from '../core/turn-kit';
import type { Db, Row } from './db';
import { json, nowIso, parseJson } from './rows';

/** A probe as the turn kit reports it. */
export type ProbeRecord = ProbeOutcome;

export interface ProbeRow extends Omit<ProbeRecord, 'callId'> {
  id: number;
  episodeId: number;
  callId: number | null;
}

export class Probes {
  constructor(private readonly db: Db) {}

  /** Group-committed with the episode's events; a probe asked again after a restart replaces the first. */
  append(episodeId: number, p: ProbeRecord): void {
    const insert = this.db.prepare(
      `INSERT INTO probes (episode_id, round, seat, kind, text, result, valid, error, call_id, created_at, view_events, asked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (episode_id, seat, round, kind) DO UPDATE SET text = excluded.text, result = excluded.result, valid = excluded.valid,
         error = excluded.error, call_id = excluded.call_id, created_at = excluded.created_at, view_events = excluded.view_events, asked = excluded.asked`,
    );
    const createdAt = nowIso();
    this.db.append(() => {
      insert.run(
        episodeId, p.round, p.seat, p.kind, p.text, p.result === undefined || p.result === null ? null : json(p.result), p.valid ? 1 : 0, p.error, callIdOf(p.callId), createdAt,
        p.request ? p.request.viewEvents : null, p.request ? json(p.request.steps) : null,
      );
    });
  }

  list(episodeId: number): ProbeRow[] {
    return (this.db.q(`SELECT * FROM probes WHERE episode_id = ? ORDER BY round, seat, kind`).all(episodeId) as Row[]).map(toProbe);
  }

  /** Every probe of a run's episodes, by episode. */
  forRun(runId: number): Map<number, ProbeRow[]> {
    const rows = this.db.q(`SELECT p.* FROM probes p JOIN episodes e ON e.id = p.episode_id WHERE e.run_id = ? ORDER BY p.episode_id, p.round`).all(runId) as Row[];
    const byEpisode = new Map<number, ProbeRow[]>();
    for (const row of rows) {
      const probe = toProbe(row);
      const list = byEpisode.get(probe.episodeId) ?? [];
      list.push(probe);
      byEpisode.set(probe.episodeId, list);
    }
    return byEpisode;
  }

  count(runId: number): number {
    return Number((this.db.q(`SELECT COUNT(*) AS n FROM probes p JOIN episodes e ON e.id = p.episode_id WHERE e.run_id = ?`).get(runId) as Row).n);
  }
}

function toProbe(row: Row): ProbeRow {
  return {
    id: Number(row.id), episodeId: Number(row.episode_id), round: Number(row.round), seat: String(row.seat), kind: String(row.kind),
    text: row.text === null ? null : String(row.text), result: row.result === null ? null : parseJson(row.result), valid: row.valid === 1,
    error: row.error === null ? null : String(row.error), callId: row.call_id === null ? null : Number(row.call_id),
    // What it sent (schema 17 on); older probes did not keep it.
    ...(row.asked === null || row.asked === undefined ? {} : { request: { viewEvents: Number(row.view_events), steps: parseJson<ViewStep[]>(row.asked) } }),
  };
}
