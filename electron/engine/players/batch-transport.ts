/** What Parlor needs from a provider's batch service, whichever provider it is. */

export interface BatchRequestItem {
  customId: string;
  /** The request body exactly as a live call would send it. */
  body: Record<string, unknown>;
}

/** Why one request of a batch produced no answer. */
export interface ItemError {
  kind: 'expired' | 'cancelled' | 'errored';
  status: number | null;
  message: string;
}

export type ItemResult = { response: unknown } | { error: ItemError };

export type BatchStatus =
  | { state: 'in_progress'; done: number; total: number }
  | { state: 'ended' | 'expired' | 'cancelled'; done: number; total: number }
  | { state: 'failed'; error: string };

export interface BatchTransport {
  readonly provider: string;
  /** A batch holds this many requests at most (the provider's limit). */
  readonly maxRequests: number;
  submit(items: readonly BatchRequestItem[]): Promise<{ remoteId: string; inputFileId: string | null }>;
  status(remoteId: string): Promise<BatchStatus>;
  /** Every answer of an ended batch, by custom id. */
  results(remoteId: string): Promise<Map<string, ItemResult>>;
}

/** Parses a JSONL body line by line, naming the line that is not JSON. */
export function parseJsonl(text: string, what: string): unknown[] {
  const out: unknown[] = [];
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    try {
      out.push(JSON.parse(line));
    } catch {
      throw new Error(`${what}: line ${index + 1} is not JSON`);
    }
  });
  return out;
}

/** Key redaction for answers (the model's own keys) and for errors (key shapes too). */
export interface BatchRedaction {
  answer: <T>(value: T) => T;
  error: <T>(value: T) => T;
}

/**
 * The same service with every answer and error redacted before anyone stores it: the batch hub writes
 * answers and failures to the database as they arrive.
 */
export function redactingTransport(transport: BatchTransport, clean: BatchRedaction): BatchTransport {
  const cleanError = (error: unknown): never => {
    if (error instanceof Error) {
      const message = clean.error(error.message);
      if (message !== error.message) throw Object.assign(new Error(message), { name: error.name });
    }
    throw error;
  };
  return {
    provider: transport.provider,
    maxRequests: transport.maxRequests,
    submit: (items) => transport.submit(items).catch(cleanError),
    status: async (remoteId) => {
      const status = await transport.status(remoteId).catch(cleanError);
      return status.state === 'failed' ? { ...status, error: clean.error(status.error) } : status;
    },
    results: async (remoteId) => {
      const results = await transport.results(remoteId).catch(cleanError);
      return new Map([...results].map(([id, result]) => [id, 'response' in result ? { response: clean.answer(result.response) } : { error: clean.error(result.error) }]));
    },
  };
}
