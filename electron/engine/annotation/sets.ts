/**
 * Annotation over the store, for any game that allows it: drawing sets of events, the labelling
 * queue, results and export. The game says which events can be annotated, with which labels, and how
 * an annotator reads them (EDA: the judge's answers, yes/no/maybe/dunno, with the dialogue before).
 */
import type { AnnotationItemView, AnnotationPreview, AnnotationResultsView, AnnotationSetSummary, AnnotatorProgress, ExportFile } from '../../../shared/api/views';
import { AnnotationSpecSchema, type AnnotationSpec, type Verdict } from '../../../shared/contract/annotation';
import { describeZodError } from '../../../shared/contract/run';
import type { Game } from '../core/game';
import { UserError } from '../errors';
import { gameById } from '../games/registry';
import { toCsv, toJsonl } from '../io/csv';
import { randomRunSeed } from '../core/seeds';
import type { AnnotationItemRow, AnnotationSetRow, CandidateRow } from '../store/annotations';
import type { RulingRow } from '../store/rulings';
import type { Store } from '../store/store';
import { calibration, calibrationMethod, calibrationRows, producerMetrics } from './calibration';
import { recomputedMetrics } from './effect';
import { annotationResults, type Design, type LabelledItem } from './results';
import { disagreements, withReadableColumns } from './review';
import { wilson } from '../stats/proportions';
import { drawSample, stratumOf, type Candidate, type StratumNames } from './sample';
import { stratumText } from '../../../shared/text/words';
import { annotationOf, type AnnotationHooks } from '../capabilities/annotation/provision';

export class AnnotationError extends UserError {
  override name = 'AnnotationError';
}

function parseSpec(input: unknown): AnnotationSpec {
  const parsed = AnnotationSpecSchema.safeParse(input);
  if (!parsed.success) throw new AnnotationError(describeZodError(parsed.error, 'annotation set'));
  return parsed.data;
}

/** The game of these runs, which must be one, and must allow annotation. */
export function gameOfSpec(store: Store, runIds: readonly number[]): { game: Game<unknown>; hooks: AnnotationHooks } {
  const games = new Set(runIds.map((id) => store.runs.get(id).game));
  if (games.size > 1) throw new AnnotationError(`Runs ${runIds.join(', ')} are of different games (${[...games].join(', ')}); a set holds one game's events.`);
  const game = gameById([...games][0]!);
  const hooks = annotationOf(game);
  if (!hooks) throw new AnnotationError(`${game.title} has nothing to annotate.`);
  return { game, hooks };
}

export function gameOfSet(store: Store, setId: number): { game: Game<unknown>; hooks: AnnotationHooks } {
  const spec = parseSpec(store.annotations.getSet(setId).spec);
  return gameOfSpec(store, spec.runs);
}

const tagKeyOf = (game: Game<unknown>, datasetKind: string, tags: Record<string, string>) => game.view.tagOrder?.[datasetKind]?.[0] ?? Object.keys(tags).sort()[0];

function candidate(game: Game<unknown>, hooks: AnnotationHooks, c: CandidateRow): Candidate {
  const key = tagKeyOf(game, c.datasetKind, c.tags);
  return { eventId: c.eventId, episodeId: c.episodeId, idx: c.idx, dataset: c.dataset, model: c.model, label: c.label, tag: (key && c.tags[key]) || null };
}

const names = (hooks: AnnotationHooks): StratumNames => hooks.info.groups;

function draw(store: Store, input: unknown) {
  const spec = parseSpec(input);
  const { game, hooks } = gameOfSpec(store, spec.runs);
  const seeded = { ...spec, seed: spec.seed ?? randomRunSeed() };
  const candidates = store.annotations
    .candidates(spec.runs, hooks.target, hooks.labelKey)
    .filter((c) => !hooks.target.labelled || c.label !== '')
    .map((c) => candidate(game, hooks, c));
  if (candidates.length === 0) throw new AnnotationError(`Runs ${spec.runs.join(', ')} have no ${hooks.info.itemsNoun} to annotate yet.`);
  return { spec: seeded, hooks, sample: drawSample(candidates, seeded, names(hooks)) };
}

export function previewSet(store: Store, input: unknown): AnnotationPreview {
  const { sample } = draw(store, input);
  return { available: sample.available, size: sample.items.length, strata: sample.strata };
}

export function createSet(store: Store, name: string, input: unknown): AnnotationSetSummary {
  const { spec, sample, hooks } = draw(store, input);
  if (sample.items.length === 0) throw new AnnotationError(`The chosen episodes have no ${hooks.info.itemsNoun} to annotate.`);
  const overlap = spec.overlap === 'all' ? sample.items.length : spec.overlap;
  const plan = spec.method === 'stratified' ? sample.strata : null;
  const setId = store.annotations.createSet(name, spec, sample.items.map((item, i) => ({ ...item, inOverlap: i < overlap })), plan);
  return setSummary(store, store.annotations.getSet(setId));
}

