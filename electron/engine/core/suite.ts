/**
 * A benchmark suite: several games whose per-player results combine into one table (clembench's
 * % played, quality and clemscore). The core pools each player's episodes per game; the suite says
 * which numbers to take from a game's pooled metrics and how to combine them across games.
 */
import type { Direction } from '../../../shared/contract/game';

/** A player's pooled numbers of one metric in one game: every counted episode that has the metric. */
export interface PooledMetric {
  n: number;
  mean: number;
  /** Sample standard deviation over episodes (n − 1); null below two episodes. */
  sd: number | null;
}

export interface SuiteColumn {
  key: string;
  label: string;
  direction: Direction;
  digits: number;
  /** A short header where a game's columns sit under its name (clembench: %p, ql). */
  short?: string;
  /** In exports and tooltips, not a column of the table (clembench: quality's std). */
  hidden?: boolean;
}

export interface Suite {
  id: string;
  title: string;
  description: string;
  /** The name `parlor export <name>` prints the table under (clembench: clemscore, its paper's word); absent: not a CLI export. */
  exportName?: string;
  /** Game ids, in the table's order. */
  games: readonly string[];
  /** Games that may be shown as one column group (the paper averages its three map games). */
  groups?: Readonly<Record<string, { label: string; games: readonly string[] }>>;
  /** How the suite averages numbers across games (clembench: skipping missing ones, rounded as clemeval rounds); a group's columns too. */
  mean(values: readonly (number | null)[]): number | null;
  /** Per game: the columns from the player's pooled metrics (null where the game gives none). */
  perGame: readonly (SuiteColumn & { value(metrics: Readonly<Record<string, PooledMetric | undefined>>): number | null })[];
  /**
   * The per-game values of a player who cannot play a game (its model takes fewer images per message
   * than the game shows), by column key; absent keys are null (clembench: % played 0, no quality), so
   * the overall columns count the game as the suite chooses. Without it, every value is null.
   */
  cannotPlayValues?: Readonly<Record<string, number | null>>;
  /** Per player: the overall columns from the per-game columns of every game the player has (groups split into their games). */
  overall: readonly (SuiteColumn & { value(perGame: readonly Readonly<Record<string, number | null>>[]): number | null })[];
}
