import { z } from 'zod';
import type { RunEvent } from '../contract/events';
import { ModelConfigSchema, type ModelConfig } from '../contract/models';
import type { EpisodeStatus, ErrorKind, JudgeLabel, MeanStd, Outcome, RunStatus } from '../contract/records';
import { SplitSchema } from '../contract/run';
import { ExploreFiltersSchema, HeatmapMetricSchema } from '../contract/explore';
import { AnnotationSpecSchema, AnnotatorSchema, AnswerSchema, VerdictSchema, type Answer, type Verdict } from '../contract/annotation';

/**
 * The one API between the UI and the engine. Every method names its input schema (checked at runtime
 * by the engine, whatever door the call came through: IPC or loopback HTTP) and its result type.
 */

const Id = z.number().int().positive();
const Empty = z.object({}).strict();
const KeyName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name such as OPENAI_API_KEY');

export const API_INPUTS = {
  'app.info': Empty,
  'runs.list': Empty,
  'runs.get': z.object({ runId: Id }).strict(),
  /** `config` is validated by the engine's own run-config schema, with its detailed messages. */
  'runs.estimate': z.object({ config: z.unknown() }).strict(),
  'runs.start': z.object({ config: z.unknown() }).strict(),
  'runs.cancel': z.object({ runId: Id }).strict(),
  'runs.resume': z.object({ runId: Id }).strict(),
  'runs.retryErrors': z.object({ runId: Id }).strict(),
  'episodes.list': z.object({ runId: Id, search: z.string().max(200).optional() }).strict(),
  'episodes.transcript': z.object({ episodeId: Id }).strict(),
  'calls.get': z.object({ callId: Id }).strict(),
  'models.list': Empty,
  'models.save': z
    .object({
      id: Id.optional(),
      name: z.string().trim().min(1, 'name is empty').max(100),
      config: ModelConfigSchema,
      /** A key typed into the UI: stored encrypted (desktop) or for this session (browser), never in SQLite. */
      apiKey: z.string().min(1).max(1000).optional(),
    })
    .strict(),
  'models.remove': z.object({ id: Id }).strict(),
  'models.test': z.object({ id: Id }).strict(),
  'keys.remove': z.object({ name: KeyName }).strict(),
  'datasets.list': Empty,
  'datasets.entities': z.object({ name: z.string().min(1), split: SplitSchema }).strict(),
  'annotations.preview': z.object({ spec: z.unknown() }).strict(),
  'annotations.create': z.object({ name: z.string().trim().min(1, 'name the set').max(200), spec: AnnotationSpecSchema }).strict(),
  'annotations.list': Empty,
  'annotations.get': z.object({ setId: Id }).strict(),
  'annotations.queue': z.object({ setId: Id, annotator: AnnotatorSchema, limit: z.number().int().min(1).max(500).default(50) }).strict(),
  'annotations.label': z
    .object({ setId: Id, itemId: Id, annotator: AnnotatorSchema, verdict: VerdictSchema, answer: AnswerSchema.optional(), note: z.string().max(2000).optional() })
    .strict(),
  'annotations.undo': z.object({ setId: Id, annotator: AnnotatorSchema }).strict(),
  'annotations.results': z.object({ setId: Id }).strict(),
  'annotations.export': z.object({ setId: Id, what: z.enum(['labels', 'results']), format: z.enum(['csv', 'jsonl']) }).strict(),
  'human.start': z
    .object({
      handle: z.string().trim().min(1, 'choose a name or handle').max(40),
      dataset: z.enum(['things', 'celebrities']),
      split: SplitSchema,
      judgeModelId: Id,
      hintModelId: Id.optional(),
    })
    .strict(),
  'human.state': z.object({ episodeId: Id }).strict(),
  'human.ask': z.object({ episodeId: Id, question: z.string().max(1000) }).strict(),
  'human.hint': z.object({ episodeId: Id }).strict(),
  'human.abandon': z.object({ episodeId: Id }).strict(),
  'human.sessions': Empty,
  'human.review': z.object({ episodeId: Id, invalid: z.string().trim().min(1).max(300).nullable() }).strict(),
  'explore.options': Empty,
  'explore.leaderboard': z.object({ filters: ExploreFiltersSchema }).strict(),
  'explore.compare': z.object({ filters: ExploreFiltersSchema, a: z.string().min(1), b: z.string().min(1) }).strict(),
  'explore.heatmap': z.object({ filters: ExploreFiltersSchema, topic: z.string().min(1), metric: HeatmapMetricSchema }).strict(),
  'explore.difficulty': z.object({ filters: ExploreFiltersSchema, axis: z.string().min(1) }).strict(),
  'explore.cell': z.object({ filters: ExploreFiltersSchema, topic: z.string().min(1), value: z.string(), player: z.string().min(1) }).strict(),
  'explore.siblings': z.object({ episodeId: Id }).strict(),
  'explore.sideBySide': z.object({ episodeIds: z.array(Id).min(1).max(4) }).strict(),
  'explore.export': z
    .object({
      view: z.enum(['leaderboard', 'heatmap', 'difficulty']),
      format: z.enum(['csv', 'latex']),
      filters: ExploreFiltersSchema,
      topic: z.string().min(1).optional(),
      metric: HeatmapMetricSchema.optional(),
      axis: z.string().min(1).optional(),
    })
    .strict(),
} as const;

