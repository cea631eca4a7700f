/** Results of the run methods added for issue 17 (tags and notes, grouped errors). */

export interface RunLabelsView {
  tags: string[];
  note: string;
}

export interface RunErrorItem {
  episodeId: number;
  instance: string;
  repetition: number;
  message: string | null;
  /** The episode's last failed model call, to show its request and response; null when no call failed (e.g. a game error). */
  callId: number | null;
}

/** A run's errored episodes of one kind (auth, connection, rate_limit, …), most frequent kind first. */
export interface RunErrorGroup {
  kind: string;
  count: number;
  items: RunErrorItem[];
}

/** One provider batch of a run in batch mode (OpenAI Batch API, Anthropic Message Batches). */
export interface RunBatchView {
  id: number;
  /** `provider:model`. */
  model: string;
  /** The provider's id for it (null while it was being sent). */
  remoteId: string | null;
  state: 'submitting' | 'in_progress' | 'ended' | 'expired' | 'failed' | 'cancelled';
  requests: number;
  succeeded: number;
  failed: number;
  error: string | null;
  submittedAt: string;
  endedAt: string | null;
}
