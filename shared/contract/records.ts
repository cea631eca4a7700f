import { z } from 'zod';

export const EpisodeStatusSchema = z.enum(['pending', 'running', 'done', 'error']);
export type EpisodeStatus = z.infer<typeof EpisodeStatusSchema>;

/** Stored run statuses; `interrupted` is also inferred for a `running` run whose process is gone. */
export const RunStatusSchema = z.enum(['created', 'running', 'done', 'interrupted', 'failed']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** How an infrastructure failure is classified; a game rule violation is never one of these. */
export const ErrorKindSchema = z.enum([
  'missing_key',
  'auth',
  'model_not_found',
  'bad_request',
  'rate_limit',
  'server',
  'timeout',
  'connection',
  'malformed',
  'aborted',
  'cache_miss',
  'internal',
]);
export type ErrorKind = z.infer<typeof ErrorKindSchema>;

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface MeanStd {
  mean: number;
  /** Sample standard deviation of the per-repetition means; null with fewer than two repetitions. */
  std: number | null;
}