export function setSummary(store: Store, row: AnnotationSetRow): AnnotationSetSummary {
  const spec = row.spec as AnnotationSpec & { seed: number };
  return { id: row.id, name: row.name, createdAt: row.createdAt, method: spec.method, runs: spec.runs, seed: spec.seed, items: row.items, labelledItems: row.labelledItems, annotators: row.annotators, game: store.annotations.gameOf(row.id) };
}

export function progressOf(store: Store, setId: number, annotator: string): AnnotatorProgress {
  const { done, total } = store.annotations.progress(setId, annotator);
  return { done, total, remaining: total - done };
}

/** `events`: the item's episode's events, when the caller has them already. */
export function itemView(store: Store, hooks: AnnotationHooks, row: AnnotationItemRow, events = store.events.list(row.episodeId)): AnnotationItemView {
  const event = events.find((e) => e.id === row.eventId)!;
  const read = hooks.item(event, events);
  return {
    itemId: row.itemId, position: row.position, instance: row.instance, dataset: row.dataset, datasetKind: row.datasetKind, model: row.model,
    episodeId: row.episodeId, round: row.round, prompt: read.prompt, text: event.text ?? '', label: row.label, context: read.context,
    ...(read.answers ? { question: read.question ?? read.prompt, answers: read.answers } : {}),
  };
}

export function queue(store: Store, setId: number, annotator: string, limit: number): { items: AnnotationItemView[]; progress: AnnotatorProgress; info: AnnotationHooks['info'] } {
  const { hooks } = gameOfSet(store, setId);
  const items = store.annotations.queue(setId, annotator, limit).map((id) => itemView(store, hooks, store.annotations.items(setId, hooks.labelKey, id)[0]!));
  return { items, progress: progressOf(store, setId, annotator), info: hooks.info };
}

/**
 * What a verdict means for an item: naming the event's own label counts as accepting it; a label
 * outside the game's vocabulary (EDA: a judge's off-format reply) can only be corrected, never
 * accepted. Used for labels and rulings alike.
 */
export function settleVerdict(hooks: AnnotationHooks, item: AnnotationItemRow, given: Verdict, givenAnswer: string | undefined): { verdict: Verdict; answer: string | null } {
  const vocabulary = hooks.info.labels.map((l) => l.id);
  const noun = hooks.info.labelNoun;
  let verdict = given;
  let answer: string | null = givenAnswer ?? null;
  if (answer !== null && !vocabulary.includes(answer)) throw new AnnotationError(`"${answer}" is not a ${noun} here: use ${vocabulary.join(', ')}.`);
  const own = vocabulary.includes(item.label) ? item.label : null;
  if (verdict === 'wrong' && answer === null) throw new AnnotationError(`Say what the correct ${noun} is (${vocabulary.join(', ')}).`);
  if (verdict === 'wrong' && answer === own) verdict = 'correct';
  if (verdict === 'correct') {
    if (own === null) throw new AnnotationError(`The ${hooks.info.producer}'s reply is not a ${noun}; give the correct one instead.`);
    answer = own;
  }
  if (verdict === 'ambiguous' || verdict === 'skip') answer = null;
  return { verdict, answer };
}

/** The item of a set, or one line saying it is not in it. */
export function itemOf(store: Store, hooks: AnnotationHooks, setId: number, itemId: number): AnnotationItemRow {
  const [item] = store.annotations.items(setId, hooks.labelKey, itemId);
  if (!item) throw new AnnotationError(`Item ${itemId} is not in annotation set ${setId}.`);
  return item;
}

/** Stores a label, beside the annotator's earlier ones of the item (their history); a name never seen before becomes an annotator. */
export function label(store: Store, input: { setId: number; itemId: number; annotator: string; verdict: Verdict; answer?: string; note?: string }): AnnotatorProgress {
  store.annotators.checkActing(input.annotator);
  const { hooks } = gameOfSet(store, input.setId);
  const item = itemOf(store, hooks, input.setId, input.itemId);
  const { verdict, answer } = settleVerdict(hooks, item, input.verdict, input.answer);
  store.transaction(() => {
    const annotatorId = store.annotators.ensure(input.annotator).id;
    store.annotations.label({ itemId: input.itemId, annotatorId, verdict, answer, note: input.note?.trim() || null });
  });
  return progressOf(store, input.setId, input.annotator);
}

