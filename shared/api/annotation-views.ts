import type { AnnotationItemView, AnnotationSetSummary, AnnotatorProgress, Interval } from './views';

/**
 * An error rate as a results page leads with it: weighted back to a stratified set's strata sizes, or
 * the plain share of wrong items among the judged ones (`weighting` says which). `k`/`n` are always
 * the sample's wrong and judged items; `AnnotationResultsView.inSample` is their plain rate.
 */
export interface RateEstimateView extends Interval {
  weighting: 'stratum-weighted' | 'plain';
  /** The effective sample size behind a weighted interval; null for a plain one. */
  effectiveN: number | null;
}

/** A stratified set's stratum: its events when drawn, items drawn and judged, and the judged ones wrong (`rate`: their plain share). */
export interface AnnotationStratumView {
  key: string;
  population: number;
  drawn: number;
  judged: number;
  wrong: number;
  rate: number | null;
}

/** An annotation set's accepted labels carried into its game's rules (`annotations.apply`; a game with `info.apply`). */
export interface AnnotationApplyView {
  set: AnnotationSetSummary;
  /** False for the preview: nothing was stored. */
  written: boolean;
  /** Items with an accepted label (their annotators' majority), and of those, the ones differing from the event's own. */
  accepted: number;
  corrections: number;
  /** What the rules gain, one line each, over every run; and what was left alone, with why. */
  changes: string[];
  unresolved: string[];
  /** Each run of the game whose settings change: its changes, finished episodes, and those whose scores change (or would). */
  runs: { runId: number; name: string | null; changes: number; episodes: number; changed: number }[];
  /** Runs left alone (in progress). */
  skipped: { runId: number; reason: string }[];
}

/** One of an annotator's labels, with its item, for reopening and relabelling it (`annotations.mine`). */
export interface AnnotationMineView {
  item: AnnotationItemView;
  verdict: 'correct' | 'wrong' | 'ambiguous' | 'skip';
  answer: string | null;
  note: string | null;
  labelledAt: string;
}

/** An annotator's done/total in a set (`annotations.progress`). */
export interface AnnotatorProgressRow extends AnnotatorProgress {
  annotator: string;
}
