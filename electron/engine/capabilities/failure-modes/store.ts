/**
 * Failure-mode tags: an LLM tagger's suggestions, which episodes it read, and people's reviews (the
 * tables of migration 013). The capability's store module: `store.module(failureTagStore)`.
 */
import { callIdOf, type CallRef } from '../../core/events';
import type { Db, Row } from '../../store/db';
import { nowIso } from '../../store/rows';

export type TagVerdict = 'confirmed' | 'rejected' | 'added';

export interface StoredTag {
  episodeId: number;
  round: number;
  mode: string;
  source: string;
  reason: string;
  callId: number | null;
}

export interface TagReview {
  episodeId: number;
  round: number;
  mode: string;
  verdict: TagVerdict;
  reviewer: string;
  note: string | null;
  createdAt: string;
}

const RUN_EPISODES = `SELECT id FROM episodes WHERE run_id = ?`;

export class FailureTags {
  constructor(private readonly db: Db) {}

  /** One tagger's reading of one episode, replacing an earlier one: its tags, or the error that stopped it. */
  saveTagged(episodeId: number, source: string, tags: readonly { round: number; mode: string; reason: string }[], callId: number | CallRef | null, error: string | null = null): void {
    const at = nowIso();
    this.db.tx(() => {
      this.db.q(`DELETE FROM failure_tags WHERE episode_id = ? AND source = ?`).run(episodeId, source);
      const insert = this.db.q(`INSERT OR IGNORE INTO failure_tags (episode_id, round, mode, source, reason, call_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`);
      for (const t of tags) insert.run(episodeId, t.round, t.mode, source, t.reason, callIdOf(callId), at);
      this.db.q(`INSERT INTO failure_tagged (episode_id, source, error, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (episode_id, source) DO UPDATE SET error = excluded.error, created_at = excluded.created_at`).run(episodeId, source, error, at);
    });
  }

  /** Episodes of a run this tagger has read without error. */
  taggedEpisodes(runId: number, source: string): Set<number> {
    const rows = this.db.q(`SELECT episode_id FROM failure_tagged WHERE source = ? AND error IS NULL AND episode_id IN (${RUN_EPISODES})`).all(source, runId) as Row[];
    return new Set(rows.map((r) => Number(r.episode_id)));
  }

  forRun(runId: number): StoredTag[] {
    return (this.db.q(`SELECT * FROM failure_tags WHERE episode_id IN (${RUN_EPISODES}) ORDER BY episode_id, round, mode, source`).all(runId) as Row[]).map((r) => ({
      episodeId: Number(r.episode_id), round: Number(r.round), mode: String(r.mode), source: String(r.source), reason: String(r.reason), callId: r.call_id === null ? null : Number(r.call_id),
    }));
  }

  /** A person's verdict on a tag (one per reviewer: a second one replaces the first); null clears it. */
  review(episodeId: number, round: number, mode: string, reviewer: string, verdict: TagVerdict | null, note: string | null = null): void {
    if (verdict === null) {
      this.db.q(`DELETE FROM failure_tag_reviews WHERE episode_id = ? AND round = ? AND mode = ? AND reviewer = ?`).run(episodeId, round, mode, reviewer);
      return;
    }
    this.db
      .q(`INSERT INTO failure_tag_reviews (episode_id, round, mode, verdict, reviewer, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (episode_id, round, mode, reviewer) DO UPDATE SET verdict = excluded.verdict, note = excluded.note, created_at = excluded.created_at`)
      .run(episodeId, round, mode, verdict, reviewer, note, nowIso());
  }

  reviewsForRun(runId: number): TagReview[] {
    return (this.db.q(`SELECT * FROM failure_tag_reviews WHERE episode_id IN (${RUN_EPISODES}) ORDER BY episode_id, round, mode, created_at`).all(runId) as Row[]).map((r) => ({
      episodeId: Number(r.episode_id), round: Number(r.round), mode: String(r.mode), verdict: String(r.verdict) as TagVerdict, reviewer: String(r.reviewer), note: r.note === null ? null : String(r.note), createdAt: String(r.created_at),
    }));
  }
}

/** The module's maker, for `store.module(failureTagStore)`. */
export const failureTagStore = (db: Db): FailureTags => new FailureTags(db);
