/** Provider batches of a run and their requests: what was handed to a batch service, and what came back. */
import type { ItemError } from '../players/batch-transport';
import type { Db, Row } from './db';
import { json, nowIso, num, parseJson, str } from './rows';

export type BatchState = 'submitting' | 'in_progress' | 'ended' | 'expired' | 'failed' | 'cancelled';
export type BatchItemStatus = 'pending' | 'succeeded' | 'failed';

export interface BatchRow {
  id: number;
  runId: number;
  modelConfigId: number;
  provider: string;
  /** `provider:model`. */
  model: string;
  remoteId: string | null;
  inputFileId: string | null;
  state: BatchState;
  requests: number;
  succeeded: number;
  failed: number;
  error: string | null;
  submittedAt: string;
  endedAt: string | null;
}

export interface BatchItemRow {
  batchId: number;
  customId: string;
  requestKey: string;
  request: unknown;
  status: BatchItemStatus;
  response: unknown;
  error: ItemError | null;
  consumed: boolean;
  batchState: BatchState;
  remoteId: string | null;
}


export interface NewItem {
  customId: string;
  requestKey: string;
  request: unknown;
}

export class Batches {
  constructor(private readonly db: Db) {}

  /** Records a batch and its requests before anything is sent, so a crash mid-submission is visible. */
  create(runId: number, modelConfigId: number, provider: string, items: readonly NewItem[]): number {
    return this.db.tx(() => {
      const id = Number(
        this.db
          .prepare(`INSERT INTO provider_batches (run_id, model_config_id, provider, state, requests, submitted_at) VALUES (?, ?, ?, 'submitting', ?, ?)`)
          .run(runId, modelConfigId, provider, items.length, nowIso()).lastInsertRowid,
      );
      const insert = this.db.prepare(`INSERT INTO provider_batch_items (batch_id, custom_id, request_key, request) VALUES (?, ?, ?, ?)`);
      for (const item of items) insert.run(id, item.customId, item.requestKey, json(item.request));
      return id;
    });
  }

  submitted(id: number, remoteId: string, inputFileId: string | null): void {
    this.db.q(`UPDATE provider_batches SET remote_id = ?, input_file_id = ?, state = 'in_progress' WHERE id = ?`).run(remoteId, inputFileId, id);
  }

  /** Why the last poll of a batch still out failed (cleared when it ends). */
  note(id: number, error: string): void {
    this.db.q(`UPDATE provider_batches SET error = ? WHERE id = ? AND state = 'in_progress'`).run(error, id);
  }

  /** A batch the provider refused or that never got out: its requests are free to be sent again. */
  failed(id: number, error: string): void {
    this.db.tx(() => {
      this.db.prepare(`UPDATE provider_batches SET state = 'failed', error = ?, ended_at = ? WHERE id = ?`).run(error, nowIso(), id);
      this.db.prepare(`UPDATE provider_batch_items SET status = 'failed', consumed = 1, error = ? WHERE batch_id = ? AND status = 'pending'`)
        .run(json({ kind: 'errored', status: null, message: error } satisfies ItemError), id);
    });
  }

  /** Stores every answer of an ended batch at once. */
  ended(id: number, state: Extract<BatchState, 'ended' | 'expired' | 'cancelled'>, results: ReadonlyMap<string, { response: unknown } | { error: ItemError }>): void {
    this.db.tx(() => {
      const update = this.db.prepare(`UPDATE provider_batch_items SET status = ?, response = ?, error = ? WHERE batch_id = ? AND custom_id = ?`);
      let succeeded = 0;
      let failed = 0;
      for (const [customId, result] of results) {
        if ('response' in result) {
          succeeded++;
          update.run('succeeded', json(result.response), null, id, customId);
        } else {
          failed++;
          update.run('failed', null, json(result.error), id, customId);
        }
      }
      // Requests the provider said nothing about did not run.
      const missing: ItemError = { kind: 'errored', status: null, message: 'the batch ended without a result for this request' };
      failed += this.db.prepare(`UPDATE provider_batch_items SET status = 'failed', error = ? WHERE batch_id = ? AND status = 'pending'`).run(json(missing), id).changes;
      this.db
        .prepare(`UPDATE provider_batches SET state = ?, succeeded = ?, failed = ?, ended_at = ?, error = NULL WHERE id = ?`)
        .run(state, succeeded, failed, nowIso(), id);
    });
  }

