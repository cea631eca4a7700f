import type { AnnotationItemView, AnnotationSetSummary, AnnotatorProgress } from './views';

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