export type ApiMethod = keyof typeof API_INPUTS;
export const API_METHODS = Object.keys(API_INPUTS) as ApiMethod[];
export type ApiInput<M extends ApiMethod> = z.input<(typeof API_INPUTS)[M]>;
export type ApiParsedInput<M extends ApiMethod> = z.output<(typeof API_INPUTS)[M]>;

export interface AppInfo {
  version: string;
  mode: 'desktop' | 'browser';
  dbPath: string;
  /** Where keys typed into the UI go. */
  keyStorage: 'safeStorage' | 'memory';
}

export interface RunProgress {
  done: number;
  errors: number;
  wins: number;
  total: number;
}

export interface RunSummary extends RunProgress {
  id: number;
  name: string | null;
  game: string;
  dataset: string;
  split: string;
  guesser: string | null;
  judge: string | null;
  status: RunStatus;
  /** Played by this engine right now (so it can be cancelled here). */
  active: boolean;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  successRate: number | null;
}

export interface MetricSummary {
  key: string;
  label: string;
  /** Higher is better (↑) or lower is better (↓), as in the paper's table header. */
  better: 'higher' | 'lower' | 'none';
  digits: number;
  /** Null when no episode has finished. */
  value: MeanStd | null;
}

export interface RunDetail {
  summary: RunSummary;
  config: unknown;
  seed: number;
  appVersion: string;
  repetitions: number;
  metrics: MetricSummary[];
  perRepetition: { repetition: number; episodes: number; means: Record<string, number> }[];
  errorsExcluded: number;
  /** Finished episodes a reviewer marked invalid. */
  invalidExcluded: number;
  pending: number;
  calls: { total: number; ok: number; errors: number };
  costUsd: number | null;
  errors: { episodeId: number; entity: string; repetition: number; kind: ErrorKind | null; message: string | null }[];
}

export interface EpisodeSummary {
  id: number;
  entity: string;
  repetition: number;
  status: EpisodeStatus;
  outcome: Outcome | null;
  turns: number | null;
  yes: number | null;
  score: number | null;
  errorKind: ErrorKind | null;
}

export interface TranscriptTurn {
  /** 1-based, as the paper counts turns. */
  idx: number;
  question: string;
  /** The text the guesser generated, when the game rewrote it before the judge saw it. */
  generated: string | null;
  answer: string;
  label: JudgeLabel;
  mustGuess: boolean;
  flags: string[];
  guesserCallId: number | null;
  judgeCallId: number | null;
}

export interface Transcript {
  episode: EpisodeSummary & { runId: number; aliases: string[]; seed: number; error: string | null; guesser: string; judge: string };
  turns: TranscriptTurn[];
}

export interface CallDetail {
  id: number;
  role: string;
  attempt: number;
  status: 'ok' | 'error';
  httpStatus: number | null;
  errorKind: ErrorKind | null;
  error: string | null;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cached: boolean;
  request: unknown;
  response: unknown;
}

