/**
 * Episodes played elsewhere (another harness's logs), as a format reader hands them to the core's
 * importer: which game and instance, who played, each seat's replies in order, and the scores the
 * other harness logged with the Parlor metric each one corresponds to.
 */
import type { InstanceInput } from './game';

export interface LoggedEpisodeInput {
  /** Where the episode came from, for reports (e.g. a folder relative to the results root). */
  path: string;
  game: string;
  /** Episodes with the same group and game become one run (clembench: the model pair). */
  group: string;
  /** The model of each role, by role id. */
  models: Record<string, string>;
  instance: InstanceInput;
  /** Each seat's replies, in order, exactly as the players produced them. */
  replies: Record<string, string[]>;
  /** The scores the log holds (null: none), keyed as the log names them. */
  logged: Record<string, number | null> | null;
  /** Logged key → Parlor metric; `aborted` compares with the outcome. */
  scoreKeys: Readonly<Record<string, string>>;
  /** Logged keys Parlor keeps as a seat's score. */
  seatScoreKeys?: Readonly<Record<string, { seat: string; metric: string }>>;
}

export interface LogProblem {
  path: string;
  message: string;
}

export interface LogReading {
  /** The folder read: the first place imported episodes' images are looked for. */
  root?: string;
  episodes: LoggedEpisodeInput[];
  problems: LogProblem[];
  /** Games in the log Parlor does not play, with their episode counts. */
  unknownGames: Record<string, number>;
  /**
   * Why a logged score differs from Parlor's, where the other harness is known to read it another way
   * (EDA: `eval_result.py` counts the instruction line's "yes"); null for a difference to look into.
   */
  explain?: (difference: { key: string; logged: number | null; parlor: number | null }) => string | null;
}

/** What a reader is told beside the folder (`parlor import <id> <folder> --dataset … --split …`). */
export interface LogReadOptions {
  /** The bundled dataset the logged games played, for logs that do not say (EDA's game files). */
  dataset?: string;
  subset?: string;
}

/** A reader of one log format (clembench results trees; a game's own, as its `log-import` capability). */
export interface LogSource {
  id: string;
  title: string;
  /** Reads a log folder (or file); throws a UserError when it is not one. */
  read(root: string, options?: LogReadOptions): LogReading;
}
