/**
 * The API of dialogue-state probing (capability `probing`): its method's input (spread into
 * API_INPUTS through `index.ts`), its result (extended by ApiOutputs) and the views it returns.
 */
import { z } from 'zod';
import { Id } from '../input-parts';

export const PROBING_INPUTS = {
  /** Dialogue-state probes of runs (EDA: the guesser's top 5 before each question), by episode and averaged per model. */
  'probes.view': z.object({ runIds: z.array(Id).min(1).max(100) }).strict(),
} as const;

export interface ProbingOutputs {
  'probes.view': ProbeView;
}

/** One round of a probed episode: what the seat believed before its move, and the move. */
export interface ProbeRoundView {
  round: number;
  /** The move that followed the probe (EDA: the question) and the answer it got. */
  move: string | null;
  reply: string | null;
  /** The ranked candidates the probe named; null when it failed or named none. */
  items: string[] | null;
  error: string | null;
  /** 1-based rank of the true answer among the items; null when absent (or no probe). */
  targetRank: number | null;
  /** The reply to this round's move eliminated every item: none is named by the next probe. */
  turnover: boolean;
}

export interface ProbeEpisodeView {
  episodeId: number;
  runId: number;
  instance: string;
  repetition: number;
  outcome: string | null;
  /** The probed seat's model. */
  player: string;
  rounds: ProbeRoundView[];
}

export interface ProbeSeriesPoint {
  round: number;
  /** Episodes probed at this round. */
  n: number;
  /** Mean rank of the true answer, counting an absent one as `absentRank`; 95% t interval. */
  meanRank: number;
  low: number | null;
  high: number | null;
  /** Share of probes naming the true answer. */
  inItems: number;
}

export interface ProbeView {
  kind: string;
  seat: string;
  /** How many items a probe asks for (EDA: 5); an absent answer counts as rank size + 1. */
  size: number;
  absentRank: number;
  series: { player: string; points: ProbeSeriesPoint[] }[];
  episodes: ProbeEpisodeView[];
  counts: { episodes: number; probes: number; failed: number };
}
