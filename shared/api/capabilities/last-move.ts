/**
 * The API of last-turn swaps (capability `last-move`, EDA's planning/reasoning ablation "X → Y"): its
 * methods' inputs (spread into API_INPUTS through `index.ts`), results (extended by ApiOutputs) and views.
 */
import { z } from 'zod';
import type { ExportFile } from '../views';
import { Id, NewModel } from '../input-parts';

export const LAST_MOVE_INPUTS = {
  /** A last-turn swap of a finished run (EDA's "X → Y"): its games up to the last question, that question asked by `model`; started at once. */
  'ablation.start': z.object({ runId: Id, model: NewModel }).strict(),
  /** The X → Y matrix of swap runs and originals (X → X), one per dataset; the game's sort metric unless named. */
  'ablation.matrix': z.object({ runIds: z.array(Id).min(1).max(200), metric: z.string().min(1).optional() }).strict(),
  'ablation.export': z.object({ runIds: z.array(Id).min(1).max(200), metric: z.string().min(1).optional(), format: z.enum(['csv', 'latex']) }).strict(),
  /** A swap run's episodes beside their originals: the last move as played and as swapped. */
  'ablation.pairs': z.object({ runId: Id }).strict(),
} as const;

export interface LastMoveOutputs {
  'ablation.start': { runId: number; episodes: number; skipped: number };
  'ablation.matrix': SwapMatrixView;
  'ablation.export': ExportFile;
  'ablation.pairs': SwapPairsView;
}

/** One cell of the X → Y matrix: X's games, Y's last move. */
export interface SwapCell {
  from: string;
  to: string;
  n: number;
  mean: number;
  low: number | null;
  high: number | null;
  runIds: number[];
}

/** The paper's Table 6 for one dataset: trajectories down (X), last-turn models across (Y); X → X is X's own games. */
export interface SwapMatrix {
  dataset: string;
  from: string[];
  to: string[];
  cells: SwapCell[];
}

export interface SwapMatrixView {
  seat: string;
  metric: { key: string; label: string; digits: number };
  datasets: SwapMatrix[];
}

/** One episode's last move as played and as swapped. */
export interface SwapPair {
  instance: string;
  repetition: number;
  round: number;
  originalEpisodeId: number;
  swappedEpisodeId: number | null;
  original: { lines: { from: string | null; text: string }[]; outcome: string | null; value: number | null };
  swapped: { lines: { from: string | null; text: string }[]; outcome: string | null; value: number | null } | null;
}

export interface SwapPairsView {
  runId: number;
  sourceRunId: number;
  from: string;
  to: string;
  metric: { key: string; label: string; digits: number };
  pairs: SwapPair[];
}
