import { z } from 'zod';
import { AnnotationSpecSchema, VerdictSchema } from '../contract/annotation';
import type { RunEvent } from '../contract/events';
import { DEFAULT_GAME } from '../contract/default-game';
import { ExploreFiltersSchema } from '../contract/explore';
import { plainText } from '../contract/plain-text';
import { PriceInputSchema, PricedModelSchema } from '../contract/prices';
import { RunNoteSchema, RunTagSchema } from '../contract/run';
import { HtmlReportInputSchema } from '../contract/report';
import type * as V from './views';
import type * as R from './runs-views';
import type { AnnotationApplyView, AnnotationMineView, AnnotatorProgressRow } from './annotation-views';
import { ADJUDICATION_INPUTS, type AdjudicationOutputs } from './adjudication-contract';
import { MERGE_INPUTS, type MergeOutputs } from './merge-contract';
import type { PriceTableView } from './models-views';
import type { TranscriptSearchResult } from './transcript-views';
import { CAPABILITY_INPUTS, type CapabilityOutputs, type CapabilityUiEvent } from './capabilities';
import { Annotator, Id, NewModel } from './input-parts';

/**
 * The one API between the UI and the engine. Every method names its input schema (checked at runtime
 * by the engine, whatever door the call came through: IPC or loopback HTTP) and its result type.
 */

const Empty = z.object({}).strict();
const KeyName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name such as OPENAI_API_KEY');
const GameId = z.string().min(1).default(DEFAULT_GAME);

