/**
 * The one interface a game implements. A game is a folder under `games/<id>/`: where its instances
 * come from, who sits at the table, how the game master drives the seats (through the turn kit), how
 * a finished episode is scored from its events alone, and what the views should show. The core knows
 * nothing else about any game.
 */
import type { FixedSubsetSpec } from './fixed-subsets';
import type { AggregateInfo, AnnotationInfo, MetricSpec, Outcome, RoleSpec, RunPreset, ViewHints } from '../../../shared/contract/game';
import type { EventRecord, EventRow } from './events';
import type { InstanceInput, InstanceRow } from './instances';
import type { TurnKit } from './turn-kit';

export type { InstanceInput, InstanceRow } from './instances';

/** An instance as a game reads it before it is stored (no ids yet): `seats` and capabilities (images) read its payload and tags only. */
export function unstoredRow(input: InstanceInput, subset: string, position: number): InstanceRow {
  return { ...input, id: 0, datasetId: 0, subset, position };
}

export interface DatasetProblem {
  severity: 'error' | 'warning';
  /** 1-based line in the file, 0 for the whole file. */
  line: number;
  message: string;
}

/** Which data a run plays: a bundled dataset and subset, or a user's file. */
export interface DatasetRef {
  name: string;
  subset?: string;
  file?: string;
  kind?: string;
}

export interface LoadedDataset {
  /** Bundled: its name; a user's file: its own name with a content hash, never a bundled name. */
  name: string;
  kind: string;
  subset: string;
  /** `bundled:<name>/<subset>` or the file's absolute path. */
  source: string;
  /** sha256 of a user's file; null for bundled data. */
  contentHash: string | null;
  instances: InstanceInput[];
  /** Warnings to show before a run (errors refuse the dataset with a DatasetError). */
  problems: DatasetProblem[];
}

export interface DatasetSource {
  /**
   * The datasets that ship with Parlor. `defaultSubset` is the one `load` plays when none is named
   * (EDA: test, SimulBench: all) and the one a form starts on; the first subset when unset.
   */
  bundled(): { name: string; title: string; kind: string; subsets: string[]; defaultSubset?: string }[];
  /** Loads and validates one subset; throws a DatasetError a user can act on. */
  load(ref: DatasetRef): LoadedDataset;
}

export interface SeatPlan {
  seat: string;
  role: string;
  /** Which of the role's models sits here, when several fill the role (AGE); 0 otherwise. Fixed per seat within a run. */
  member?: number;
  /** What the seat was given for this episode (a side, a secret word), shown in transcripts. */
  given?: Record<string, unknown>;
}

/** What a game may seat an episode by: its seed and repetition, and how many models fill each role. */
export interface SeatDraw {
  seed: number;
  repetition: number;
  members: Readonly<Record<string, number>>;
}

/** One model per role, the first episode: how a caller seats a game outside a run (a person's game, a test). */
export function firstDraw(game: Pick<Game<unknown>, 'roles'>, seed = 0): SeatDraw {
  return { seed, repetition: 1, members: Object.fromEntries(game.roles.map((r) => [r.id, 1])) };
}

export interface SeatInfo extends SeatPlan {
  player: string;
  human: boolean;
}

export interface EpisodeContext<S> {
  episode: { id: number; repetition: number; seed: number };
  instance: InstanceRow;
  datasetKind: string;
  settings: S;
  seats: readonly SeatInfo[];
  /** Events already committed (a resumed episode); the game continues after them. */
  prior: readonly EventRecord[];
  kit: TurnKit;
  signal: AbortSignal;
  /** Play no round after this one (a last-turn swap plays one round after the copied ones: the `last-move` capability). */
  untilRound?: number;
}

export interface ScoreInput<S> {
  events: readonly EventRecord[];
  instance: InstanceRow;
  settings: S;
  seats: readonly { seat: string; role: string }[];
}

export interface Score {
  /** Empty for an episode-level score. */
  seat?: string;
  metric: string;
  value: number;
}

export interface ScoreResult {
  outcome: Outcome;
  /** Long format; a metric left out is "not scored" (e.g. an aborted episode's quality). */
  scores: Score[];
}

/** A number per leaderboard row, computed from its metric means (pooled over episodes). */
export interface AggregateSpec extends AggregateInfo {
  compute(means: Readonly<Record<string, number | null>>): number | null;
}

/** An upper bound on one episode's model use, per role. */
export type EpisodeEstimate = Record<string, { calls: number; inputTokens: number; outputTokens: number }>;

