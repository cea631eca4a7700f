import { cohenKappa, fleissKappa, wilson, type Kappa, type Proportion } from './stats';

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
  /** The annotators' correct labels, or `ambiguous`. */
  labels: { annotator: string; answer: string }[];
}

export interface GroupRate extends Proportion {
  key: string;
}

/** A label of the game's vocabulary, `ambiguous`, `tie` (an even split), or null (unlabelled). */
export type Gold = string | null;

export interface AnnotationResults {
  items: number;
  /** Items with a gold label the event's own can be compared with. */
  judged: number;
  ambiguous: number;
  /** Items whose annotators split evenly: no gold label. */
  ties: number;
  unlabelled: number;
  overall: Proportion;
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

function rates(items: readonly { key: string; wrong: boolean }[]): GroupRate[] {
  const groups = new Map<string, { k: number; n: number }>();
  for (const item of items) {
    const g = groups.get(item.key) ?? { k: 0, n: 0 };
    g.n++;
    if (item.wrong) g.k++;
    groups.set(item.key, g);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, g]) => ({ key, ...wilson(g.k, g.n) }));
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
export function annotationResults(items: readonly LabelledItem[], vocabulary: readonly string[], labelNoun: string): AnnotationResults {
  const producedOrder = [...vocabulary, 'other'];
  const goldOrder = [...vocabulary, 'ambiguous'];
  const withGold = items.map((item) => ({ item, gold: goldAnswer(item.labels) }));
  const judged = withGold.filter((x): x is { item: LabelledItem; gold: string } => x.gold !== null && x.gold !== 'tie' && x.gold !== 'ambiguous');
  const wrong = (x: { item: LabelledItem; gold: string }) => x.gold !== x.item.label;
  const entries = (key: (i: LabelledItem) => string) => judged.map((x) => ({ key: key(x.item), wrong: wrong(x) }));
  const producedOf = (label: string) => (vocabulary.includes(label) ? label : 'other');
  const confusionRows = producedOrder.filter((j) => withGold.some((x) => producedOf(x.item.label) === j));
  const counts = confusionRows.map((j) => goldOrder.map((g) => withGold.filter((x) => producedOf(x.item.label) === j && x.gold === g).length));
  return {
    items: items.length,
    judged: judged.length,
    ambiguous: withGold.filter((x) => x.gold === 'ambiguous').length,
    ties: withGold.filter((x) => x.gold === 'tie').length,
    unlabelled: withGold.filter((x) => x.gold === null).length,
    overall: wilson(judged.filter(wrong).length, judged.length),
    by: {
      label: rates(entries((i) => i.label)),
      dataset: rates(entries((i) => i.dataset)),
      model: rates(entries((i) => i.model)),
      tag: rates(entries((i) => i.tag)),
    },
    confusion: { produced: confusionRows, gold: goldOrder, counts },
    agreement: agreement(items, goldOrder, `${labelNoun}s`),
  };
}

/** The gold label of each judged item (a label of the vocabulary), for recomputing metrics. */
export function corrections(items: readonly LabelledItem[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const item of items) {
    const gold = goldAnswer(item.labels);
    if (gold !== null && gold !== 'tie' && gold !== 'ambiguous') out.set(item.itemId, gold);
  }
  return out;
}
