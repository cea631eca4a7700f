/** The calibration part of `parlor annotations report`: the game's labels against people's, per model and annotator. */
import { formatEstimate, type AnnotationCalibrationView, type CalibrationAgreementView } from '../../../shared/api/calibration-views';
import type { AnnotationInfo } from '../../../shared/contract/game';
import { table } from '../format';

function agreementTable(first: string, rows: readonly CalibrationAgreementView[], ordinal: boolean): string {
  const headers = ordinal ? [first, 'weighted kappa', "Spearman's rho", 'bias'] : [first, "Cohen's kappa"];
  return table(headers, rows.map((r) => [r.key, formatEstimate(r.kappa), ...(ordinal ? [formatEstimate(r.spearman!), formatEstimate(r.bias!, 2)] : [])]));
}

export function calibrationLines(view: AnnotationCalibrationView, info: AnnotationInfo): string[] {
  const ordinal = view.scale === 'ordinal';
  const { producer, labelNoun, groups } = info;
  const lines = [`\ncalibration: the ${producer}'s ${labelNoun}s against the annotators' (${view.scale} scale)`];
  // One model: its row is the overall one, named.
  lines.push(agreementTable(groups.model, view.byModel.length === 1 ? view.byModel : [view.overall, ...view.byModel], ordinal));
  if (view.byAnnotator.length > 1) lines.push(`\n${producer} against each annotator`, agreementTable('annotator', view.byAnnotator, ordinal));
  if (view.annotators.length) lines.push('\nannotators against each other', agreementTable('annotators', view.annotators, ordinal));
  for (const m of view.producerMetrics) {
    lines.push(`\n${m.label} by ${groups.model}`, table([groups.model, m.label], m.by.map((b) => [b.key, formatEstimate(b)])));
  }
  lines.push(view.method);
  return lines;
}
