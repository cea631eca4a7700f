/**
 * The one interface a game implements. A game is a folder under `games/<id>/`: where its instances
 * come from, who sits at the table, how the game master drives the seats (through the turn kit), how
 * a finished episode is scored from its events alone, and what the views should show. The core knows
 * nothing else about any game.
 */
import type { MetricSpec, Outcome, RoleSpec, ViewHints } from '../../../shared/contract/game';
import type { EventRecord } from './events';
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

/** An upper bound on one episode's model use, per role. */
export type EpisodeEstimate = Record<string, { calls: number; inputTokens: number; outputTokens: number }>;

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
  readonly view: ViewHints;
  estimate(settings: S, datasetKind: string): EpisodeEstimate;
}

/** Seats in the order of the game's roles (EDA: guesser, judge), then by name. */
export function orderSeats<T extends { seat: string; role: string }>(seats: readonly T[], game: Pick<Game<unknown>, 'roles'>): T[] {
  const rank = (role: string) => {
    const i = game.roles.findIndex((r) => r.id === role);
    return i < 0 ? game.roles.length : i;
  };
  return [...seats].sort((a, b) => rank(a.role) - rank(b.role) || a.seat.localeCompare(b.seat));
}
