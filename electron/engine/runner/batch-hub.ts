import type { ModelConfig } from '../../../shared/contract/models';
import { describeError } from '../errors';
import type { BatchTransport, ItemError, ItemResult } from '../players/batch-transport';
import { ProviderError } from '../players/errors';
import { abortableSleep } from '../players/sleep';
import type { BatchAnswer, BatchSink, CallSite } from '../players/types';
import type { Store } from '../store/store';

interface Queued {
  requestKey: string;
  stored: Record<string, unknown>;
  wire: Record<string, unknown>;
  resolve: (answer: BatchAnswer) => void;
}

interface Lane {
  transport: BatchTransport;
  modelConfigId: number;
  queued: Queued[];
}

export interface BatchHubOptions {
  /** Seats whose calls go through batches (the others are played live). */
  seats: ReadonlySet<string>;
  pollMs: number;
  signal: AbortSignal;
  /** Told whenever a batch is sent or ends. */
  onChange?: () => void;
}

/**
 * Batch mode of one run: every episode is in flight, and when all of them wait for a batched call
 * (one step of every episode), the waiting requests go out as one batch per model. Each batch and
 * each request is stored before it is sent and each answer as it arrives, so a run closed while its
 * batches are out finds them again when it resumes: the replayed episode asks the same request at
 * the same place, and gets the stored or awaited answer instead of a new batch.
 */
export class BatchHub implements BatchSink {
  private active = 0;
  private waiting = 0;
  private readonly lanes = new Map<BatchTransport, Lane>();
  private readonly waiters = new Map<number, Map<string, (answer: BatchAnswer) => void>>();
  private readonly watched = new Set<number>();

  constructor(
    private readonly store: Store,
    private readonly runId: number,
    private readonly options: BatchHubOptions,
  ) {
    store.batches.abandonUnsent(runId);
  }

  /** An episode starts, or ends: a step is complete when every active episode waits. */
  enter(): void {
    this.active++;
  }

  leave(): void {
    this.active--;
    this.maybeFlush();
  }

  wants(site: CallSite | undefined): boolean {
    return site !== undefined && this.options.seats.has(site.seat);
  }

  call(input: Parameters<BatchSink['call']>[0]): Promise<BatchAnswer> {
    const { signal } = this.options;
    const item = this.store.batches.findItem(this.runId, input.requestKey);
    if (item?.status === 'succeeded') return Promise.resolve({ batchId: item.batchId, response: item.response });
    if (item?.status === 'failed' && !item.consumed) {
      this.store.batches.consume(item.batchId, item.customId);
      return Promise.resolve({ batchId: item.batchId, error: item.error! });
    }
    return new Promise<BatchAnswer>((resolve, reject) => {
      let settled = false;
      const settle = (answer: BatchAnswer) => {
        if (settled) return;
        settled = true;
        this.waiting--;
        input.signal?.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      const onAbort = () => {
        if (settled) return;
        settled = true;
        this.waiting--;
        reject(new ProviderError('aborted', 'cancelled while waiting for a batch'));
      };
      if (input.signal?.aborted || signal.aborted) return reject(new ProviderError('aborted', 'cancelled while waiting for a batch'));
      input.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting++;
      if (item?.status === 'pending' && item.batchState === 'in_progress' && item.remoteId) {
        // Sent by an earlier session and still out: wait for that batch.
        this.waitFor(item.batchId, item.customId, settle);
        this.watch(item.batchId, item.remoteId, input.transport);
      } else {
        this.laneOf(input.transport, input.config).queued.push({ requestKey: input.requestKey, stored: input.stored, wire: input.wire, resolve: settle });
      }
      this.maybeFlush();
    });
  }

  private laneOf(transport: BatchTransport, config: ModelConfig): Lane {
    let lane = this.lanes.get(transport);
    if (!lane) this.lanes.set(transport, (lane = { transport, modelConfigId: this.store.models.ensureConfig(config), queued: [] }));
    return lane;
  }

  private waitFor(batchId: number, customId: string, resolve: (answer: BatchAnswer) => void): void {
    let byId = this.waiters.get(batchId);
    if (!byId) this.waiters.set(batchId, (byId = new Map()));
    byId.set(customId, resolve);
  }

  private maybeFlush(): void {
    if (this.waiting < this.active || this.options.signal.aborted) return;
    for (const lane of this.lanes.values()) {
      while (lane.queued.length) void this.send(lane, lane.queued.splice(0, lane.transport.maxRequests));
    }
  }

  private async send(lane: Lane, queued: Queued[]): Promise<void> {
    const items = queued.map((q, i) => ({ customId: `req-${i + 1}`, requestKey: q.requestKey, request: q.stored }));
    const batchId = this.store.batches.create(this.runId, lane.modelConfigId, lane.transport.provider, items);
    queued.forEach((q, i) => this.waitFor(batchId, items[i]!.customId, q.resolve));
    try {
      const { remoteId, inputFileId } = await lane.transport.submit(queued.map((q, i) => ({ customId: items[i]!.customId, body: q.wire })));
      this.store.batches.submitted(batchId, remoteId, inputFileId);
      this.options.onChange?.();
      this.watch(batchId, remoteId, lane.transport);
    } catch (error) {
      this.endFailed(batchId, `the batch could not be sent: ${describeError(error)}`);
    }
  }

  /** Polls a batch until it ends, then hands every waiting request its answer. */
  private watch(batchId: number, remoteId: string, transport: BatchTransport): void {
    if (this.watched.has(batchId)) return;
    this.watched.add(batchId);
    void (async () => {
      const { signal, pollMs } = this.options;
      try {
        for (;;) {
          await abortableSleep(pollMs, signal, 'a batch');
          let status;
          try {
            status = await transport.status(remoteId);
          } catch (error) {
            // Tried again at the next interval (the batch is still out); the run page shows why.
            this.store.batches.note(batchId, `could not ask for the batch's state: ${describeError(error)}`);
            continue;
          }
          if (status.state === 'in_progress') continue;
          if (status.state === 'failed') return this.endFailed(batchId, status.error);
          const results = await this.fetchResults(transport, remoteId);
          this.store.batches.ended(batchId, status.state, results);
          this.options.onChange?.();
          this.deliver(batchId);
          return;
        }
      } catch {
        // Stopped by the user: the batch stays out and is collected when the run resumes.
      } finally {
        this.watched.delete(batchId);
      }
    })();
  }

  private async fetchResults(transport: BatchTransport, remoteId: string): Promise<Map<string, ItemResult>> {
    for (let tries = 1; ; tries++) {
      try {
        return await transport.results(remoteId);
      } catch (error) {
        if (tries >= 5) throw error;
        await abortableSleep(this.options.pollMs, this.options.signal, 'batch results');
      }
    }
  }

  private deliver(batchId: number): void {
    const byId = this.waiters.get(batchId);
    this.waiters.delete(batchId);
    for (const [customId, resolve] of byId ?? []) {
      const item = this.store.batches.itemOf(batchId, customId);
      if (item?.status === 'succeeded') resolve({ batchId, response: item.response });
      else {
        this.store.batches.consume(batchId, customId);
        resolve({ batchId, error: item?.error ?? missing });
      }
    }
  }

  private endFailed(batchId: number, message: string): void {
    this.store.batches.failed(batchId, message);
    this.options.onChange?.();
    const byId = this.waiters.get(batchId);
    this.waiters.delete(batchId);
    for (const resolve of byId?.values() ?? []) resolve({ batchId, error: { kind: 'errored', status: null, message } });
  }
}

const missing: ItemError = { kind: 'errored', status: null, message: 'the batch ended without a result for this request' };
