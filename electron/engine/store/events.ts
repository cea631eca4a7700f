/** The events of episodes: appended as they happen (group-committed), read back in order. */
import type { ContentPart } from '../../../shared/contract/content';
import { callIdOf, MESSAGE_ROLES, type EventKind, type EventRecord, type EventRow, type MessageRole } from '../core/events';
import { NotFoundError } from '../errors';
import type { Db, Row } from './db';
import { json, nowIso, num, parseJson, str } from './rows';
import { eventUid } from './row-uids';

export function toEvent(row: Row): EventRow {
  return {
    id: Number(row.id),
    episodeId: Number(row.episode_id),
    idx: Number(row.idx),
    round: Number(row.round),
    from: str(row.from_seat),
    to: str(row.to_seat),
    kind: row.kind as EventKind,
    text: str(row.text),
    parts: row.parts === null || row.parts === undefined ? null : parseJson<ContentPart[]>(row.parts),
    action: row.action === null || row.action === undefined ? null : parseJson(row.action),
    valid: row.valid === null || row.valid === undefined ? null : Number(row.valid) === 1,
    flags: row.flags === null || row.flags === undefined ? [] : parseJson<string[]>(row.flags),
    callId: num(row.call_id),
    latencyMs: num(row.latency_ms),
    inputTokens: num(row.input_tokens),
    outputTokens: num(row.output_tokens),
    createdAt: String(row.created_at),
    // Only on messages (schema 16 on): every other event, and every older one, reads as it always did.
    ...messageColumns(row),
  };
}

function messageColumns(row: Row): Pick<EventRow, 'message' | 'at' | 'keep'> {
  const message = row.message === null || row.message === undefined ? null : String(row.message);
  if (message === null) return {};
  if (!MESSAGE_ROLES.includes(message as MessageRole)) throw new Error(`An event holds the message role "${message}", which is none of ${MESSAGE_ROLES.join(', ')}.`);
  const at = num(row.at);
  const keep = num(row.keep);
  return { message: message as MessageRole, ...(at !== null ? { at } : {}), ...(keep !== null ? { keep } : {}) };
}

export class Events {
  constructor(private readonly db: Db) {}

  /** Appends one event of an episode; committed with the calls of the same event-loop turn. */
  append(episodeId: number, e: EventRecord): void {
    const write = this.writer(episodeId, e);
    this.db.append(write);
  }

  /** Writes events now, in the caller's transaction (an episode that starts from another's first moves). */
  copy(episodeId: number, events: readonly EventRecord[]): void {
    for (const e of events) this.writer(episodeId, e)();
  }

  private writer(episodeId: number, e: EventRecord): () => void {
    const createdAt = nowIso();
    const insert = this.db.prepare(
      `INSERT INTO events (uid, episode_id, idx, round, from_seat, to_seat, kind, text, parts, action, valid, flags, call_id,
         latency_ms, input_tokens, output_tokens, created_at, message, at, keep) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return () => {
      insert.run(
        eventUid(this.db, episodeId, e.idx), episodeId, e.idx, e.round, e.from, e.to, e.kind, e.text, e.parts ? json(e.parts) : null, e.action === null || e.action === undefined ? null : json(e.action),
        e.valid === null ? null : e.valid ? 1 : 0, e.flags.length ? json(e.flags) : null, callIdOf(e.callId), e.latencyMs, e.inputTokens, e.outputTokens, createdAt,
        e.message ?? null, e.at ?? null, e.keep ?? null,
      );
    };
  }

  list(episodeId: number): EventRow[] {
    return (this.db.q(`SELECT * FROM events WHERE episode_id = ? ORDER BY idx`).all(episodeId) as Row[]).map(toEvent);
  }

  get(eventId: number): EventRow {
    const row = this.db.q(`SELECT * FROM events WHERE id = ?`).get(eventId) as Row | undefined;
    if (!row) throw new NotFoundError('event', eventId);
    return toEvent(row);
  }
}
