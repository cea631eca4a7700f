import type Anthropic from '@anthropic-ai/sdk';
import type { BatchStatus, BatchTransport, ItemResult } from './batch-transport';

/** Anthropic Message Batches: message requests answered within 24 hours at half price. */
export class AnthropicBatches implements BatchTransport {
  readonly provider = 'anthropic';
  readonly maxRequests = 100_000;

  constructor(private readonly connect: () => Promise<Anthropic>) {}

  async submit(items: readonly { customId: string; body: Record<string, unknown> }[]) {
    const client = await this.connect();
    const requests = items.map((i) => ({ custom_id: i.customId, params: i.body as unknown as Anthropic.MessageCreateParamsNonStreaming }));
    const batch = await client.messages.batches.create({ requests });
    return { remoteId: batch.id, inputFileId: null };
  }

  async status(remoteId: string): Promise<BatchStatus> {
    const b = await (await this.connect()).messages.batches.retrieve(remoteId);
    const c = b.request_counts;
    const done = c.succeeded + c.errored + c.canceled + c.expired;
    const counts = { done, total: done + c.processing };
    if (b.processing_status !== 'ended') return { state: 'in_progress', ...counts };
    if (c.expired > 0) return { state: 'expired', ...counts };
    if (c.canceled > 0 && c.succeeded + c.errored === 0) return { state: 'cancelled', ...counts };
    return { state: 'ended', ...counts };
  }

  async results(remoteId: string): Promise<Map<string, ItemResult>> {
    const results = new Map<string, ItemResult>();
    for await (const line of await (await this.connect()).messages.batches.results(remoteId)) {
      const r = line.result;
      if (r.type === 'succeeded') results.set(line.custom_id, { response: r.message });
      else if (r.type === 'expired') results.set(line.custom_id, { error: { kind: 'expired', status: null, message: 'the batch expired before this request ran' } });
      else if (r.type === 'canceled') results.set(line.custom_id, { error: { kind: 'cancelled', status: null, message: 'the batch was cancelled' } });
      else results.set(line.custom_id, { error: { kind: 'errored', status: null, message: r.error.error.message } });
    }
    return results;
  }
}