  /** The newest request of this run stored under `requestKey`, with its batch's state. */
  findItem(runId: number, requestKey: string): BatchItemRow | null {
    const row = this.db
      .q(`SELECT i.*, b.state AS batch_state, b.remote_id FROM provider_batch_items i JOIN provider_batches b ON b.id = i.batch_id
          WHERE i.request_key = ? AND b.run_id = ? ORDER BY b.id DESC LIMIT 1`)
      .get(requestKey, runId) as Row | undefined;
    return row ? toItem(row) : null;
  }

  itemOf(batchId: number, customId: string): BatchItemRow | null {
    const row = this.db
      .q(`SELECT i.*, b.state AS batch_state, b.remote_id FROM provider_batch_items i JOIN provider_batches b ON b.id = i.batch_id
          WHERE i.batch_id = ? AND i.custom_id = ?`)
      .get(batchId, customId) as Row | undefined;
    return row ? toItem(row) : null;
  }

  /** A failed request is reported once; the next attempt sends it again. */
  consume(batchId: number, customId: string): void {
    this.db.q(`UPDATE provider_batch_items SET consumed = 1 WHERE batch_id = ? AND custom_id = ?`).run(batchId, customId);
  }

  /** How far a run's batches have come. */
  summary(runId: number): { sent: number; out: number; requests: number; answered: number } {
    const row = this.db
      .q(`SELECT COUNT(*) AS sent, SUM(state = 'in_progress') AS out, SUM(requests) AS requests, SUM(succeeded + failed) AS answered
          FROM provider_batches WHERE run_id = ? AND state != 'submitting'`)
      .get(runId) as Row;
    return { sent: Number(row.sent), out: Number(row.out ?? 0), requests: Number(row.requests ?? 0), answered: Number(row.answered ?? 0) };
  }

  get(id: number): BatchRow {
    return toBatch(this.db.q(`SELECT b.*, m.provider || ':' || m.model AS model FROM provider_batches b JOIN model_configs m ON m.id = b.model_config_id WHERE b.id = ?`).get(id) as Row);
  }

  list(runId: number): BatchRow[] {
    return (
      this.db
        .q(`SELECT b.*, m.provider || ':' || m.model AS model FROM provider_batches b JOIN model_configs m ON m.id = b.model_config_id WHERE b.run_id = ? ORDER BY b.id`)
        .all(runId) as Row[]
    ).map(toBatch);
  }

  /** Batches that never reached the provider (the process died while sending): marked failed. */
  abandonUnsent(runId: number): number {
    const ids = (this.db.q(`SELECT id FROM provider_batches WHERE run_id = ? AND state = 'submitting'`).all(runId) as Row[]).map((r) => Number(r.id));
    for (const id of ids) this.failed(id, 'the batch was never sent: Parlor stopped while sending it');
    return ids.length;
  }
}

function toBatch(row: Row): BatchRow {
  return {
    id: Number(row.id),
    runId: Number(row.run_id),
    modelConfigId: Number(row.model_config_id),
    provider: String(row.provider),
    model: String(row.model),
    remoteId: str(row.remote_id),
    inputFileId: str(row.input_file_id),
    state: row.state as BatchState,
    requests: Number(row.requests),
    succeeded: Number(row.succeeded),
    failed: Number(row.failed),
    error: str(row.error),
    submittedAt: String(row.submitted_at),
    endedAt: str(row.ended_at),
  };
}

function toItem(row: Row): BatchItemRow {
  return {
    batchId: Number(row.batch_id),
    customId: String(row.custom_id),
    requestKey: String(row.request_key),
    request: parseJson(row.request),
    status: row.status as BatchItemStatus,
    response: row.response === null ? null : parseJson(row.response),
    error: row.error === null ? null : parseJson<ItemError>(row.error),
    consumed: num(row.consumed) === 1,
    batchState: row.batch_state as BatchState,
    remoteId: str(row.remote_id),
  };
}
