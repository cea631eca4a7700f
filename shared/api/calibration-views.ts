/** A judge's calibration against people (SimulBench's ratings and verdicts): the types the engine, the CLI and the views share. */
import { fixed } from '../text/number';

/** A statistic with its 95% interval; nulls where it is undefined (too few items, no spread). */
export interface EstimateView {
  value: number | null;
  low: number | null;
  high: number | null;
  n: number;
}

/** How one rater's labels agree with another's on a group of items: kappa always, rho and bias on an ordinal scale. */
export interface CalibrationAgreementView {
  /** `all`, a producing model, an annotator, or two annotators (`ada · bob`). */
  key: string;
  /** Quadratic-weighted kappa on an ordinal scale, Cohen's kappa on a nominal one. */
  kappa: EstimateView;
  spearman: EstimateView | null;
  /** Mean of the first rater's value minus the second's (producer − reference), t interval. */
  bias: EstimateView | null;
}

/** The calibration report of a set whose game declares `info.scale`: the producer's labels against the annotators'. */
export interface AnnotationCalibrationView {
  scale: 'ordinal' | 'nominal';
  /** The producer against each item's reference label (ordinal: the median of its annotators' values; nominal: their majority). */
  overall: CalibrationAgreementView;
  byModel: CalibrationAgreementView[];
  /** The producer against each annotator on the items that annotator labelled. */
  byAnnotator: CalibrationAgreementView[];
  /** Each two annotators on the items both labelled (bias: first − second). */
  annotators: CalibrationAgreementView[];
  /** `info.producerMetrics` per producing model over every counted, scored episode of the set's runs. */
  producerMetrics: { key: string; label: string; kind: 'rate' | 'mean'; by: (EstimateView & { key: string })[] }[];
  /** How the statistics and intervals were computed, in a sentence or two. */
  method: string;
}

/** An estimate as UI and CLI both print it: `-0.667 (95% CI -1.412 to 0.851, n 40)`; `—` where undefined. */
export function formatEstimate(e: EstimateView, digits = 3): string {
  if (e.value === null) return `— (n ${e.n})`;
  const ci = e.low === null || e.high === null ? 'no CI' : `95% CI ${fixed(e.low, digits)} to ${fixed(e.high, digits)}`;
  return `${fixed(e.value, digits)} (${ci}, n ${e.n})`;
}
