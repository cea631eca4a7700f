/**
 * The API of failure-mode tags (capability `failure-modes`): its methods' inputs (spread into
 * API_INPUTS through `index.ts`), results (extended by ApiOutputs) and the views they return.
 */
import { z } from 'zod';
import { plainText } from '../../contract/plain-text';
import type { ExportFile } from '../views';
import { Annotator, Id, NewModel } from '../input-parts';

export const FAILURE_MODES_INPUTS = {
  /** Failure-mode tags of runs (EDA: early enumeration, redundancy, inconsistency) with counts per model; `sources` to count (default the rules'). */
  'tags.view': z.object({ runIds: z.array(Id).min(1).max(200), sources: z.array(z.string().min(1).max(200)).max(20).optional(), rules: z.record(z.string(), z.number()).optional() }).strict(),
  'tags.export': z.object({ runIds: z.array(Id).min(1).max(200), sources: z.array(z.string().min(1).max(200)).max(20).optional(), rules: z.record(z.string(), z.number()).optional(), format: z.enum(['csv', 'latex']) }).strict(),
  /** A person confirms, rejects or adds a tag (null clears their verdict). */
  'tags.review': z
    .object({ episodeId: Id, round: z.number().int().min(0), mode: z.string().min(1).max(64), reviewer: Annotator, verdict: z.enum(['confirmed', 'rejected', 'added']).nullable(), note: plainText(z.string().max(500), 'a note', 'lines').nullable().optional() })
    .strict(),
  /** The optional LLM tagger over the runs' finished episodes (episodes it already read are skipped). */
  'tags.llm': z.object({ runIds: z.array(Id).min(1).max(200), model: NewModel }).strict(),
} as const;

/** An LLM tagger's progress over the games it reads (`tags.llm`), pushed to every open window. */
export interface TaggingEvent {
  type: 'tagging';
  source: string;
  done: number;
  total: number;
}

export interface FailureModesOutputs {
  'tags.view': FailureTagsView;
  'tags.export': ExportFile;
  'tags.review': { ok: true };
  'tags.llm': { source: string; tagged: number; alreadyTagged: number; failed: number; tags: number; dropped: number };
}

/** One failure-mode tag on one move: who suggested it, why, and what people said. */
export interface FailureTagView {
  episodeId: number;
  runId: number;
  instance: string;
  repetition: number;
  player: string;
  round: number;
  mode: string;
  /** `rules`, `llm:<model>`, or `person` (added in review). */
  sources: string[];
  reasons: string[];
  related: number[];
  /** The move and its reply at this round and the related ones, for checking the tag. */
  context: { round: number; move: string; reply: string }[];
  reviews: { reviewer: string; verdict: 'confirmed' | 'rejected' | 'added'; note: string | null }[];
  /** The last review's word, or `suggested`; confirmed, added and suggested tags are counted. */
  status: 'suggested' | 'confirmed' | 'rejected' | 'added';
}

export interface FailureCount {
  player: string;
  mode: string;
  games: number;
  /** Games with at least one counted tag of the mode, and that share's 95% Wilson interval. */
  tagged: number;
  rate: number | null;
  low: number | null;
  high: number | null;
  /** Counted tags per game, with the 95% t interval. */
  perGame: number | null;
  perGameLow: number | null;
  perGameHigh: number | null;
}

export interface FailureTagsView {
  seat: string;
  modes: { id: string; label: string; description: string }[];
  rules: Record<string, number>;
  /** The suggestion sources counted (`rules`, `llm:<model>`), and every one the runs have. */
  counted: string[];
  available: string[];
  counts: FailureCount[];
  tags: FailureTagView[];
  reviewed: number;
}
