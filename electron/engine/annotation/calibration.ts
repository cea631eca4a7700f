/**
 * Calibration of a game's labels against people's: for a game that declares its labels' scale, how
 * the producer's labels (a rating model's 1–10) agree with the annotators' — overall, per producing
 * model, per annotator — and how annotators agree with each other, each with a 95% interval. Ordinal
 * scales get quadratic-weighted kappa, Spearman's rho and the mean bias; nominal ones Cohen's kappa.
 */
import type { AnnotationCalibrationView, CalibrationAgreementView } from '../../../shared/api/calibration-views';
import type { AnnotationInfo, MetricSpec } from '../../../shared/contract/game';
import type { Game } from '../core/game';
import type { Store } from '../store/store';
import { BOOTSTRAP, bootstrap, meanDifference, nominalKappa, quadraticKappa, spearman, type Estimate, type Pair } from '../stats/ordinal';
import { goldAnswer, type LabelledItem } from './results';
import { wilson } from '../stats/proportions';
import { type AnnotationHooks } from '../capabilities/annotation/provision';

type Scale = NonNullable<AnnotationInfo['scale']>;

/**
 * A label's place on an ordinal scale: its number when every label of the scale is a number (so a
 * rating 7.5 outside the labels still counts), else its position among the labels; null when off the scale.
 */
