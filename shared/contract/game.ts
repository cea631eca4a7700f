/**
 * How a game describes itself to the core and to the views: its seats' roles, its metrics, its
 * aggregates and where its data go in tables and charts. Plain data, so the UI receives it as is.
 */
import { fixed, percentNumber } from '../text/number';

export interface RoleSpec {
  id: string;
  label: string;
  /** Leaderboard rows are named after the players in these roles (EDA: the guesser). */
  subject?: boolean;
  /** Runs can be filtered by who plays this role (EDA: the judge). */
  condition?: boolean;
  /** A person may take a seat of this role. */
  human?: boolean;
  /**
   * Several models fill this role together, one per seat (AGE's players): a run names a list of
   * models (or one model for every seat), and each seat's player is its own leaderboard row.
   */
  several?: { min: number; max: number };
}

export type Direction = 'higher' | 'lower' | 'none';

/** What every metric declares, whatever its kind. */
interface MetricBase {
  key: string;
  label: string;
  direction: Direction;
  /** Digits for aggregates (means ± std). */
  digits: number;
  /** Digits for one episode's value; absent: the value as it is (counts). */
  episodeDigits?: number;
  /** `episode`: one value per episode; `seat`: one per seat (its player's). */
  scope?: 'episode' | 'seat';
  /**
   * A 0–1 share the game reports as a percentage (clembench's % Played): stored and exported as the
   * share, shown × 100 by the app's tables, as the Benchmark page shows it.
   */
  percent?: boolean;
  description?: string;
}

/**
 * A metric: a rate (0/1 values, Wilson intervals; its range is [0, 1] unless it says) or a mean
 * (normal-approximation intervals). A mean must declare its [min, max]: intervals are clipped to it
 * and, when every value was equal, reach towards its ends, so a mean without one has no honest interval.
 */
export type MetricSpec = MetricBase & ({ kind: 'rate'; range?: [number, number] } | { kind: 'mean'; range: [number, number] });

/** An episode's outcome in the game's words: its finer result where the game names one (`outcomeDetail`), else the outcome's label. */
export function outcomeName(view: Pick<ViewHints, 'outcomeLabels' | 'outcomeDetail'>, outcome: Outcome, scores?: Readonly<Record<string, number>> | null): string {
  const detail = scores ? view.outcomeDetail?.find((d) => scores[d.metric] === 1) : undefined;
  return detail?.label ?? view.outcomeLabels[outcome];
}

/** One episode's value of a metric as tables print it: to its episode digits, or as it is (counts); a percentage × 100. */
export function episodeValue(metric: Pick<MetricSpec, 'episodeDigits' | 'percent'>, value: number): string {
  if (metric.episodeDigits === undefined) return metric.percent ? percentNumber(value, 0) : String(value);
  return metricNumber(metric, value, metric.episodeDigits);
}

/** A metric's number as the app's tables print it: a percentage (`percent`) × 100, with the same digits. */
export function metricNumber(metric: Pick<MetricSpec, 'percent'>, value: number, places: number): string {
  return metric.percent ? percentNumber(value, places) : fixed(value, places);
}

/** A metric's mean ± std as the app's tables print it ("100.00 ± 0.00" for % Played). */
export function metricMeanStd(metric: Pick<MetricSpec, 'percent'>, mean: number, std: number | null, places: number): string {
  return std === null ? metricNumber(metric, mean, places) : `${metricNumber(metric, mean, places)} ± ${metricNumber(metric, std, places)}`;
}

/** An episode's scores on one line, "Label value · Label value", the metrics it has in the game's order. */
export function scoresLine(metrics: readonly MetricSpec[], scores: Readonly<Record<string, number>>): string {
  return metrics
    .filter((m) => scores[m.key] !== undefined)
    .map((m) => `${m.label} ${episodeValue(m, scores[m.key]!)}`)
    .join(' · ');
}

/** A number computed from a leaderboard row's metric means (clembench's clemscore, AGE's macro average). */
export interface AggregateInfo {
  key: string;
  label: string;
  direction: Direction;
  digits: number;
  description: string;
}