export type KeyStatus = 'stored' | 'environment' | 'missing' | 'not-needed';

export interface ModelProfile {
  id: number;
  name: string;
  config: ModelConfig;
  keyName: string;
  keyStatus: KeyStatus;
  updatedAt: string;
}

/** A dry estimate of a run's size and cost before it is played: upper bounds. */
export interface RunEstimateView {
  episodes: number;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  /** Upper bound in USD; null when a model has no price. */
  usd: number | null;
  unpriced: string[];
}

export interface DatasetInfo {
  name: string;
  kind: string;
  splits: { split: string; entities: number }[];
}

export interface EntityView {
  position: number;
  name: string;
  aliases: string[];
}

export interface AnnotationSetSummary {
  id: number;
  name: string;
  createdAt: string;
  method: string;
  runs: number[];
  seed: number;
  items: number;
  labelledItems: number;
  annotators: string[];
}

export interface AnnotationPreview {
  available: number;
  size: number;
  strata: { key: string; available: number; take: number }[];
}

export interface AnnotationItemView {
  itemId: number;
  position: number;
  entity: string;
  dataset: string;
  datasetKind: string;
  judgeModel: string;
  episodeId: number;
  turn: number;
  question: string;
  judgeRaw: string;
  judgeLabel: JudgeLabel;
  /** The dialogue before this question. */
  context: { turn: number; question: string; answer: string; label: JudgeLabel }[];
}

export interface AnnotatorProgress {
  done: number;
  total: number;
  remaining: number;
}

export interface Interval {
  k: number;
  n: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}

export interface AnnotationResultsView {
  set: AnnotationSetSummary;
  items: number;
  judged: number;
  ambiguous: number;
  ties: number;
  unlabelled: number;
  overall: Interval;
  by: Record<'judgeLabel' | 'dataset' | 'judgeModel' | 'category', (Interval & { key: string })[]>;
  confusion: { judge: string[]; gold: string[]; counts: number[][] };
  agreement: {
    annotators: string[];
    method: 'cohen' | 'fleiss' | null;
    sharedItems: number;
    kappa: { kappa: number | null; observed: number | null; expected: number | null; items: number } | null;
    note: string;
  };
  scoreEffect: { episodes: number; changedTurns: number; yesAsPlayed: number | null; yesCorrected: number | null; note: string };
}

export interface ExportFile {
  filename: string;
  mime: string;
  content: string;
}

export type { Answer, Verdict };

export interface HumanGameState {
  episodeId: number;
  runId: number;
  handle: string;
  dataset: string;
  split: string;
  instructions: string;
  maxTurns: number;
  turns: { idx: number; question: string; answer: string; label: string; mustGuess: boolean }[];
  waiting: boolean;
  status: 'playing' | 'done' | 'error' | 'paused';
  outcome: Outcome | null;
  entity: string | null;
  hinted: boolean;
  hints: { turn: number; model: string; text: string }[];
  hintModel: string | null;
  error: string | null;
}

export interface HumanSessionRow {
  episodeId: number;
  runId: number;
  player: string;
  entity: string;
  dataset: string;
  split: string;
  status: EpisodeStatus;
  outcome: Outcome | null;
  turns: number | null;
  invalid: string | null;
  finishedAt: string | null;
}

export interface ExploreOptions {
  datasets: { name: string; kind: string; splits: string[]; judges: string[]; players: string[]; topics: string[]; axes: { id: string; label: string }[] }[];
}

export interface MetricCellView {
  /** Table 1: mean ± sample std of repetition means. */
  mean: number;
  std: number | null;
  /** Pooled over all episodes, with its 95% interval (Wilson for Success; none with fewer than two episodes). */
  pooled: number;
  low: number | null;
  high: number | null;
}

export interface LeaderboardRowView {
  player: string;
  kind: string;
  runs: number[];
  episodes: number;
  repetitions: number;
  errorsExcluded: number;
  unfinishedExcluded: number;
  metrics: Record<'turns' | 'success' | 'yes' | 'score', MetricCellView>;
}

export interface LeaderboardView {
  rows: LeaderboardRowView[];
  best: Partial<Record<'turns' | 'success' | 'yes' | 'score', string>>;
}