export function undo(store: Store, setId: number, annotator: string): { item: AnnotationItemView | null; progress: AnnotatorProgress } {
  store.annotators.checkActing(annotator);
  const { hooks } = gameOfSet(store, setId);
  const itemId = store.annotations.undo(setId, annotator);
  const row = itemId === null ? undefined : store.annotations.items(setId, hooks.labelKey, itemId)[0];
  return { item: row ? itemView(store, hooks, row) : null, progress: progressOf(store, setId, annotator) };
}

/** Each item of a set with its annotators' standing labels (skips aside) and its ruling, if any. */
export function labelledItems(store: Store, game: Game<unknown>, hooks: AnnotationHooks, setId: number): { items: LabelledItem[]; rows: AnnotationItemRow[] } {
  const labels = store.annotations.labels(setId).filter((l) => l.verdict !== 'skip');
  const rulings = store.rulings.standing(setId);
  const rows = store.annotations.items(setId, hooks.labelKey);
  const items = rows.map((row) => ({
    itemId: row.itemId,
    episodeId: row.episodeId,
    label: row.label,
    dataset: row.dataset,
    model: row.model,
    tag: candidate(game, hooks, row).tag ?? `(no ${hooks.info.groups.tag})`,
    stratum: row.stratum,
    labels: labels.filter((l) => l.itemId === row.itemId).map((l) => ({ annotator: l.annotator, answer: l.verdict === 'ambiguous' ? 'ambiguous' : l.answer! })),
    ruling: rulingOf(rulings.get(row.itemId)),
  }));
  return { items, rows };
}

const rulingOf = (r: RulingRow | undefined) => (r ? { answer: r.verdict === 'ambiguous' ? 'ambiguous' : r.answer!, adjudicator: r.adjudicator } : null);

/**
 * How a set was drawn, for weighting its rates: a stratified set's strata with the events each held
 * when drawn (kept with the set; for a set made before that, recounted from its runs, which gives the
 * same sizes once the runs have finished); a plain rate for the other methods.
 */
function designOf(store: Store, game: Game<unknown>, hooks: AnnotationHooks, setId: number): Design {
  const row = store.annotations.getSet(setId);
  const spec = parseSpec(row.spec);
  if (spec.method === 'random') return { kind: 'plain', why: 'a simple random sample, in which every item weighs the same.' };
  if (spec.method === 'episodes') return { kind: 'plain', why: `every ${hooks.info.itemNoun} of the chosen episodes, not a sample of the runs.` };
  const drawn = new Map<string, number>();
  for (const item of store.annotations.items(setId, hooks.labelKey)) if (item.stratum !== null) drawn.set(item.stratum, (drawn.get(item.stratum) ?? 0) + 1);
  if (row.plan) return { kind: 'stratified', source: 'stored', plan: row.plan.map((s) => ({ key: s.key, population: s.available, drawn: drawn.get(s.key) ?? 0 })) };
  const sizes = new Map<string, number>();
  for (const c of store.annotations.candidates(spec.runs, hooks.target, hooks.labelKey)) {
    if (hooks.target.labelled && c.label === '') continue;
    const key = stratumOf(candidate(game, hooks, c), spec.strata!, names(hooks));
    sizes.set(key, (sizes.get(key) ?? 0) + 1);
  }
  const short = [...drawn].find(([key, n]) => (sizes.get(key) ?? 0) < n);
  if (short) return { kind: 'plain', why: `the set predates kept stratum sizes and its runs now hold fewer events of stratum "${stratumText(short[0])}" than it drew (${short[1]}), so the strata cannot be weighted.` };
  return { kind: 'stratified', source: 'recounted', plan: [...sizes.keys()].sort().map((key) => ({ key, population: sizes.get(key)!, drawn: drawn.get(key) ?? 0 })) };
}

export function results(store: Store, setId: number): AnnotationResultsView {
  const set = setSummary(store, store.annotations.getSet(setId));
  const { game, hooks } = gameOfSet(store, setId);
  const { items, rows } = labelledItems(store, game, hooks, setId);
  const vocabulary = hooks.info.labels.map((l) => l.id);
  const base = annotationResults(items, vocabulary, hooks.info.labelNoun, designOf(store, game, hooks, setId));
  const places = rows.map((r) => ({ itemId: r.itemId, position: r.position, round: r.round, instance: r.instance }));
  const view: AnnotationResultsView = { set, info: hooks.info, ...base, scoreEffect: recomputedMetrics(store, game, hooks, items, rows), disagreements: disagreements(items, places) };
  const scale = hooks.info.scale;
  if (!scale) return view;
  const report = calibration(items, vocabulary, scale, set.seed);
  return { ...view, calibration: { ...report, producerMetrics: producerMetrics(store, game, hooks, set.runs), method: calibrationMethod(scale, set.seed, hooks.info.producer) } };
}