export const OUTCOMES = ['success', 'failure', 'aborted'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/**
 * prompt: the game master tells a seat something · response: a model's reply · input: a person's
 * reply · parse: the game master's reading of a reply · reprompt: a correction after an invalid reply ·
 * system: a decision of the rules (a win, an abort).
 */
export const EVENT_KINDS = ['prompt', 'response', 'parse', 'reprompt', 'system', 'input'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** The role of a chat message a seat was sent or gave: an event's `message` (the seat's view, engine `core/seat-view.ts`). */
export const MESSAGE_ROLES = ['system', 'user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

export interface ViewHints {
  /** Words the views use: EDA says "entity" and "split". */
  nouns: { instance: string; instances: string; subset: string };
  /** What outcomes are called in tables and exports (EDA: win, loss). */
  outcomeLabels: Record<Outcome, string>;
  /** The same in the plural, after a count ("5 wins", AGE's "5 successful"): a label plus "s" is no plural of "successful". */
  outcomePlurals: Record<Outcome, string>;
  /**
   * Where one outcome covers several results, the finer name of an episode's: the first listed metric
   * it scored 1 on names it (SimulBench pairwise: "tie" or "b wins" rather than "tie or b wins").
   */
  outcomeDetail?: { metric: string; label: string }[];
  /** Metrics shown per episode in lists, in order. */
  episodeColumns: string[];
  /** Tag keys in the order the views offer them, per dataset kind (others follow, sorted). */
  tagOrder?: Record<string, string[]>;
  /** A note shown beside a tag where it is an axis (EDA: its eras are Parlor's own reading), by tag. */
  tagNotes?: Record<string, string>;
  /** The difficulty view: the metric that orders levels, and the 0/1 metric that says a level was solved. */
  difficulty: { metric: string; solved: string | null };
  /** Metrics a heatmap can show. */
  heatmapMetrics: string[];
  /** The metric leaderboards sort by. */
  sortBy: string;
  /** The paper's table: its columns in its order (AGE's Table 2), used by the LaTeX leaderboard; absent: every metric. */
  paperTable?: { metrics: string[]; note: string };
  /**
   * A score table whose columns are slices of the instances by their tags (SimulBench's Table 4:
   * LastOnly, FirstChan, …, Hard, All): each column keeps the instances whose tags take one of the
   * listed values for every key given (none given: all of them).
   */
  slices?: { title: string; note: string; columns: { label: string; where: Record<string, string[]> }[] };
}

/**
 * Keys the annotation page keeps for itself (accept, ambiguous, skip, undo, comment, context, help,
 * your labels, guidelines): a game's label keys must be other letters, or a label could never be given by key.
 */
export const ANNOTATION_COMMAND_KEYS = ['a', 'q', 's', 'u', 'c', 't', 'h', '?', 'l', 'g'] as const;

/** Which events can be annotated, with which labels, and what the views call things. */
export interface AnnotationInfo {
  /** Who produced the annotated event, e.g. "judge". */
  producer: string;
  /** What is being checked, e.g. "judge answer" / "judge answers". */
  itemNoun: string;
  itemsNoun: string;
  /** What an annotator gives, e.g. "answer" (the correct answer). */
  labelNoun: string;
  /** The labels an annotator can give as the correct one, with their keys. */
  labels: { id: string; label: string; key: string }[];
  /** Names of the breakdowns in reports: the event's own label, the producing model, the instance tag. */
  groups: { label: string; model: string; tag: string };
  /** How to decide, for the annotators: shown beside the queue (a few short paragraphs, blank-line separated). */
  guidelines?: string;
  /** Column names of the labels export for what the event answers and for its text. */
  columns: { prompt: string; text: string };
  /** Metrics recomputed with corrected labels, and why others cannot be. */
  recompute: { metrics: string[]; note: string };
  /** Accepted labels can change the game's rules and rescore its runs (AGE: the synonym lists); what the button says and does. */
  apply?: { action: string; note: string };
  /**
   * How the labels relate, which adds a calibration report to the error rate: `ordinal` (ordered
   * labels such as ratings, in order: quadratic-weighted kappa, Spearman's rho and the producer's mean
   * bias) or `nominal` (Cohen's kappa), each with an interval, overall, per producing model and per
   * annotator. Absent: the error-rate report alone, as before.
   */
  scale?: 'ordinal' | 'nominal';
  /** Metrics of the game that describe the producer rather than the tested models (an order effect), reported per producing model over the set's runs. */
  producerMetrics?: string[];
}

/**
 * A paper's experiment as a run to start from: dataset, settings and repetitions as the paper ran
 * them. The models are the user's to choose; `players` says what the paper seated.
 */
export interface RunPreset {
  id: string;
  title: string;
  /** What the paper did and where Parlor had to choose, in a sentence or two. */
  description: string;
  dataset: { name: string; subset?: string };
  settings: Record<string, unknown>;
  repetitions: number;
  /** What the paper seated in each role (e.g. "four models: GPT-3.5, GPT-4, Llama-3-70B, Claude-3-Opus"). */
  players: Record<string, string>;
}

export interface GameInfo {
  id: string;
  title: string;
  shortTitle: string;
  roles: RoleSpec[];
  metrics: MetricSpec[];
  aggregates: AggregateInfo[];
  view: ViewHints;
  annotation: AnnotationInfo | null;
  /** Settings with every default filled in. */
  defaultSettings: unknown;
  /** Repetitions a new run starts with (EDA 5, clembench 1). */
  defaultRepetitions: number;
  /** Roles a game's built-in player can take (`builtin:reference`). */
  builtinRoles: string[];
  /** A first run a new user can play at once, by built-in players in every role: instances per experiment; null where the game offers none. */
  sampleRun: { perExperiment: number } | null;
  /** A multimodal game: the most images one message shows each role, and where a user finds the images. */
  images: { perMessage: Record<string, number>; hint: string | null } | null;
  /** The text-only variant of this game, if it has one (side by side, text vs image tables). */
  counterpart: string | null;
  /** A paper's experiments as run configs to start from (AGE §4.1, §4.2); the user picks the models. */
  presets: RunPreset[];
  /** Files the game makes from a finished run (SimulBench's test scripts), by id. */
  runFiles: { id: string; label: string }[];
  /** Training data from its games: the seat exported and the splits held out for evaluation; null where the game offers none. */
  training: { seat: string; heldOut: string[] } | null;
  /** Dialogue-state probing: the seat probed, what is asked and how many items; null where the game offers none. */
  probing: { seat: string; kind: string; size: number } | null;
  /** The seat whose last move a last-turn swap replaces (EDA: guesser); null where the game offers none. */
  lastMove: { seat: string } | null;
  /** Failure-mode tags of a seat's moves (EDA: early enumeration, redundancy, inconsistency); null where the game has none. */
  failureModes: { seat: string; modes: { id: string; label: string; description: string }[] } | null;
  /**
   * Experiments: instance groups by their `experiment` tag (clembench), empty where there are none.
   * `defaultSubset`: the subset a run plays when none is named (EDA: test, SimulBench: all of its 500).
   */
  datasets: { name: string; title: string; kind: string; defaultSubset: string; subsets: { name: string; instances: number; experiments: string[] }[] }[];
}
