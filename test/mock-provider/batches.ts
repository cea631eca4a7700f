/**
 * The mock provider's batch services: OpenAI's Batch API (a JSONL file uploaded to /v1/files, then
 * /v1/batches) and Anthropic's Message Batches (/v1/messages/batches). A batch ends `completeAfterMs`
 * after it was created; its items are answered then, exactly as the live endpoint answers them.
 * Faults: `expireAfterItems` answers only a batch's first N items and expires the rest, `failEvery`
 * fails every n-th item across the server with a 500-style error; items for `mock-server-error` fail.
 */
import { randomUUID } from 'node:crypto';

export interface MockBatchOptions {
  completeAfterMs?: number;
  expireAfterItems?: number;
  failEvery?: number;
}

type Format = 'openai' | 'anthropic';
/** The live endpoint's answer to one request body (no latency, no random faults, no rate limits). */
export type Answer = (format: Format, body: Record<string, unknown>) => { status: number; body: unknown };

interface Item {
  customId: string;
  body: Record<string, unknown>;
}

type Outcome = { customId: string; kind: 'ok'; body: unknown } | { customId: string; kind: 'error'; status: number; body: unknown } | { customId: string; kind: 'expired' | 'canceled' };

interface Batch {
  id: string;
  format: Format;
  createdAt: number;
  endsAt: number;
  items: Item[];
  inputFileId: string | null;
  metadata: unknown;
  cancelled: boolean;
  outcomes: Outcome[] | null;
  outputFileId: string | null;
  errorFileId: string | null;
}

export class MockBatches {
  private readonly files = new Map<string, { id: string; filename: string; purpose: string; text: string; createdAt: number }>();
  private readonly batches = new Map<string, Batch>();
  private served = 0;
  readonly counts = { created: 0, ended: 0, expired: 0, cancelled: 0 };
  /** Every item as it was answered, for tests that count what a model saw. */
  readonly seen: { format: Format; body: Record<string, unknown> }[] = [];

  constructor(
    private readonly options: MockBatchOptions,
    private readonly answer: Answer,
    private readonly baseUrl: () => string,
  ) {}

  putFile(filename: string, purpose: string, text: string) {
    const file = { id: `file-${randomUUID().slice(0, 12)}`, filename, purpose, text, createdAt: Math.floor(Date.now() / 1000) };
    this.files.set(file.id, file);
    return this.fileObject(file.id)!;
  }

  fileObject(id: string) {
    const f = this.files.get(id);
    if (!f) return null;
    return { id: f.id, object: 'file', bytes: Buffer.byteLength(f.text), created_at: f.createdAt, filename: f.filename, purpose: f.purpose, status: 'processed', status_details: null };
  }

  fileText(id: string): string | null {
    for (const b of this.batches.values()) this.settle(b);
    return this.files.get(id)?.text ?? null;
  }

