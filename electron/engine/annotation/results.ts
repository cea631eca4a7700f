import type { Answer } from '../../../shared/contract/annotation';
import { cohenKappa, fleissKappa, wilson, type Kappa, type Proportion } from './stats';

/** One item with the judge's answer and its annotators' labels (skips removed). */
export interface LabelledItem {
  itemId: number;
  episodeId: number;
  judgeLabel: string;
  dataset: string;
  judgeModel: string;
  category: string | null;
  episodeYes: number | null;
  labels: { annotator: string; answer: Answer | 'ambiguous' }[];
}

export interface GroupRate extends Proportion {
  key: string;
}

export type Gold = Answer | 'ambiguous' | 'tie' | null;

export interface AnnotationResults {
  items: number;
  /** Items with a gold answer the judge can be compared with. */
  judged: number;
  ambiguous: number;
  /** Items whose annotators split evenly: no gold answer. */
  ties: number;
  unlabelled: number;
  overall: Proportion;
  by: { judgeLabel: GroupRate[]; dataset: GroupRate[]; judgeModel: GroupRate[]; category: GroupRate[] };
  confusion: { judge: string[]; gold: string[]; counts: number[][] };
  agreement: {
    annotators: string[];
    method: 'cohen' | 'fleiss' | null;
    /** Items every annotator labelled. */
    sharedItems: number;
    kappa: Kappa | null;
    note: string;
  };
  scoreEffect: { episodes: number; changedTurns: number; yesAsPlayed: number | null; yesCorrected: number | null; note: string };
}

const JUDGE_ORDER = ['yes', 'no', 'maybe', 'dunno', 'other'];
const GOLD_ORDER = ['yes', 'no', 'maybe', 'dunno', 'ambiguous'];

/**
 * The gold answer of an item: its annotators' majority (one annotator: their answer). An even split
 * is a tie and gives no gold answer; such items are counted, not guessed.
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

function agreement(items: readonly LabelledItem[]): AnnotationResults['agreement'] {
  const annotators = [...new Set(items.flatMap((i) => i.labels.map((l) => l.annotator)))].sort();
  if (annotators.length < 2) {
    return { annotators, method: null, sharedItems: 0, kappa: null, note: 'Agreement needs at least two annotators on the same items.' };
  }
  const shared = items.filter((i) => annotators.every((a) => i.labels.some((l) => l.annotator === a)));
  const answerOf = (item: LabelledItem, annotator: string) => item.labels.find((l) => l.annotator === annotator)!.answer;
  if (annotators.length === 2) {
    const kappa = cohenKappa(shared.map((i) => [answerOf(i, annotators[0]!), answerOf(i, annotators[1]!)] as const));
    return { annotators, method: 'cohen', sharedItems: shared.length, kappa, note: "Cohen's kappa over the answers both annotators gave (yes/no/maybe/dunno/ambiguous)." };
  }
  const counts = shared.map((i) => GOLD_ORDER.map((c) => annotators.filter((a) => answerOf(i, a) === c).length));
  return { annotators, method: 'fleiss', sharedItems: shared.length, kappa: fleissKappa(counts), note: "Fleiss' kappa over the items every annotator labelled." };
}

/** Error rates, confusion, agreement and the effect on #Yes, from the labelled items of a set. */
export function annotationResults(items: readonly LabelledItem[]): AnnotationResults {
  const withGold = items.map((item) => ({ item, gold: goldAnswer(item.labels) }));
  const judged = withGold.filter((x): x is { item: LabelledItem; gold: Answer } => x.gold !== null && x.gold !== 'tie' && x.gold !== 'ambiguous');
  const wrong = (x: { item: LabelledItem; gold: Answer }) => x.gold !== x.item.judgeLabel;
  const entries = (key: (i: LabelledItem) => string) => judged.map((x) => ({ key: key(x.item), wrong: wrong(x) }));

  const confusionRows = JUDGE_ORDER.filter((j) => withGold.some((x) => x.item.judgeLabel === j));
  const counts = confusionRows.map((j) => GOLD_ORDER.map((g) => withGold.filter((x) => x.item.judgeLabel === j && x.gold === g).length));

  // #Yes can be corrected turn by turn; whether the game would have gone on the same way cannot.
  const byEpisode = new Map<number, { yes: number; delta: number; changed: number }>();
  for (const x of judged) {
    if (x.item.episodeYes === null) continue;
    const e = byEpisode.get(x.item.episodeId) ?? { yes: x.item.episodeYes, delta: 0, changed: 0 };
    const judgeYes = x.item.judgeLabel === 'yes';
    const goldYes = x.gold === 'yes';
    if (judgeYes !== goldYes) {
      e.delta += goldYes ? 1 : -1;
      e.changed++;
    }
    byEpisode.set(x.item.episodeId, e);
  }
  const episodes = [...byEpisode.values()];
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);

  return {
    items: items.length,
    judged: judged.length,
    ambiguous: withGold.filter((x) => x.gold === 'ambiguous').length,
    ties: withGold.filter((x) => x.gold === 'tie').length,
    unlabelled: withGold.filter((x) => x.gold === null).length,
    overall: wilson(judged.filter(wrong).length, judged.length),
    by: {
      judgeLabel: rates(entries((i) => i.judgeLabel)),
      dataset: rates(entries((i) => i.dataset)),
      judgeModel: rates(entries((i) => i.judgeModel)),
      category: rates(entries((i) => i.category ?? '(no category)')),
    },
    confusion: { judge: confusionRows, gold: GOLD_ORDER, counts },
    agreement: agreement(items),
    scoreEffect: {
      episodes: episodes.length,
      changedTurns: episodes.reduce((a, e) => a + e.changed, 0),
      yesAsPlayed: mean(episodes.map((e) => e.yes)),
      yesCorrected: mean(episodes.map((e) => e.yes + e.delta)),
      note:
        '#Yes is recomputed with the corrected answers of the annotated turns only. #Turns, Success and Score cannot be: ' +
        'with another answer the guesser would have asked other questions, so the rest of the game is unknown.',
    },
  };
}
