import { cohenKappa, fleissKappa, wilson, type Kappa, type Proportion } from '../stats/proportions';
import { percentNumber } from '../../../shared/text/number';
import { stratumText } from '../../../shared/text/words';
import { stratumRates, weightedRate, type StratumRate } from './weighting';

/** One item with the label its event gave and its annotators' labels (skips removed). */
export interface LabelledItem {
  itemId: number;
  episodeId: number;
  /** The event's own label (EDA: the judge's answer). */
  label: string;
  dataset: string;
  model: string;
  /** The instance's first tag (or a stand-in such as "(no category)"). */
  tag: string;
  /** The stratum the item was drawn from (stratified sets; null otherwise). */
  stratum?: string | null;
  /** The annotators' correct labels, or `ambiguous`. */
  labels: { annotator: string; answer: string }[];
  /** A third person's ruling on the item (a correct label or `ambiguous`): its gold label, whatever the votes say. */
  ruling?: { answer: string; adjudicator: string } | null;
}

/** How a rate is estimated: weighted back to the strata's sizes, or the plain share of the judged items. */
export type Weighting = 'stratum-weighted' | 'plain';

/** An error rate as shown: `k`/`n` are always the sample's wrong and judged items; `rate` is weighted when `weighting` says so. */
export interface RateEstimate extends Proportion {
  weighting: Weighting;
  /** The effective sample size behind a weighted interval (null for a plain one: it is `n`). */
  effectiveN: number | null;
}

export interface GroupRate extends RateEstimate {
  key: string;
}

/**
 * How the set was drawn, for weighting: a stratified set's strata with their sizes when drawn
 * (`stored` with the set, or `recounted` from the runs for a set made before sizes were stored), or
 * why the plain rate is the estimate.
 */
export type Design =
  | { kind: 'stratified'; plan: readonly { key: string; population: number; drawn: number }[]; source: 'stored' | 'recounted' }
  | { kind: 'plain'; why: string };

/** A label of the game's vocabulary, `ambiguous`, `tie` (an even split), or null (unlabelled). */
export type Gold = string | null;

export interface AnnotationResults {
  items: number;
  /** Items with a gold label the event's own can be compared with. */
  judged: number;
  ambiguous: number;
  /** Items whose annotators split evenly and nobody ruled on: no gold label. */
  ties: number;
  unlabelled: number;
  /**
   * Only where a ruling decided at least one item (so a set without rulings reads as it always did):
   * how many items a ruling decided, and the wrong share among those of them judged (plain).
   */
  adjudication?: { items: number; rate: Proportion };
  /** The headline rate: stratum-weighted for a stratified set, else plain. */
  overall: RateEstimate;
  /** The plain share of wrong items among the judged ones with Wilson's interval: what the sample itself shows. */
  inSample: Proportion;
  /** A stratified set's strata (empty otherwise). */
  strata: StratumRate[];
  /** Which estimate `overall` and `by` are, and why, in one paragraph. */
  weighting: { method: Weighting; note: string };
  by: { label: GroupRate[]; dataset: GroupRate[]; model: GroupRate[]; tag: GroupRate[] };
  confusion: { produced: string[]; gold: string[]; counts: number[][] };
  agreement: {
    annotators: string[];
    method: 'cohen' | 'fleiss' | null;
    /** Items every annotator labelled. */
    sharedItems: number;
    kappa: Kappa | null;
    note: string;
  };
}

/**
 * The gold label of an item: its annotators' majority (one annotator: their label). An even split
 * is a tie and gives no gold label; such items are counted, not guessed.
 */
export function goldAnswer(labels: LabelledItem['labels']): Gold {
  if (labels.length === 0) return null;
  const votes = new Map<string, number>();
  for (const l of labels) votes.set(l.answer, (votes.get(l.answer) ?? 0) + 1);
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (ranked.length > 1 && ranked[0]![1] === ranked[1]![1]) return 'tie';
  return ranked[0]![0] as Gold;
}