export const API_INPUTS = {
  'app.info': Empty,
  'games.list': Empty,
  'games.broken': Empty,
  'runs.list': Empty,
  'runs.get': z.object({ runId: Id }).strict(),
  /** `config` is validated by the engine's own run-config schema and the game, with their detailed messages. */
  'runs.estimate': z.object({ config: z.unknown() }).strict(),
  'runs.start': z.object({ config: z.unknown() }).strict(),
  'runs.cancel': z.object({ runId: Id }).strict(),
  'runs.resume': z.object({ runId: Id }).strict(),
  'runs.retryErrors': z.object({ runId: Id }).strict(),
  'episodes.list': z.object({ runId: Id, search: z.string().max(200).optional() }).strict(),
  'episodes.transcript': z.object({ episodeId: Id }).strict(),
  'episodes.exportBundle': z.object({ episodeId: Id }).strict(),
  /** Every run's transcripts: episodes where a player's words contain the query (case-insensitive for ASCII). */
  'episodes.search': z
    .object({
      query: z.string().trim().min(1, 'Type a word or phrase to search for: the search is empty.').max(200, 'Keep the search under 200 characters.'),
      limit: z.number().int().min(1).max(500).optional(),
    })
    .strict(),
  'calls.get': z.object({ callId: Id }).strict(),
  'media.get': z.object({ ref: z.string().regex(/^media:[0-9a-f]{64}$/, 'must be a media:<sha256> reference') }).strict(),
  'models.list': Empty,
  'models.save': z
    .object({
      id: Id.optional(),
      name: plainText(z.string().trim().min(1, 'name is empty').max(100), 'a name'),
      config: NewModel,
      /** A key typed into the UI: stored encrypted (desktop) or for this session (browser), never in SQLite. */
      apiKey: z.string().min(1).max(1000).optional(),
    })
    .strict(),
  'models.remove': z.object({ id: Id }).strict(),
  'models.test': z.object({ id: Id }).strict(),
  'keys.remove': z.object({ name: KeyName }).strict(),
  /** Forgets the key typed for one saved model; the others keep theirs. */
  'models.forgetKey': z.object({ id: Id }).strict(),
  'prices.list': Empty,
  /** Adds or changes the price of a model, USD per million input/output tokens. */
  'prices.set': PriceInputSchema,
  'prices.remove': PricedModelSchema,
  'datasets.list': z.object({ game: z.string().min(1).optional() }).strict(),
  'datasets.instances': z.object({ game: GameId, name: z.string().min(1), subset: z.string().min(1) }).strict(),
  /** Suspicious entries of a dataset: every subset, or the one named. */
  'datasets.audit': z.object({ game: z.string().min(1).max(100), name: z.string().min(1).max(200), subset: z.string().min(1).max(100).optional() }).strict(),
  /** A game's fixed subsets (its own, then users'), with the instances each holds. */
  'subsets.list': z.object({ game: GameId }).strict(),
  /** Draws and stores a user's fixed subset: `size` instances of the split, by `seed`. */
  'subsets.create': z
    .object({
      game: GameId,
      name: plainText(z.string().trim().min(1, 'name the subset').max(64), 'a subset name'),
      dataset: z.string().min(1),
      subset: z.string().min(1),
      size: z.number().int().min(1).max(100_000),
      seed: z.number().int().min(0).max(2 ** 31 - 1),
      note: plainText(z.string().trim().max(300), 'a note', 'lines').optional(),
    })
    .strict(),
  'subsets.remove': z.object({ name: z.string().min(1).max(64) }).strict(),
  'annotations.preview': z.object({ spec: z.unknown() }).strict(),
  'annotations.create': z.object({ name: plainText(z.string().trim().min(1, 'name the set').max(200), 'a name'), spec: AnnotationSpecSchema }).strict(),
  'annotations.list': Empty,
  'annotations.get': z.object({ setId: Id }).strict(),
  'annotations.queue': z.object({ setId: Id, annotator: Annotator, limit: z.number().int().min(1).max(500).default(50) }).strict(),
  'annotations.label': z
    .object({ setId: Id, itemId: Id, annotator: Annotator, verdict: VerdictSchema, answer: z.string().min(1).max(40).optional(), note: plainText(z.string().max(2000), 'a note', 'lines').optional() })
    .strict(),
  'annotations.undo': z.object({ setId: Id, annotator: Annotator }).strict(),
  'annotations.results': z.object({ setId: Id }).strict(),
  'annotations.export': z.object({ setId: Id, what: z.enum(['labels', 'results', 'calibration']), format: z.enum(['csv', 'jsonl']) }).strict(),
  /** Carries the set's accepted labels into the game's rules and rescores its runs; `dryRun` only says what would change. */
  'annotations.apply': z.object({ setId: Id, dryRun: z.boolean().default(false) }).strict(),
  /** The annotator's standing labels, newest first, each with its item to reopen (relabelling it with `annotations.label` adds a label that replaces it; the old one stays in the history). */
  'annotations.mine': z.object({ setId: Id, annotator: Annotator }).strict(),
  /** Every annotator's done/total in the set; `annotator` is listed even before their first label. */
  'annotations.progress': z.object({ setId: Id, annotator: Annotator.optional() }).strict(),
  ...ADJUDICATION_INPUTS,
  ...MERGE_INPUTS,
  ...CAPABILITY_INPUTS,
  'human.start': z
    .object({
      game: GameId,
      handle: plainText(z.string().trim().min(1, 'choose a name or handle').max(40), 'a handle'),
      dataset: z.string().min(1),
      subset: z.string().min(1),
      /** The seat the person takes, or a role (its first seat); the game's first seat a person may take by default. */
      seat: z.string().min(1).optional(),
      /** A saved model for every other role. */
      models: z.record(z.string(), Id),
      hintModelId: Id.optional(),
      /** Play only the instances of this fixed subset (EDA: things-30). */
      fixed: z.string().min(1).max(64).optional(),
    })
    .strict(),
  'human.state': z.object({ episodeId: Id }).strict(),
  'human.say': z.object({ episodeId: Id, text: z.string().max(2000) }).strict(),
  'human.hint': z.object({ episodeId: Id }).strict(),
  'human.abandon': z.object({ episodeId: Id }).strict(),
  'human.sessions': Empty,
  'human.resume': z.object({ episodeId: Id }).strict(),
  'human.review': z.object({ episodeId: Id, invalid: z.string().trim().min(1).max(300).nullable() }).strict(),
  'explore.options': Empty,
  'explore.leaderboard': z.object({ filters: ExploreFiltersSchema }).strict(),
  'explore.compare': z.object({ filters: ExploreFiltersSchema, a: z.string().min(1), b: z.string().min(1), metric: z.string().min(1).optional() }).strict(),
  'explore.heatmap': z.object({ filters: ExploreFiltersSchema, topic: z.string().min(1), metric: z.string().min(1) }).strict(),
  /** Pairwise t-tests between rows on a metric; `alpha` flags significance on Holm-adjusted p (default 0.01, the AGE paper's). */
  'explore.significance': z.object({ filters: ExploreFiltersSchema, metric: z.string().min(1), alpha: z.number().gt(0).lt(1).optional() }).strict(),
  'explore.difficulty': z.object({ filters: ExploreFiltersSchema, axis: z.string().min(1) }).strict(),
  /** The score table by the game's slices of instances (SimulBench's Table 4); the sort metric by default. */
  'explore.slices': z.object({ filters: ExploreFiltersSchema, metric: z.string().min(1).optional() }).strict(),
  /** A player's finished episodes in the view; with `topic`, only on instances whose tag has `value` (a heatmap cell). */
  'explore.cell': z.object({ filters: ExploreFiltersSchema, topic: z.string().min(1).optional(), value: z.string().optional(), player: z.string().min(1) }).strict(),
  'explore.siblings': z.object({ episodeId: Id }).strict(),
  'explore.sideBySide': z.object({ episodeIds: z.array(Id).min(1).max(4) }).strict(),
  'explore.export': z
    .object({
      view: z.enum(['leaderboard', 'heatmap', 'difficulty', 'breakdown', 'significance', 'slices']),
      format: z.enum(['csv', 'latex']),
      filters: ExploreFiltersSchema,
      topic: z.string().min(1).optional(),
      metric: z.string().min(1).optional(),
      axis: z.string().min(1).optional(),
      alpha: z.number().gt(0).lt(1).optional(),
    })
    .strict(),
  'suite.list': Empty,
  'suite.table': z.object({ suite: z.string().min(1), grouped: z.boolean().default(false), datasets: z.record(z.string(), z.string().min(1)).optional() }).strict(),
  'suite.export': z.object({ suite: z.string().min(1), grouped: z.boolean().default(false), datasets: z.record(z.string(), z.string().min(1)).optional(), format: z.enum(['csv', 'latex']) }).strict(),
  'comparison.list': Empty,
  'comparison.table': z.object({ comparison: z.string().min(1), datasets: z.record(z.string(), z.string().min(1)).optional() }).strict(),
  'comparison.export': z.object({ comparison: z.string().min(1), datasets: z.record(z.string(), z.string().min(1)).optional(), format: z.enum(['csv', 'latex']) }).strict(),
  /** A file the run's game makes from it (`GameInfo.runFiles`: SimulBench's test scripts). */
  'runs.file': z.object({ runId: Id, id: z.string().min(1) }).strict(),
  /** Sets a run's tags (replacing them) and/or its note; omitted fields stay as they are. */
  'runs.label': z.object({ runId: Id, tags: z.array(RunTagSchema).max(30, 'at most 30 tags').optional(), note: RunNoteSchema.optional() }).strict(),
  'runs.errorGroups': z.object({ runId: Id }).strict(),
  /** The provider batches of a run in batch mode, oldest first. */
  'runs.batches': z.object({ runId: Id }).strict(),
  /** Every episode of a run, one row each (the same bytes as `parlor export <run>`). */
  'runs.export': z.object({ runId: Id, format: z.enum(['jsonl', 'csv']) }).strict(),
  /** A self-contained folder (as a zip) that opens offline in any browser: the runs' leaderboard, heatmaps, difficulty and every transcript. */
  'runs.htmlReport': HtmlReportInputSchema,
  ...CAPABILITY_INPUTS,
} as const;

