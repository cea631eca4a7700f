/** Annotation sets, their items and results, as the API returns them (re-exported by views.ts). */
import type { AnnotationInfo } from '../contract/game';
import type { AnnotationCalibrationView } from './calibration-views';

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
  /** Items with an accepted label (a ruling, else their annotators' majority), and of those, the ones differing from the event's own. */
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

export interface AnnotationSetSummary {
  id: number;
  name: string;
  createdAt: string;
  method: string;
  runs: number[];
  seed: number;
  items: number;
  labelledItems: number;
  annotators: string[];
  game: string | null;
}

export interface AnnotationPreview {
  available: number;
  size: number;
  strata: { key: string; available: number; take: number }[];
}

export interface AnnotationItemView {
  itemId: number;
  position: number;
  instance: string;
  dataset: string;
  datasetKind: string;
  /** The model in the seat whose event is checked. */
  model: string;
  episodeId: number;
  round: number;
  /** What the event answers (EDA: the question; SimulBench: the query and the answers judged). */
  prompt: string;
  /** Where the event judged answers to a question (SimulBench): the question alone, and each answer to show apart from it. */
  question?: string;
  answers?: { label: string; text: string }[];
  /** The event's text as produced. */
  text: string;
  label: string;
  context: { round: number; prompt: string; reply: string; label: string | null }[];
}

export interface AnnotatorProgress {
  done: number;
  total: number;
  remaining: number;
}

export interface Interval {
  k: number;
  n: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

/** An item whose annotators gave different labels (`ambiguous` counts as a label). */
export interface AnnotationDisagreement {
  itemId: number;
  position: number;
  episodeId: number;
  round: number;
  instance: string;
  /** The event's own label. */
  label: string;
  /** Each annotator's label, by annotator name. */
  verdicts: { annotator: string; answer: string }[];
  /** Their majority, or null for an even split. */
  majority: string | null;
  /** A third person's ruling (a label or `ambiguous`), which decides the item; absent where nobody ruled. */
  ruling?: { answer: string; adjudicator: string };
}

export interface AnnotationResultsView {
  set: AnnotationSetSummary;
  info: AnnotationInfo;
  items: number;
  judged: number;
  ambiguous: number;
  /** Items split evenly with no ruling. */
  ties: number;
  unlabelled: number;
  /** Only where a ruling decided an item: how many (each marked in `disagreements[].ruling`), and the wrong share among those judged. */
  adjudication?: { items: number; rate: Interval };
  /** Stratum-weighted for a stratified set, else plain; `inSample` is the plain share (see annotation-views). */
  overall: RateEstimateView;
  inSample: Interval;
  strata: AnnotationStratumView[];
  weighting: { method: 'stratum-weighted' | 'plain'; note: string };
  by: Record<'label' | 'dataset' | 'model' | 'tag', (RateEstimateView & { key: string })[]>;
  confusion: { produced: string[]; gold: string[]; counts: number[][] };
  agreement: {
    annotators: string[];
    method: 'cohen' | 'fleiss' | null;
    sharedItems: number;
    kappa: { kappa: number | null; observed: number | null; expected: number | null; items: number } | null;
    note: string;
  };
  scoreEffect: { episodes: number; changed: number; metrics: { key: string; label: string; asPlayed: number | null; corrected: number | null }[]; note: string };
  /** Only for a game that declares `info.scale`. */
  calibration?: AnnotationCalibrationView;
  /** Items whose annotators gave different labels, in set order. */
  disagreements: AnnotationDisagreement[];
}