export interface PairedComparisonView {
  a: string;
  b: string;
  items: number;
  /** Null without shared items; interval and p are null below five items. */
  difference: number | null;
  low: number | null;
  high: number | null;
  p: number | null;
  resamples: number;
  seed: number;
}

export interface HeatmapView {
  players: string[];
  topics: string[];
  metric: 'score' | 'success';
  topicKey: string;
  cells: { player: string; topic: string; n: number; mean: number; low: number | null; high: number | null }[];
}

export interface DifficultyView {
  axis: string;
  players: string[];
  rows: { level: string; mean: number; unsolved: boolean; players: Record<string, { mean: number; n: number; solved: boolean }> }[];
}

export interface SiblingEpisode {
  id: number;
  runId: number;
  player: string;
  repetition: number;
  status: EpisodeStatus;
  outcome: Outcome | null;
  turns: number | null;
  score: number | null;
}

export interface SideBySideColumn {
  episode: SiblingEpisode & { entity: string };
  turns: (TranscriptTurn & { firstYes: boolean; winning: boolean; repeatOf: number | null })[];
}

export interface SideBySideView {
  entity: string;
  columns: SideBySideColumn[];
}

export interface ApiOutputs {
  'app.info': AppInfo;
  'runs.list': RunSummary[];
  'runs.get': RunDetail;
  'runs.estimate': RunEstimateView;
  'runs.start': { runId: number };
  'runs.cancel': { cancelled: boolean };
  'runs.resume': { runId: number };
  'runs.retryErrors': { requeued: number };
  'episodes.list': EpisodeSummary[];
  'episodes.transcript': Transcript;
  'calls.get': CallDetail;
  'models.list': ModelProfile[];
  'models.save': ModelProfile;
  'models.remove': { removed: boolean };
  'models.test': { ok: boolean; latencyMs: number | null; message: string };
  'keys.remove': { removed: boolean };
  'datasets.list': DatasetInfo[];
  'datasets.entities': EntityView[];
  'annotations.preview': AnnotationPreview;
  'annotations.create': AnnotationSetSummary;
  'annotations.list': AnnotationSetSummary[];
  'annotations.get': AnnotationSetSummary;
  'annotations.queue': { items: AnnotationItemView[]; progress: AnnotatorProgress };
  'annotations.label': { progress: AnnotatorProgress };
  'annotations.undo': { item: AnnotationItemView | null; progress: AnnotatorProgress };
  'annotations.results': AnnotationResultsView;
  'annotations.export': ExportFile;
  'human.start': HumanGameState;
  'human.state': HumanGameState;
  'human.ask': HumanGameState;
  'human.hint': HumanGameState;
  'human.abandon': HumanGameState;
  'human.sessions': HumanSessionRow[];
  'human.review': { episodeId: number; invalid: string | null };
  'explore.options': ExploreOptions;
  'explore.leaderboard': LeaderboardView;
  'explore.compare': PairedComparisonView;
  'explore.heatmap': HeatmapView;
  'explore.difficulty': DifficultyView;
  'explore.cell': { episodes: (SiblingEpisode & { entity: string })[]; total: number };
  'explore.siblings': { entity: string; episodes: SiblingEpisode[] };
  'explore.sideBySide': SideBySideView;
  'explore.export': ExportFile;
}
export type ApiOutput<M extends ApiMethod> = ApiOutputs[M];

/** Why a call failed, in words for the user; `code` lets the UI react (e.g. highlight a form). */
export type ApiErrorCode = 'unknown_method' | 'bad_request' | 'not_found' | 'conflict' | 'provider' | 'internal' | 'unauthorized';
export interface ApiError {
  code: ApiErrorCode;
  message: string;
}
export type ApiReply<M extends ApiMethod> = { ok: true; result: ApiOutput<M> } | { ok: false; error: ApiError };

/** The envelope of a call crossing a boundary (IPC message or HTTP body). */
export const ApiRequestSchema = z.object({ method: z.string().min(1), input: z.unknown() }).strict();

/** Events pushed to the UI: the runner's events, and a nudge when the list of runs changed. */
export type UiEvent = RunEvent | { type: 'runs-changed' };

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