/**
 * The gold label of an item as every result uses it: a standing ruling where a third person gave
 * one (an adjudicated item, tie or not), else its annotators' majority (`tie` on an even split).
 */
export function goldOf(item: LabelledItem): Gold {
  return item.ruling ? item.ruling.answer : goldAnswer(item.labels);
}

/** Keys in natural order: numbers as numbers ("2" before "10": SimulBench's ratings), the rest alphabetically. */
const naturalOrder = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

type Judged = { item: LabelledItem; gold: string; wrong: boolean };

/** A group's rate: weighted over the strata's sizes when the set is stratified, else the plain Wilson interval. */
function estimate(judged: readonly Judged[], inGroup: (x: Judged) => boolean, population: ReadonlyMap<string, number> | null): RateEstimate {
  if (population === null) {
    const mine = judged.filter(inGroup);
    return { ...wilson(mine.filter((x) => x.wrong).length, mine.length), weighting: 'plain', effectiveN: null };
  }
  return { ...weightedRate(judged.map((x) => ({ stratum: x.item.stratum!, inGroup: inGroup(x), wrong: x.wrong })), population), weighting: 'stratum-weighted' };
}

function rates(judged: readonly Judged[], key: (i: LabelledItem) => string, population: ReadonlyMap<string, number> | null): GroupRate[] {
  const keys = [...new Set(judged.map((x) => key(x.item)))].sort(naturalOrder);
  return keys.map((k) => ({ key: k, ...estimate(judged, (x) => key(x.item) === k, population) }));
}

const percent = (x: number) => `${percentNumber(x, 1)}%`;

/** The population sizes to weight by, or null when the plain rate is the estimate (and why, for the note). */
function weightsOf(design: Design, judged: readonly Judged[]): { population: Map<string, number> | null; note: string } {
  if (design.kind === 'plain') return { population: null, note: `Plain rate: ${design.why}` };
  const population = new Map(design.plan.map((s) => [s.key, s.population]));
  const stray = judged.find((x) => x.item.stratum == null || !population.has(x.item.stratum));
  if (stray) return { population: null, note: `Plain rate: item ${stray.item.itemId}'s stratum "${stratumText(stray.item.stratum ?? '')}" is not among the set's strata, so they cannot be weighted.` };
  const unjudged = design.plan.filter((s) => !judged.some((x) => x.item.stratum === s.key));
  const [notDrawn, waiting] = [unjudged.filter((s) => s.drawn === 0).map((s) => stratumText(s.key)), unjudged.filter((s) => s.drawn > 0).map((s) => stratumText(s.key))];
  const k = judged.filter((x) => x.wrong).length;
  return {
    population,
    note:
      'Stratum-weighted: each judged item stands for its stratum\'s events divided by the stratum\'s judged items ' +
      `(stratum sizes ${design.source === 'stored' ? 'as drawn' : 'recounted from the runs today: the set was made before sizes were stored'}), ` +
      "so a stratum drawn more heavily than its share does not count more; 95% Wilson interval with the effective sample size (Korn & Graubard). " +
      `In the sample: ${k}/${judged.length}${judged.length ? ` = ${percent(k / judged.length)}` : ''} wrong, unweighted.` +
      (waiting.length ? ` No judged item yet in ${waiting.join(', ')}: left out of the weights until one is labelled.` : '') +
      (notDrawn.length ? ` Nothing was drawn from ${notDrawn.join(', ')}: the rate says nothing of ${notDrawn.length === 1 ? 'it' : 'them'}.` : ''),
  };
}