export function ordinalValue(label: string, vocabulary: readonly string[]): number | null {
  if (vocabulary.length && vocabulary.every((id) => id.trim() !== '' && Number.isFinite(Number(id)))) {
    const n = label.trim() === '' ? NaN : Number(label);
    return Number.isFinite(n) ? n : null;
  }
  const i = vocabulary.indexOf(label);
  return i < 0 ? null : i + 1;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Two raters' values on the same items: numbers on an ordinal scale, labels on a nominal one. */
type Pairs = { kind: 'ordinal'; pairs: Pair[] } | { kind: 'nominal'; pairs: [string, string][] };

function agreementOf(key: string, pairs: Pairs, seed: number): CalibrationAgreementView {
  const options = { ...BOOTSTRAP, seed };
  if (pairs.kind === 'nominal') return { key, kappa: bootstrap(pairs.pairs, nominalKappa, options), spearman: null, bias: null };
  return { key, kappa: bootstrap(pairs.pairs, quadraticKappa, options), spearman: bootstrap(pairs.pairs, spearman, options), bias: meanDifference(pairs.pairs) };
}

/** Reads labels as the scale does: a value on it, or null. */
function reader(scale: Scale, vocabulary: readonly string[]) {
  return scale === 'ordinal'
    ? (label: string): number | null => ordinalValue(label, vocabulary)
    : (label: string): string | null => (vocabulary.includes(label) ? label : null);
}

/**
 * An item's reference label: a ruling where a third person gave one; else from its annotators, the
 * median of their values (ordinal) or their majority (nominal).
 */
function referenceOf(item: LabelledItem, scale: Scale, vocabulary: readonly string[]): number | string | null {
  if (item.ruling) return scale === 'ordinal' ? ordinalValue(item.ruling.answer, vocabulary) : vocabulary.includes(item.ruling.answer) ? item.ruling.answer : null;
  if (scale === 'nominal') {
    const gold = goldAnswer(item.labels);
    return gold !== null && vocabulary.includes(gold) ? gold : null;
  }
  const values = item.labels.map((l) => ordinalValue(l.answer, vocabulary)).filter((v): v is number => v !== null);
  return values.length ? median(values) : null;
}

function pairsOf(scale: Scale, rows: readonly (readonly [number | string | null, number | string | null])[]): Pairs {
  const kept = rows.filter((r): r is [number | string, number | string] => r[0] !== null && r[1] !== null);
  return scale === 'ordinal' ? { kind: 'ordinal', pairs: kept.map(([a, b]) => [Number(a), Number(b)] as const) } : { kind: 'nominal', pairs: kept.map(([a, b]) => [String(a), String(b)]) };
}

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort((a, b) => a.localeCompare(b));

/** The producer's labels against the annotators' and the annotators' against each other (no producer metrics yet). */
export function calibration(items: readonly LabelledItem[], vocabulary: readonly string[], scale: Scale, seed: number): Omit<AnnotationCalibrationView, 'producerMetrics' | 'method'> {
  const read = reader(scale, vocabulary);
  const own = (item: LabelledItem) => read(item.label);
  const versusReference = (subset: readonly LabelledItem[]) => pairsOf(scale, subset.map((i) => [own(i), referenceOf(i, scale, vocabulary)] as const));
  const given = (item: LabelledItem, annotator: string) => {
    const l = item.labels.find((x) => x.annotator === annotator);
    return l ? read(l.answer) : null;
  };
  const annotators = sorted(items.flatMap((i) => i.labels.map((l) => l.annotator)));
  const pairsOfAnnotators = annotators.flatMap((a, k) => annotators.slice(k + 1).map((b) => [a, b] as const));
  return {
    scale,
    overall: agreementOf('all', versusReference(items), seed),
    byModel: sorted(items.map((i) => i.model)).map((m) => agreementOf(m, versusReference(items.filter((i) => i.model === m)), seed)),
    byAnnotator: annotators.map((a) => agreementOf(a, pairsOf(scale, items.map((i) => [own(i), given(i, a)] as const)), seed)),
    annotators: pairsOfAnnotators.map(([a, b]) => agreementOf(`${a} · ${b}`, pairsOf(scale, items.map((i) => [given(i, a), given(i, b)] as const)), seed)),
  };
}

/** A metric's episode values as an estimate: a rate with Wilson's interval, a mean with a t one. */
function estimateOf(metric: MetricSpec, values: readonly number[]): Estimate {
  const n = values.length;
  if (metric.kind === 'rate' && values.every((v) => v === 0 || v === 1)) {
    const w = wilson(values.filter((v) => v === 1).length, n);
    return { value: w.rate, low: w.low, high: w.high, n };
  }
  if (n === 0) return { value: null, low: null, high: null, n };
  // The mean of the values against 0 is their mean; meanDifference gives it with its t interval.
  return meanDifference(values.map((v) => [v, 0] as const));
}

/**
 * The game's producer metrics per producing model (the player of a seat in the annotated role) over
 * every counted, finished and scored episode of the runs: not only the annotated ones.
 */
export function producerMetrics(store: Store, game: Game<unknown>, hooks: AnnotationHooks, runIds: readonly number[]): AnnotationCalibrationView['producerMetrics'] {
  const metrics = (hooks.info.producerMetrics ?? []).map((key) => game.metrics.find((m) => m.key === key)).filter((m): m is MetricSpec => m !== undefined);
  if (!metrics.length) return [];
  const values = new Map<string, Map<string, number[]>>(metrics.map((m) => [m.key, new Map()]));
  for (const runId of runIds) {
    for (const episode of store.episodes.list(runId)) {
      if (episode.status !== 'done' || episode.invalid !== null || !episode.scores) continue;
      const seats = episode.seats.filter((s) => s.role === hooks.target.role);
      for (const m of metrics) {
        const byModel = values.get(m.key)!;
        const found = m.scope === 'seat' ? seats.map((s) => [s.player, episode.seatScores[s.seat]?.[m.key]] as const) : [...new Set(seats.map((s) => s.player))].map((p) => [p, episode.scores![m.key]] as const);
        for (const [player, v] of found) if (v !== undefined) byModel.set(player, [...(byModel.get(player) ?? []), v]);
      }
    }
  }
  return metrics.map((m) => ({
    key: m.key,
    label: m.label,
    kind: m.kind,
    by: sorted(values.get(m.key)!.keys()).map((player) => ({ key: player, ...estimateOf(m, values.get(m.key)!.get(player)!) })),
  }));
}

export function calibrationMethod(scale: Scale, seed: number, producer: string): string {
  const intervals = `95% percentile bootstrap intervals (${BOOTSTRAP.resamples.toLocaleString('en')} resamples of the items, seed ${seed})`;
  return scale === 'ordinal'
    ? `Quadratic-weighted kappa (Cohen 1968) and Spearman's rho with ${intervals}; bias is the mean of the ${producer}'s value minus the reference with a t interval. ` +
        "An item's reference is its annotator's value, or the median of its annotators' values; ambiguous labels are left out."
    : `Cohen's kappa with ${intervals}. An item's reference is its annotators' majority; even splits and ambiguous labels are left out.`;
}

/** The calibration report as one flat table (the `calibration` export): one row per statistic and group. */
export function calibrationRows(view: AnnotationCalibrationView, groups: { model: string }): { statistic: string; group: string; value: string; n: number; estimate: number | null; ci_low: number | null; ci_high: number | null }[] {
  const kappaName = view.scale === 'ordinal' ? 'kappa_quadratic' : 'kappa';
  const row = (statistic: string, group: string, value: string, e: Estimate) => ({ statistic, group, value, n: e.n, estimate: e.value, ci_low: e.low, ci_high: e.high });
  const agreement = (group: string, a: CalibrationAgreementView) => [
    row(kappaName, group, a.key, a.kappa),
    ...(a.spearman ? [row('spearman', group, a.key, a.spearman)] : []),
    ...(a.bias ? [row('bias', group, a.key, a.bias)] : []),
  ];
  return [
    ...agreement('overall', view.overall),
    ...view.byModel.flatMap((a) => agreement(groups.model, a)),
    ...view.byAnnotator.flatMap((a) => agreement('annotator', a)),
    ...view.annotators.flatMap((a) => agreement('annotators', a)),
    ...view.producerMetrics.flatMap((m) => m.by.map((b) => row(m.key, groups.model, b.key, b))),
  ];
}
