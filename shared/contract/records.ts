import { z } from 'zod';

/** What a judge reply was normalised to; `bingo` is set by the game rules, never by the judge model. */
export const JudgeLabelSchema = z.enum(['yes', 'no', 'maybe', 'dunno', 'bingo', 'other']);
export type JudgeLabel = z.infer<typeof JudgeLabelSchema>;

export const EpisodeStatusSchema = z.enum(['pending', 'running', 'done', 'error']);
export type EpisodeStatus = z.infer<typeof EpisodeStatusSchema>;

/** Stored run statuses; `interrupted` is also inferred for a `running` run whose process is gone. */
export const RunStatusSchema = z.enum(['created', 'running', 'done', 'interrupted', 'failed']);
export type RunStatus = z.infer<typeof RunStatusSchema>;

export const OutcomeSchema = z.enum(['win', 'loss']);
export type Outcome = z.infer<typeof OutcomeSchema>;

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

/** Per-episode EDA metrics (paper §3.1). */
export interface EdaMetrics {
  turns: number;
  success: 0 | 1;
  yes: number;
  score: number;
}

export interface MeanStd {
  mean: number;
  /** Sample standard deviation of the per-repetition means; null with fewer than two repetitions. */
  std: number | null;
}
