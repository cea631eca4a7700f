import type { AnnotationItemView, AnnotationPreview, AnnotationResultsView, AnnotationSetSummary, AnnotatorProgress, ExportFile } from '../../../shared/api/contract';
import { AnnotationSpecSchema, AnswerSchema, type Answer, type AnnotationSpec, type Verdict } from '../../../shared/contract/annotation';
import { describeZodError } from '../../../shared/contract/run';
import { toCsv, toJsonl } from '../io/export';
import { RunConfigError } from '../runner/prepare';
import { randomRunSeed } from '../runner/seeds';
import type { AnnotationItemRow, AnnotationSetRow, Store } from '../store/store';
import { annotationResults, type LabelledItem } from './results';
import { drawSample } from './sample';

/** Judge-error annotation over the store: drawing sets, the labelling queue, results and export. */

export class AnnotationError extends RunConfigError {
  override name = 'AnnotationError';
}

function parseSpec(input: unknown): AnnotationSpec {
  const parsed = AnnotationSpecSchema.safeParse(input);
  if (!parsed.success) throw new AnnotationError(describeZodError(parsed.error, 'annotation set'));
  return parsed.data;
}

function draw(store: Store, input: unknown) {
  const spec = parseSpec(input);
  for (const runId of spec.runs) store.getRun(runId);
  const seeded = { ...spec, seed: spec.seed ?? randomRunSeed() };
  const candidates = store.judgeTurns(spec.runs);
  if (candidates.length === 0) throw new AnnotationError(`Runs ${spec.runs.join(', ')} have no judge answers to annotate yet.`);
  return { spec: seeded, sample: drawSample(candidates, seeded) };
}

export function previewSet(store: Store, input: unknown): AnnotationPreview {
  const { sample } = draw(store, input);
  return { available: sample.available, size: sample.items.length, strata: sample.strata };
}

export function createSet(store: Store, name: string, input: unknown): AnnotationSetSummary {
  const { spec, sample } = draw(store, input);
  if (sample.items.length === 0) throw new AnnotationError('The chosen episodes have no judge answers to annotate.');
  const overlap = spec.overlap === 'all' ? sample.items.length : spec.overlap;
  const setId = store.createAnnotationSet(name, spec, sample.items.map((item, i) => ({ ...item, inOverlap: i < overlap })));
  return setSummary(store.getAnnotationSet(setId));
}

export function setSummary(row: AnnotationSetRow): AnnotationSetSummary {
  const spec = row.spec as AnnotationSpec & { seed: number };
  return { id: row.id, name: row.name, createdAt: row.createdAt, method: spec.method, runs: spec.runs, seed: spec.seed, items: row.items, labelledItems: row.labelledItems, annotators: row.annotators };
}

export function progressOf(store: Store, setId: number, annotator: string): AnnotatorProgress {
  const { done, total } = store.annotatorProgress(setId, annotator);
  return { done, total, remaining: total - done };
}

function itemView(store: Store, row: AnnotationItemRow): AnnotationItemView {
  const before = store.getTurns(row.episodeId).filter((t) => t.idx < row.idx);
  return {
    itemId: row.itemId,
    position: row.position,
    entity: row.entity,
    dataset: row.dataset,
    datasetKind: row.datasetKind,
    judgeModel: row.judgeModel,
    episodeId: row.episodeId,
    turn: row.idx,
    question: row.question,
    judgeRaw: row.judgeRaw,
    judgeLabel: row.judgeLabel,
    context: before.map((t) => ({ turn: t.idx, question: t.guesserSent, answer: t.judgeReply, label: t.judgeLabel })),
  };
}

export function queue(store: Store, setId: number, annotator: string, limit: number): { items: AnnotationItemView[]; progress: AnnotatorProgress } {
  store.getAnnotationSet(setId);
  const items = store.annotationQueue(setId, annotator, limit).map((id) => itemView(store, store.annotationItems(setId, id)[0]!));
  return { items, progress: progressOf(store, setId, annotator) };
}

/**
 * Stores a label. Naming the judge's own answer counts as accepting it; the judge's off-format replies
 * can only be corrected, never accepted.
 */
