/**
 * The uids the store gives the rows it writes inside others (uid.ts): named by the parent's uid and the
 * row's natural key, so the same row written on two machines (the shards of one run) has one uid.
 * Migration 014 (`FILL_ROW_UIDS`) names the rows earlier versions wrote by the same formulas: change
 * one, change both, and never after a release.
 */
import { NotFoundError } from '../errors';
import type { Db, Row } from './db';
import { childUid, newUid, type Uid } from './uid';

/** An episode: its run, its instance's subset and key, its repetition. */
export function episodeUid(db: Db, runUid: Uid, instanceId: number, repetition: number): Uid {
  const instance = db.prepare(`SELECT subset, key FROM instances WHERE id = ?`).get(instanceId) as Row | undefined;
  if (!instance) throw new NotFoundError('instance', instanceId);
  return childUid(runUid, 'episode', String(instance.subset), String(instance.key), repetition);
}

/** An event: its episode and index (unique within the episode). */
export function eventUid(db: Db, episodeId: number, idx: number): Uid {
  return childUid(uidOf(db, 'episodes', episodeId), 'event', idx);
}

/**
 * A model call: its episode (else its run), round, role and attempt, and how many calls before it share
 * all of these (a call retried after a resume, a tagger read twice): the first free ordinal, which is
 * the count of earlier ones as nothing is deleted. A call of neither run nor episode (a preflight, a
 * test of a saved model) starts something of its own: a new uid.
 */
export function callUid(db: Db, call: { runId: number | null; episodeId: number | null; round: number | null; role: string; attempt: number }): Uid {
  const parent = call.episodeId !== null ? uidOf(db, 'episodes', call.episodeId) : call.runId !== null ? uidOf(db, 'runs', call.runId) : null;
  if (parent === null) return newUid();
  const taken = db.prepare(`SELECT 1 FROM model_calls WHERE uid = ?`);
  for (let n = 0; ; n++) {
    const uid = childUid(parent, 'call', call.round, call.role, call.attempt, n);
    if (taken.get(uid) === undefined) return uid;
  }
}

function uidOf(db: Db, table: 'runs' | 'episodes', id: number): Uid {
  const uid = db.prepare(`SELECT uid FROM ${table} WHERE id = ?`).pluck().get(id);
  if (uid === undefined || uid === null) throw new NotFoundError(table === 'runs' ? 'run' : 'episode', id);
  return String(uid);
}
