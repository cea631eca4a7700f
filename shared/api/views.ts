/**
 * What the API returns: plain data, game-agnostic. A game's metrics, roles and nouns come with it
 * (`GameInfo`), so the views label everything from the game's own description.
 */
import type { ContentPart } from '../contract/content';
import type { AggregateInfo, AnnotationInfo, GameInfo, MetricSpec, Outcome, RoleSpec } from '../contract/game';
import type { ModelConfig } from '../contract/models';
import type { EpisodeStatus, ErrorKind, MeanStd } from '../contract/records';
import type { EpisodeNeighbours, HintView } from './transcript-views';

export type { GameInfo, MetricSpec, Outcome, RoleSpec, AggregateInfo, AnnotationInfo };

/** A game folder found but kept out: what it is and every problem it has (the other games work). */
export interface BrokenGameView {
  folder: string;
  game: string | null;
  title: string | null;
  problems: string[];
}
export type * from './explore-views';
export type * from './annotation-views';
export type { EpisodeSummary, EpisodeView, EventView, InstanceView, RunSummary, SeatView } from './row-views';
import type { EpisodeView, EventView, RunSummary } from './row-views';

export interface AppInfo {
  version: string;
  mode: 'desktop' | 'browser';
  dbPath: string;
  /** Where keys typed into the UI go. */
  keyStorage: 'safeStorage' | 'memory';
}

export type MetricSummary = MetricSpec & {
  /** Null when no episode has finished. */
  value: MeanStd | null;
};

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
  /** Dialogue-state probes stored (`probes.view`). */
  probes: number;
  /** Null when a model the run used has no price (`costUnpriced` names them): never a partial sum. */
  costUsd: number | null;
  /** `provider:model` of the models used without a price. */
  costUnpriced?: string[];
  errors: { episodeId: number; instance: string; repetition: number; kind: ErrorKind | null; message: string | null }[];
  /**
   * Where several models fill a row role (AGE), the metrics again for each player: the episode's
   * scores with its own seats' (averaged over its seats when it holds several); null otherwise.
   */
  players?: { player: string; metrics: MetricSummary[] }[] | null;
  /**
   * Where one model holds each role but the game scores seats (the reference game's describer and
   * follower), the metrics again for each seat with its own scores; null otherwise.
   */
  seats?: { seat: string; role: string; player: string; metrics: MetricSummary[] }[] | null;
}

export interface RoundMarkView {
  round: number;
  marks: string[];
  repeatOf: number | null;
}

export interface TranscriptView {
  episode: EpisodeView;
  /** The run's game settings (a game's transcript component reads its cues from them). */
  settings: unknown;
  events: EventView[];
  marks: RoundMarkView[];
  /** A person asked a hint model for help in this episode. */
  hinted?: boolean;
  /** The hints, at the round each was asked. */
  hints?: HintView[];
  /** The previous and next episode in the run's order. */
  neighbours?: EpisodeNeighbours;
  /** Dialogue-state probes, asked apart from the game (absent when there are none). */
  probes?: import('./transcript-views').ProbeNote[];
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
  /** Experiments left out because some of their images are missing, when the run is to skip those (`images.missing: "skip"`). */
  leftOut?: string[];
  /** The same run live and in batch mode, side by side. */
  modes: {
    /** Minutes at the configured rpm, or at `assumedCallSeconds` a call with the run's episodes in flight. */
    live: { usd: number | null; minutes: number; basis: string };
    /** Half the price; one batch per step of all episodes (per model), each answered within 24 h. */
    batch: { usd: number | null; batches: number; basis: string };
  };
}

export interface DatasetInfo {
  game: string;
  name: string;
  title: string;
  kind: string;
  bundled: boolean;
  subsets: { subset: string; instances: number }[];
}

/** A value of two compared suites: side one, side two, and side one − side two (null where a side is missing). */
export interface ComparedValue {
  a: number | null;
  b: number | null;
  diff: number | null;
}

/** Two benchmark suites side by side (clembench: text vs images), one row per player of either. */
export interface ComparisonView {
  comparison: { id: string; title: string; description: string };
  /** `key`: the label as used in file columns. */
  sides: [{ suite: string; title: string; label: string; key: string }, { suite: string; title: string; label: string; key: string }];
  /** `ids`: the column of each side's grouped suite table. */
  pairs: { id: string; label: string; ids: [string, string] }[];
  measures: { key: string; label: string; short?: string; direction: 'higher' | 'lower' | 'none'; digits: number }[];
  overall: { key: string; label: string; direction: 'higher' | 'lower' | 'none'; digits: number }[];
  /** Sorted by side two's first overall column, best first. */
  rows: {
    player: string;
    kind: string;
    /** Per pair id: each measure compared; `cannotPlay`: why a side's model cannot play that column's game. */
    pairs: Record<string, { values: Record<string, ComparedValue>; cannotPlay: [string | null, string | null] }>;
    overall: Record<string, ComparedValue>;
  }[];
  /** The best players of each side's column (`<pair>:<measure>:a|b`, `overall:<key>:a|b`), ties included; never of a difference. */
  best: Record<string, string[]>;
}

export interface ExportFile {
  filename: string;
  mime: string;
  content: string;
  /** `base64`: `content` holds binary bytes (a zip of an episode with its images). */
  encoding?: 'base64';
}

/** 2–4 episodes of one instance in aligned columns. */
export interface SideBySideView {
  game: string;
  instance: string;
  columns: TranscriptView[];
}

export interface HumanGameState {
  episodeId: number;
  runId: number;
  game: string;
  handle: string;
  seat: string;
  /** The seat's role: the player board compares the person with the models of this role. */
  role: string;
  dataset: string;
  subset: string;
  instructions: string;
  transcript: TranscriptView;
  /** What the game is waiting for the person to answer, as their seat sees it. */
  prompt: { role: string; text: string; parts: ContentPart[] | null }[] | null;
  waiting: boolean;
  status: 'playing' | 'done' | 'error' | 'paused';
  outcome: Outcome | null;
  /** The instance's name, once the game is over. */
  instance: string | null;
  hinted: boolean;
  hints: { round: number; model: string; text: string }[];
  hintModel: string | null;
  error: string | null;
}

export interface HumanSessionRow {
  episodeId: number;
  runId: number;
  game: string;
  player: string;
  seat: string;
  instance: string;
  dataset: string;
  subset: string;
  status: EpisodeStatus;
  outcome: Outcome | null;
  scores: Record<string, number> | null;
  invalid: string | null;
  finishedAt: string | null;
  /** The person asked a hint model for help. */
  hinted?: boolean;
}