/** Which events can be annotated, and how an annotator reads and corrects them. */
export interface AnnotationHooks {
  info: AnnotationInfo;
  /**
   * Events of this kind from seats of this role, produced by a model call, can be annotated; with
   * `labelled`, only those whose action carries a label (AGE: replies with a guess).
   */
  target: { role: string; kind: 'response' | 'input'; needsCall: boolean; labelled?: boolean };
  /** Where the event's own label sits in its action (EDA: `label`). */
  labelKey: string;
  /**
   * What the annotator reads: the text the event answers and the dialogue before it. `answers`: where
   * the event judged answers to a question (SimulBench), the question alone is `question` and each
   * answer is shown apart, not inside one quote with it; `prompt` still holds them all (the CSV's column).
   */
  item(event: EventRow, events: readonly EventRow[]): { prompt: string; context: { round: number; prompt: string; reply: string; label: string | null }[]; question?: string; answers?: { label: string; text: string }[] };
  /** The event as if it had carried another label, for metrics recomputed with corrections. */
  relabel(event: EventRecord, label: string): EventRecord;
  /**
   * Where accepted labels change the game's rules for every run, not only the annotated events (AGE:
   * guesses ruled a match extend the synonym list): a run's settings that carry them, as overrides of
   * its own. Declared with `info.apply`; the core rescores each run whose settings change.
   */
  apply?(settings: unknown, accepted: readonly AcceptedLabel[]): RuleAmendment;
}

/** An annotated event with the label its annotators agreed on (their majority). */
export interface AcceptedLabel {
  event: EventRow;
  /** Its episode's events and instance. */
  events: readonly EventRow[];
  instance: InstanceRow;
  /** The event's own label. */
  label: string;
  /** The label its annotators agreed on; it may equal `label`. */
  accepted: string;
}

export interface RuleAmendment {
  /** Settings overrides of the run's own; empty when its rules already agree with the labels. */
  overrides: Record<string, unknown>;
  /** What the overrides change, one line each (the confirmation shows them). */
  changes: string[];
  /** What was left alone and why (annotators' items disagreeing), one line each. */
  unresolved: string[];
}

/** A finished episode as a run file reads it (its record, as stored). */
export interface RunFileEpisode {
  repetition: number;
  outcome: Outcome | null;
  instance: InstanceRow;
  events: readonly EventRecord[];
}

/**
 * A file a game makes from a run (SimulBench's pipeline: the test scripts it cut), from the run's
 * finished, counted episodes alone; shown as a download on the run page and `parlor file <run> <id>`.
 */
export interface RunFileSpec {
  id: string;
  label: string;
  /** A UserError when the run has nothing to make it from yet. */
  make(runId: number, episodes: readonly RunFileEpisode[]): { filename: string; mime: string; content: string; summary: string };
}

/** A game's settings: how they are read (the papers' values filled in), and the repetitions a run plays by default. */
export interface GameSettings<S> {
  /** Validates settings and fills the defaults (the papers' values); throws a ZodError on a bad one. */
  parse(input: unknown): S;
  /** Repetitions of every instance when a run does not say (EDA: 5, as its paper; clembench: 1). */
  readonly repetitions: number;
}

export interface Game<S = unknown> {
  readonly id: string;
  readonly title: string;
  readonly shortTitle: string;
  /** How a run's settings are read, and how often a run plays each instance when it does not say. */
  readonly settings: GameSettings<S>;
  readonly roles: readonly RoleSpec[];
  readonly datasets: DatasetSource;
  /** Who sits where in one episode; the draw lets a game seat players per episode (AGE's random order). */
  seats(instance: InstanceRow, settings: S, draw: SeatDraw): SeatPlan[];
  /** The game master: drives the seats through the kit until the episode ends. */
  play(ctx: EpisodeContext<S>): Promise<void>;
  /** Pure: the outcome and scores of an episode from its events, so any episode can be rescored. */
  score(input: ScoreInput<S>): ScoreResult;
  readonly metrics: readonly MetricSpec[];
  readonly aggregates?: readonly AggregateSpec[];
  readonly view: ViewHints;
  estimate(settings: S, datasetKind: string): EpisodeEstimate;
  readonly annotation?: AnnotationHooks;
  /** The paper's experiments as runs to start from (`parlor run --preset <id>`, the New run form). */
  readonly presets?: readonly RunPreset[];
  /** Files the game makes from a run (SimulBench's test scripts). */
  readonly runFiles?: readonly RunFileSpec[];
  /** Named, seeded samples of its splits that every run and human game can use (EDA: Things-30, Celebrities-30). */
  readonly fixedSubsets?: readonly FixedSubsetSpec[];
}

/** What the views are told of a game's aggregates: everything but how to compute them. */
export function aggregateInfos(game: Pick<Game<unknown>, 'aggregates'>): AggregateInfo[] {
  return (game.aggregates ?? []).map(({ compute: _compute, ...info }) => info);
}

/** Seats in the order of the game's roles (EDA: guesser, judge), then by name. */
export function orderSeats<T extends { seat: string; role: string }>(seats: readonly T[], game: Pick<Game<unknown>, 'roles'>): T[] {
  const rank = (role: string) => {
    const i = game.roles.findIndex((r) => r.id === role);
    return i < 0 ? game.roles.length : i;
  };
  return [...seats].sort((a, b) => rank(a.role) - rank(b.role) || a.seat.localeCompare(b.seat));
}
