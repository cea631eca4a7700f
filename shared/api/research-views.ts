/** Views of the research tools: dialogue-state probes, last-turn swaps (ablation) and failure-mode tags. */

/** A probe as a transcript shows it, at the round it was asked before. */
export interface ProbeNote {
  round: number;
  seat: string;
  kind: string;
  text: string | null;
  /** What the game read from the reply (EDA: `{ candidates }`); null when it failed. */
  result: unknown;
  error: string | null;
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