function agreement(items: readonly LabelledItem[], goldOrder: readonly string[], vocabulary: string): AnnotationResults['agreement'] {
  const annotators = [...new Set(items.flatMap((i) => i.labels.map((l) => l.annotator)))].sort();
  if (annotators.length < 2) {
    return { annotators, method: null, sharedItems: 0, kappa: null, note: 'Agreement needs at least two annotators on the same items.' };
  }
  const shared = items.filter((i) => annotators.every((a) => i.labels.some((l) => l.annotator === a)));
  const answerOf = (item: LabelledItem, annotator: string) => item.labels.find((l) => l.annotator === annotator)!.answer;
  if (annotators.length === 2) {
    const kappa = cohenKappa(shared.map((i) => [answerOf(i, annotators[0]!), answerOf(i, annotators[1]!)] as const));
    return { annotators, method: 'cohen', sharedItems: shared.length, kappa, note: `Cohen's kappa over the ${vocabulary} both annotators gave (${goldOrder.join('/')}).` };
  }
  const counts = shared.map((i) => goldOrder.map((c) => annotators.filter((a) => answerOf(i, a) === c).length));
  return { annotators, method: 'fleiss', sharedItems: shared.length, kappa: fleissKappa(counts), note: "Fleiss' kappa over the items every annotator labelled." };
}

/**
 * Error rates, confusion and agreement from the labelled items of a set. `vocabulary` lists the
 * labels an annotator can give, in order (EDA: yes, no, maybe, dunno); `labelNoun` names them in notes.
 */
export function annotationResults(items: readonly LabelledItem[], vocabulary: readonly string[], labelNoun: string, design: Design = { kind: 'plain', why: 'every item weighs the same.' }): AnnotationResults {
  const producedOrder = [...vocabulary, 'other'];
  const goldOrder = [...vocabulary, 'ambiguous'];
  const withGold = items.map((item) => ({ item, gold: goldOf(item) }));
  const judged: Judged[] = withGold
    .filter((x): x is { item: LabelledItem; gold: string } => x.gold !== null && x.gold !== 'tie' && x.gold !== 'ambiguous')
    .map((x) => ({ ...x, wrong: x.gold !== x.item.label }));
  const producedOf = (label: string) => (vocabulary.includes(label) ? label : 'other');
  const confusionRows = producedOrder.filter((j) => withGold.some((x) => producedOf(x.item.label) === j));
  const counts = confusionRows.map((j) => goldOrder.map((g) => withGold.filter((x) => producedOf(x.item.label) === j && x.gold === g).length));
  const { population, note } = weightsOf(design, judged);
  return {
    items: items.length,
    judged: judged.length,
    ambiguous: withGold.filter((x) => x.gold === 'ambiguous').length,
    ties: withGold.filter((x) => x.gold === 'tie').length,
    unlabelled: withGold.filter((x) => x.gold === null).length,
    overall: estimate(judged, () => true, population),
    inSample: wilson(judged.filter((x) => x.wrong).length, judged.length),
    strata: design.kind === 'stratified' ? stratumRates(design.plan, judged.map((x) => ({ stratum: x.item.stratum ?? '', wrong: x.wrong }))) : [],
    weighting: { method: population ? 'stratum-weighted' : 'plain', note },
    by: {
      label: rates(judged, (i) => i.label, population),
      dataset: rates(judged, (i) => i.dataset, population),
      model: rates(judged, (i) => i.model, population),
      tag: rates(judged, (i) => i.tag, population),
    },
    confusion: { produced: confusionRows, gold: goldOrder, counts },
    agreement: agreement(items, goldOrder, `${labelNoun}s`),
    ...adjudicationOf(items, judged),
  };
}

function adjudicationOf(items: readonly LabelledItem[], judged: readonly Judged[]): Pick<AnnotationResults, 'adjudication'> {
  const ruled = items.filter((i) => i.ruling).length;
  if (!ruled) return {};
  const decided = judged.filter((x) => x.item.ruling);
  return { adjudication: { items: ruled, rate: wilson(decided.filter((x) => x.wrong).length, decided.length) } };
}

/** The gold label of each judged item (a label of the vocabulary; a ruling where there is one), for recomputing metrics. */
export function corrections(items: readonly LabelledItem[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const item of items) {
    const gold = goldOf(item);
    if (gold !== null && gold !== 'tie' && gold !== 'ambiguous') out.set(item.itemId, gold);
  }
  return out;
}
