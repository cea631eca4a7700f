import type OpenAI from 'openai';
import { parseJsonl, type BatchStatus, type BatchTransport, type ItemResult } from './batch-transport';

const IN_PROGRESS = new Set(['validating', 'in_progress', 'finalizing', 'cancelling']);

interface OutputLine {
  custom_id?: string;
  response?: { status_code?: number; body?: unknown } | null;
  error?: { code?: string; message?: string } | null;
}

/** The OpenAI Batch API: a JSONL file of chat-completion requests, answered within 24 hours at half price. */
export class OpenAIBatches implements BatchTransport {
  readonly provider = 'openai';
  readonly maxRequests = 50_000;

  constructor(private readonly connect: () => Promise<OpenAI>) {}

  async submit(items: readonly { customId: string; body: Record<string, unknown> }[]) {
    const lines = items.map((i) => JSON.stringify({ custom_id: i.customId, method: 'POST', url: '/v1/chat/completions', body: i.body }));
    const client = await this.connect();
    const { toFile } = await import('openai');
    const file = await client.files.create({ file: await toFile(Buffer.from(`${lines.join('\n')}\n`), 'parlor-batch.jsonl'), purpose: 'batch' });
    const batch = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
    return { remoteId: batch.id, inputFileId: file.id };
  }

  async status(remoteId: string): Promise<BatchStatus> {
    const b = await (await this.connect()).batches.retrieve(remoteId);
    const counts = { done: (b.request_counts?.completed ?? 0) + (b.request_counts?.failed ?? 0), total: b.request_counts?.total ?? 0 };
    if (IN_PROGRESS.has(b.status)) return { state: 'in_progress', ...counts };
    if (b.status === 'completed') return { state: 'ended', ...counts };
    if (b.status === 'expired' || b.status === 'cancelled') return { state: b.status, ...counts };
    return { state: 'failed', error: b.errors?.data?.map((e) => e.message).filter(Boolean).join('; ') || `the batch ${b.status}` };
  }

  async results(remoteId: string): Promise<Map<string, ItemResult>> {
    const b = await (await this.connect()).batches.retrieve(remoteId);
    const results = new Map<string, ItemResult>();
    for (const fileId of [b.output_file_id, b.error_file_id]) {
      if (!fileId) continue;
      const text = await (await (await this.connect()).files.content(fileId)).text();
      for (const raw of parseJsonl(text, `OpenAI batch ${remoteId}, file ${fileId}`)) {
        const line = raw as OutputLine;
        if (typeof line.custom_id !== 'string') continue;
        results.set(line.custom_id, resultOf(line));
      }
    }
    return results;
  }
}

function resultOf(line: OutputLine): ItemResult {
  const status = line.response?.status_code ?? null;
  if (status === 200 && line.response?.body) return { response: line.response.body };
  if (line.error?.code === 'batch_expired') return { error: { kind: 'expired', status: null, message: line.error.message ?? 'the batch expired before this request ran' } };
  if (line.error?.code === 'batch_cancelled') return { error: { kind: 'cancelled', status: null, message: line.error.message ?? 'the batch was cancelled' } };
  const body = line.response?.body as { error?: { message?: string } } | undefined;
  return { error: { kind: 'errored', status, message: body?.error?.message ?? line.error?.message ?? `HTTP ${status ?? '?'}` } };
}