export type ApiMethod = keyof typeof API_INPUTS;
export const API_METHODS = Object.keys(API_INPUTS) as ApiMethod[];
export type ApiInput<M extends ApiMethod> = z.input<(typeof API_INPUTS)[M]>;
export type ApiParsedInput<M extends ApiMethod> = z.output<(typeof API_INPUTS)[M]>;

export interface ApiOutputs extends AdjudicationOutputs, MergeOutputs, CapabilityOutputs {
  'app.info': V.AppInfo;
  'games.list': V.GameInfo[];
  'games.broken': V.BrokenGameView[];
  'runs.list': V.RunSummary[];
  'runs.get': V.RunDetail;
  'runs.estimate': V.RunEstimateView;
  'runs.start': { runId: number };
  'runs.cancel': { cancelled: boolean };
  'runs.resume': { runId: number };
  'runs.retryErrors': { requeued: number };
  'episodes.list': V.EpisodeSummary[];
  'episodes.transcript': V.TranscriptView;
  'episodes.exportBundle': V.ExportFile;
  'episodes.search': TranscriptSearchResult;
  'calls.get': V.CallDetail;
  'media.get': { mime: string; dataUrl: string };
  'models.list': V.ModelProfile[];
  'models.save': V.ModelProfile;
  'models.remove': { removed: boolean };
  'models.test': { ok: boolean; latencyMs: number | null; message: string };
  'keys.remove': { removed: boolean };
  'models.forgetKey': V.ModelProfile;
  'prices.list': PriceTableView;
  'prices.set': PriceTableView;
  'prices.remove': PriceTableView;
  'datasets.list': V.DatasetInfo[];
  'datasets.instances': V.InstanceView[];
  'datasets.audit': import('./datasets-views').DatasetAuditSubset[];
  'subsets.list': import('./datasets-views').FixedSubsetView[];
  'subsets.create': import('./datasets-views').FixedSubsetView;
  'subsets.remove': { removed: boolean };
  'annotations.preview': V.AnnotationPreview;
  'annotations.create': V.AnnotationSetSummary;
  'annotations.list': V.AnnotationSetSummary[];
  'annotations.get': V.AnnotationSetSummary;
  'annotations.queue': { items: V.AnnotationItemView[]; progress: V.AnnotatorProgress; info: V.AnnotationInfo };
  'annotations.label': { progress: V.AnnotatorProgress };
  'annotations.undo': { item: V.AnnotationItemView | null; progress: V.AnnotatorProgress };
  'annotations.results': V.AnnotationResultsView;
  'annotations.export': V.ExportFile;
  'annotations.apply': AnnotationApplyView;
  'annotations.mine': AnnotationMineView[];
  'annotations.progress': AnnotatorProgressRow[];
  'human.start': V.HumanGameState;
  'human.state': V.HumanGameState;
  'human.say': V.HumanGameState;
  'human.hint': V.HumanGameState;
  'human.abandon': V.HumanGameState;
  'human.sessions': V.HumanSessionRow[];
  'human.resume': { episodeId: number };
  'human.review': { episodeId: number; invalid: string | null };
  'explore.options': V.ExploreOptions;
  'explore.leaderboard': V.LeaderboardView;
  'explore.compare': V.PairedComparisonView;
  'explore.heatmap': V.HeatmapView;
  'explore.significance': V.SignificanceView;
  'explore.difficulty': V.DifficultyView;
  'explore.slices': V.SlicesView;
  'explore.cell': { episodes: (V.SiblingEpisode & { instance: string })[]; total: number };
  'explore.siblings': { game: string; instance: string; episodes: V.SiblingEpisode[]; variants: V.SiblingEpisode[] };
  'explore.sideBySide': V.SideBySideView;
  'explore.export': V.ExportFile;
  'suite.list': { id: string; title: string; description: string; games: string[]; groups: { id: string; label: string; games: string[] }[] }[];
  'suite.table': V.SuiteView;
  'suite.export': V.ExportFile;
  'comparison.list': { id: string; title: string; description: string; sides: { suite: string; label: string }[]; pairs: { id: string; label: string; ids: string[] }[] }[];
  'comparison.table': V.ComparisonView;
  'comparison.export': V.ExportFile;
  'runs.file': V.ExportFile;
  'runs.label': R.RunLabelsView;
  'runs.errorGroups': R.RunErrorGroup[];
  'runs.batches': R.RunBatchView[];
  'runs.export': V.ExportFile;
  'runs.htmlReport': V.ExportFile;
}
export type ApiOutput<M extends ApiMethod> = ApiOutputs[M];