export function label(
  store: Store,
  input: { setId: number; itemId: number; annotator: string; verdict: Verdict; answer?: Answer; note?: string },
): AnnotatorProgress {
  const [item] = store.annotationItems(input.setId, input.itemId);
  if (!item) throw new AnnotationError(`Item ${input.itemId} is not in annotation set ${input.setId}.`);
  let { verdict } = input;
  let answer: Answer | null = input.answer ?? null;
  const parsedAnswer = AnswerSchema.safeParse(item.judgeLabel);
  const judgeAnswer: Answer | null = parsedAnswer.success ? parsedAnswer.data : null;
  if (verdict === 'wrong' && answer === null) throw new AnnotationError('Say what the correct answer is (yes, no, maybe or dunno).');
  if (verdict === 'wrong' && answer === judgeAnswer) verdict = 'correct';
  if (verdict === 'correct') {
    if (judgeAnswer === null) throw new AnnotationError(`The judge's reply "${item.judgeRaw}" is not an answer; give the correct one instead.`);
    answer = judgeAnswer;
  }
  if (verdict === 'ambiguous' || verdict === 'skip') answer = null;
  store.labelItem({ itemId: input.itemId, annotator: input.annotator, verdict, answer, note: input.note?.trim() || null });
  return progressOf(store, input.setId, input.annotator);
}

export function undo(store: Store, setId: number, annotator: string): { item: AnnotationItemView | null; progress: AnnotatorProgress } {
  store.getAnnotationSet(setId);
  const itemId = store.undoLabel(setId, annotator);
  const row = itemId === null ? undefined : store.annotationItems(setId, itemId)[0];
  return { item: row ? itemView(store, row) : null, progress: progressOf(store, setId, annotator) };
}

function labelledItems(store: Store, setId: number): LabelledItem[] {
  const labels = store.annotationLabels(setId).filter((l) => l.verdict !== 'skip');
  return store.annotationItems(setId).map((row) => ({
    itemId: row.itemId,
    episodeId: row.episodeId,
    judgeLabel: row.judgeLabel,
    dataset: row.dataset,
    judgeModel: row.judgeModel,
    category: row.category,
    episodeYes: row.episodeYes,
    labels: labels.filter((l) => l.itemId === row.itemId).map((l) => ({ annotator: l.annotator, answer: l.verdict === 'ambiguous' ? 'ambiguous' : l.answer! })),
  }));
}

export function results(store: Store, setId: number): AnnotationResultsView {
  const set = setSummary(store.getAnnotationSet(setId));
  return { set, ...annotationResults(labelledItems(store, setId)) };
}

/** The results as one flat table: overall, then each breakdown (what `--csv` and the UI export write). */
export function resultRows(view: AnnotationResultsView): { group: string; value: string; errors: number; n: number; rate: number | null; ci_low: number | null; ci_high: number | null }[] {
  const row = (group: string, value: string, r: { k: number; n: number; rate: number | null; low: number | null; high: number | null }) => ({ group, value, errors: r.k, n: r.n, rate: r.rate, ci_low: r.low, ci_high: r.high });
  return [
    row('overall', 'all', view.overall),
    ...(['judgeLabel', 'dataset', 'judgeModel', 'category'] as const).flatMap((g) => view.by[g].map((r) => row(g, r.key, r))),
  ];
}

export function exportSet(store: Store, setId: number, what: 'labels' | 'results', format: 'csv' | 'jsonl'): ExportFile {
  const set = store.getAnnotationSet(setId);
  const slug = set.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || `set-${setId}`;
  let rows: object[];
  if (what === 'results') {
    rows = resultRows(results(store, setId));
  } else {
    const items = new Map(store.annotationItems(setId).map((r) => [r.itemId, r]));
    rows = store.annotationLabels(setId).map((l) => {
      const item = items.get(l.itemId)!;
      return {
        set_id: setId,
        item_id: l.itemId,
        position: item.position,
        run_id: item.runId,
        episode_id: item.episodeId,
        turn: item.idx,
        entity: item.entity,
        dataset: item.dataset,
        judge_model: item.judgeModel,
        question: item.question,
        judge_raw: item.judgeRaw,
        judge_label: item.judgeLabel,
        annotator: l.annotator,
        verdict: l.verdict,
        correct_answer: l.answer ?? '',
        note: l.note ?? '',
        labelled_at: l.labelledAt,
      };
    });
  }
  return {
    filename: `${slug}-${what}.${format}`,
    mime: format === 'csv' ? 'text/csv' : 'application/x-ndjson',
    content: format === 'csv' ? toCsv(rows) : toJsonl(rows),
  };
}