/**
 * The results as one flat table: overall, then each breakdown, then a stratified set's strata (what
 * `--csv` and the UI export write). `rate` and its interval are the estimate (`estimate` says which:
 * stratum-weighted or plain); `errors`/`n` and `sample_rate` are the sample's own counts; a stratum's
 * row gives its events as drawn (`population`) and its judged items' plain rate. A set with rulings
 * ends with an `adjudicated` row: the plain rate among the items a ruling decided.
 */
export function resultRows(view: AnnotationResultsView): { group: string; value: string; errors: number; n: number; rate: number | null; ci_low: number | null; ci_high: number | null; estimate: string; effective_n: number | null; sample_rate: number | null; population: number | null }[] {
  const row = (group: string, value: string, r: { k: number; n: number; rate: number | null; low: number | null; high: number | null; weighting: string; effectiveN: number | null }, population: number | null = null) => ({
    group, value, errors: r.k, n: r.n, rate: r.rate, ci_low: r.low, ci_high: r.high, estimate: r.weighting, effective_n: r.effectiveN, sample_rate: r.n ? r.k / r.n : null, population,
  });
  const groups = view.info.groups;
  return [
    row('overall', 'all', view.overall),
    ...view.by.label.map((r) => row(groups.label, r.key, r)),
    ...view.by.dataset.map((r) => row('dataset', r.key, r)),
    ...view.by.model.map((r) => row(groups.model, r.key, r)),
    ...view.by.tag.map((r) => row(groups.tag, r.key, r)),
    ...view.strata.map((s) => row('stratum', stratumText(s.key), { ...wilson(s.wrong, s.judged), weighting: 'plain', effectiveN: null }, s.population)),
    // Only with rulings, so a set without any exports what it did before adjudication existed.
    ...(view.adjudication ? [row('adjudicated', 'all', { ...view.adjudication.rate, weighting: 'plain', effectiveN: null })] : []),
  ];
}

/**
 * A set as a file. The labels CSV has readable headers ("Episode", "Annotator", "Verdict") unless
 * `headers: 'keys'` asks for the machine names version 5 wrote (`episode_id`), which JSONL always uses.
 * Each annotator's standing label is a row; a set with rulings adds each item's ruling and its
 * adjudicator to its rows (a set without any keeps the columns it had).
 */
export function exportSet(store: Store, setId: number, what: 'labels' | 'results' | 'calibration', format: 'csv' | 'jsonl', headers: 'readable' | 'keys' = 'readable'): ExportFile {
  const set = store.annotations.getSet(setId);
  const slug = set.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || `set-${setId}`;
  let rows: Record<string, unknown>[];
  if (what === 'results') {
    rows = resultRows(results(store, setId));
  } else if (what === 'calibration') {
    const view = results(store, setId);
    if (!view.calibration) throw new AnnotationError(`${gameOfSet(store, setId).game.title} declares no scale for its labels: set ${setId} has no calibration report.`);
    rows = calibrationRows(view.calibration, view.info.groups);
  } else {
    const { game, hooks } = gameOfSet(store, setId);
    const items = new Map(store.annotations.items(setId, hooks.labelKey).map((r) => [r.itemId, r]));
    const read = new Map<number, AnnotationItemView>();
    const { groups, columns } = hooks.info;
    const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const rulings = store.rulings.standing(setId);
    rows = store.annotations.labels(setId).map((l) => {
      const item = items.get(l.itemId)!;
      const view = read.get(item.itemId) ?? itemView(store, hooks, item);
      read.set(item.itemId, view);
      return {
        set_id: setId,
        item_id: l.itemId,
        position: item.position,
        run_id: item.runId,
        episode_id: item.episodeId,
        turn: item.round,
        [game.view.nouns.instance]: item.instance,
        dataset: item.dataset,
        [snake(groups.model)]: item.model,
        [columns.prompt]: view.prompt,
        [columns.text]: view.text,
        [snake(groups.label)]: item.label,
        annotator: l.annotator,
        verdict: l.verdict,
        [`correct_${hooks.info.labelNoun}`]: l.answer ?? '',
        note: l.note ?? '',
        labelled_at: l.labelledAt,
        ...(rulings.size ? { ruling: rulingOf(rulings.get(l.itemId))?.answer ?? '', adjudicator: rulings.get(l.itemId)?.adjudicator ?? '' } : {}),
      };
    });
    if (format === 'csv' && headers === 'readable') rows = withReadableColumns(rows);
  }
  return {
    filename: `${slug}-${what}.${format}`,
    mime: format === 'csv' ? 'text/csv' : 'application/x-ndjson',
    content: format === 'csv' ? toCsv(rows) : toJsonl(rows),
  };
}