/** Why a call failed, in words for the user; `code` lets the UI react (e.g. highlight a form). */
export type ApiErrorCode = 'unknown_method' | 'bad_request' | 'not_found' | 'conflict' | 'provider' | 'database' | 'internal' | 'unauthorized';
export interface ApiError {
  code: ApiErrorCode;
  message: string;
}
export type ApiReply<M extends ApiMethod> = { ok: true; result: ApiOutput<M> } | { ok: false; error: ApiError };

/** The envelope of a call crossing a boundary (IPC message or HTTP body). */
export const ApiRequestSchema = z.object({ method: z.string().min(1), input: z.unknown() }).strict();

/** Events pushed to the UI: the runner's events, and a nudge when the list of runs changed. */
/** `run-changed`: another process on the same database file changed a run (played it on, tagged it…). */
/** The capabilities' own events (an LLM tagger's progress…) are theirs (`capabilities/index.ts`). */
export type UiEvent = RunEvent | { type: 'runs-changed' } | { type: 'run-changed'; runId: number } | CapabilityUiEvent;

/** The client the renderer programs against, whatever the transport. */
export interface ParlorApi {
  call<M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>>;
  subscribe(listener: (event: UiEvent) => void): () => void;
}

/** Thrown by clients when the engine answered with an error. */
export class ApiCallError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

export type * from './views';
export type * from './annotation-views';
export type * from './adjudication-views';
export type * from './calibration-views';
export type * from './models-views';
export type * from './transcript-views';
export type * from './runs-views';
export type * from './datasets-views';