  /** OpenAI: a batch of the lines of an uploaded file. Throws a message for a 400 on bad input. */
  createOpenAI(body: Record<string, unknown>) {
    const file = this.files.get(String(body.input_file_id ?? ''));
    if (!file) throw new NotFound(`No such File object: ${String(body.input_file_id)}`);
    if (body.endpoint !== '/v1/chat/completions') throw new BadRequest(`endpoint must be /v1/chat/completions, not ${String(body.endpoint)}`);
    const items: Item[] = [];
    file.text.split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      let parsed: { custom_id?: unknown; body?: unknown; url?: unknown };
      try {
        parsed = JSON.parse(line) as typeof parsed;
      } catch {
        throw new BadRequest(`line ${i + 1} of ${file.id} is not JSON`);
      }
      if (typeof parsed.custom_id !== 'string' || !parsed.body || typeof parsed.body !== 'object') throw new BadRequest(`line ${i + 1} of ${file.id} needs custom_id and body`);
      items.push({ customId: parsed.custom_id, body: parsed.body as Record<string, unknown> });
    });
    return this.openaiObject(this.create('openai', items, file.id, body.metadata ?? null));
  }

  createAnthropic(body: Record<string, unknown>) {
    const requests = Array.isArray(body.requests) ? (body.requests as { custom_id?: unknown; params?: unknown }[]) : null;
    if (!requests?.length) throw new BadRequest('requests: a non-empty list is required');
    const items = requests.map((r, i) => {
      if (typeof r.custom_id !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(r.custom_id)) throw new BadRequest(`requests.${i}.custom_id: must match ^[a-zA-Z0-9_-]{1,64}$`);
      if (!r.params || typeof r.params !== 'object') throw new BadRequest(`requests.${i}.params: required`);
      return { customId: r.custom_id, body: r.params as Record<string, unknown> };
    });
    return this.anthropicObject(this.create('anthropic', items, null, null));
  }

  private create(format: Format, items: Item[], inputFileId: string | null, metadata: unknown): Batch {
    const now = Date.now();
    const id = format === 'openai' ? `batch_${randomUUID().replace(/-/g, '').slice(0, 20)}` : `msgbatch_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const batch: Batch = { id, format, createdAt: now, endsAt: now + (this.options.completeAfterMs ?? 30), items, inputFileId, metadata, cancelled: false, outcomes: null, outputFileId: null, errorFileId: null };
    this.batches.set(id, batch);
    this.counts.created++;
    return batch;
  }

  get(id: string, format: Format) {
    const b = this.batches.get(id);
    if (!b || b.format !== format) return null;
    this.settle(b);
    return format === 'openai' ? this.openaiObject(b) : this.anthropicObject(b);
  }

  cancel(id: string, format: Format) {
    const b = this.batches.get(id);
    if (!b || b.format !== format) return null;
    if (!b.outcomes) {
      b.cancelled = true;
      b.endsAt = Math.min(b.endsAt, Date.now());
    }
    return this.get(id, format);
  }

  /** Anthropic's results: one JSON line per item. */
  anthropicResults(id: string): string | null {
    const b = this.batches.get(id);
    if (!b || b.format !== 'anthropic') return null;
    this.settle(b);
    if (!b.outcomes) return null;
    return b.outcomes
      .map((o) => {
        if (o.kind === 'ok') return { custom_id: o.customId, result: { type: 'succeeded', message: o.body } };
        if (o.kind === 'error') {
          const message = (o.body as { error?: { message?: string } })?.error?.message ?? 'error';
          return { custom_id: o.customId, result: { type: 'errored', error: { type: 'error', error: { type: o.status >= 500 ? 'api_error' : 'invalid_request_error', message } } } };
        }
        return { custom_id: o.customId, result: { type: o.kind } };
      })
      .map((line) => JSON.stringify(line))
      .join('\n');
  }

  /** Answers a batch's items once its time has come. */
  private settle(b: Batch): void {
    if (b.outcomes || Date.now() < b.endsAt) return;
    const limit = this.options.expireAfterItems;
    b.outcomes = b.items.map((item, i): Outcome => {
      if (b.cancelled) return { customId: item.customId, kind: 'canceled' };
      if (limit !== undefined && i >= limit) return { customId: item.customId, kind: 'expired' };
      this.served++;
      this.seen.push({ format: b.format, body: item.body });
      if (this.options.failEvery && this.served % this.options.failEvery === 0) {
        return { customId: item.customId, kind: 'error', status: 500, body: { error: { message: 'The server had an error while processing your request.', type: 'server_error' } } };
      }
      const answered = this.answer(b.format, item.body);
      return answered.status === 200 ? { customId: item.customId, kind: 'ok', body: answered.body } : { customId: item.customId, kind: 'error', status: answered.status, body: answered.body };
    });
    this.counts.ended++;
    if (b.cancelled) this.counts.cancelled++;
    else if (b.outcomes.some((o) => o.kind === 'expired')) this.counts.expired++;
    if (b.format === 'openai') this.writeOpenAIFiles(b);
  }

  private writeOpenAIFiles(b: Batch): void {
    const line = (o: Outcome) => {
      const requestId = `req_${randomUUID().slice(0, 8)}`;
      if (o.kind === 'ok') return { id: `batch_req_${randomUUID().slice(0, 8)}`, custom_id: o.customId, response: { status_code: 200, request_id: requestId, body: o.body }, error: null };
      if (o.kind === 'error') return { id: `batch_req_${randomUUID().slice(0, 8)}`, custom_id: o.customId, response: { status_code: o.status, request_id: requestId, body: o.body }, error: null };
      const code = o.kind === 'expired' ? 'batch_expired' : 'batch_cancelled';
      const message = o.kind === 'expired' ? 'This request could not be executed before the completion window expired.' : 'This request was cancelled.';
      return { id: `batch_req_${randomUUID().slice(0, 8)}`, custom_id: o.customId, response: null, error: { code, message } };
    };
    const ok = b.outcomes!.filter((o) => o.kind === 'ok');
    const bad = b.outcomes!.filter((o) => o.kind !== 'ok');
    if (ok.length) b.outputFileId = this.putFile(`${b.id}_output.jsonl`, 'batch_output', ok.map((o) => JSON.stringify(line(o))).join('\n') + '\n').id;
    if (bad.length) b.errorFileId = this.putFile(`${b.id}_error.jsonl`, 'batch_output', bad.map((o) => JSON.stringify(line(o))).join('\n') + '\n').id;
  }

  private openaiObject(b: Batch) {
    const done = b.outcomes;
    const status = !done ? (Date.now() - b.createdAt < 5 ? 'validating' : 'in_progress') : b.cancelled ? 'cancelled' : done.some((o) => o.kind === 'expired') ? 'expired' : 'completed';
    const completed = done?.filter((o) => o.kind === 'ok').length ?? 0;
    const failed = done ? done.length - completed : 0;
    const s = (ms: number) => Math.floor(ms / 1000);
    return {
      id: b.id, object: 'batch', endpoint: '/v1/chat/completions', errors: null, input_file_id: b.inputFileId, completion_window: '24h', status,
      output_file_id: b.outputFileId, error_file_id: b.errorFileId, created_at: s(b.createdAt), in_progress_at: s(b.createdAt), expires_at: s(b.createdAt + 86_400_000),
      finalizing_at: done ? s(b.endsAt) : null, completed_at: status === 'completed' ? s(b.endsAt) : null, failed_at: null, expired_at: status === 'expired' ? s(b.endsAt) : null,
      cancelling_at: null, cancelled_at: status === 'cancelled' ? s(b.endsAt) : null,
      request_counts: { total: b.items.length, completed, failed }, metadata: b.metadata,
    };
  }

  private anthropicObject(b: Batch) {
    const done = b.outcomes;
    const count = (kind: Outcome['kind']) => done?.filter((o) => o.kind === kind).length ?? 0;
    return {
      id: b.id, type: 'message_batch', processing_status: done ? 'ended' : b.cancelled ? 'canceling' : 'in_progress',
      request_counts: { processing: done ? 0 : b.items.length, succeeded: count('ok'), errored: count('error'), canceled: count('canceled'), expired: count('expired') },
      ended_at: done ? new Date(b.endsAt).toISOString() : null, created_at: new Date(b.createdAt).toISOString(), expires_at: new Date(b.createdAt + 86_400_000).toISOString(),
      cancel_initiated_at: b.cancelled ? new Date(b.endsAt).toISOString() : null, archived_at: null,
      results_url: done ? `${this.baseUrl()}/v1/messages/batches/${b.id}/results` : null,
    };
  }
}

export class BadRequest extends Error {}
export class NotFound extends Error {}
