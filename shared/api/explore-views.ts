/** What the views across runs return: leaderboards, comparisons, heatmaps, difficulty, side by side. */
import type { AggregateInfo, MetricSpec, Outcome } from '../contract/game';
import type { EpisodeStatus } from '../contract/records';

export interface MetricCellView {
  /** Table 1: mean ± sample std of repetition means. */
  mean: number;
  std: number | null;
  /** Pooled over all episodes, with its 95% interval (Wilson for rates; none with fewer than two episodes). */
  pooled: number;
  low: number | null;
  high: number | null;
  /** Episodes with this metric. */
  n: number;
}

export interface LeaderboardRowView {
  player: string;
  kind: string;
  runs: number[];
  episodes: number;
  repetitions: number;
  errorsExcluded: number;
  unfinishedExcluded: number;
  /** Finished episodes on instances not every player finished (left out of the comparison). */
  leftOut: number;
  metrics: Record<string, MetricCellView>;
  aggregates: Record<string, number | null>;
}

/** What a cross-run view's numbers are over. In `all` mode every finished episode counts and nothing is restricted. */
export type InstanceCoverage =
  | {
      mode: 'common';
      /** Instances some player in the view played. */
      total: number;
      /** Instances every comparing player finished: the numbers are over these. */
      common: number;
      /** Of the instances left out, those on which a comparing player's episode failed or is unfinished (the rest: some comparing player never played them). */
      leftOutByFailures: number;
      /**
       * Players who do not narrow the compared instances, and why: a person (unless the filters ask
       * for people to count), or fewer counted episodes than `minEpisodes`. They are still shown, on
       * the compared instances only.
       */
      outside: { player: string; reason: 'human' | 'too-few'; episodes: number }[];
      /** No player qualified to narrow the instances (all below the minimum, or only people played): every player did. */
      everyoneShapes: boolean;
      minEpisodes: number;
    }
  | {
      mode: 'all';
      /** Instances some player in the view finished. */
      total: number;
      /** Instances every player finished: fewer than `total` means the players' numbers are over different instances. */
      shared: number;
    };

export interface LeaderboardView {
  game: string;
  subjectLabel: string;
  metrics: MetricSpec[];
  aggregates: AggregateInfo[];
  rows: LeaderboardRowView[];
  /** Per metric, the rows holding its best value (ties at the printed digits included; only rows with at least `minEpisodes`). */
  best: Record<string, string[]>;
  /** Cells over fewer episodes say "too few" instead of a mean. */
  minEpisodes: number;
  coverage: InstanceCoverage;
}

/** Two rows compared on a metric by the one test the pair gets everywhere (the Significance table's, unadjusted). */
export interface PairedComparisonView extends Omit<SignificancePairView, 'pHolm' | 'significant'> {
  metric: string;
  /** The test in words: "paired t-test over the 12 entities both played (…), each player's repetitions on one averaged first". */
  method: string;
}

export interface HeatmapView {
  players: string[];
  topics: string[];
  metric: string;
  metricLabel: string;
  topicKey: string;
  domain: [number, number];
  coverage: InstanceCoverage;
  /** Cells over fewer episodes say "too few" instead of a mean. */
  minEpisodes: number;
  /** The metric is a share shown as a percentage (clembench's % Played): cells print × 100, as every table does. */
  percent?: boolean;
  cells: { player: string; topic: string; n: number; mean: number; low: number | null; high: number | null }[];
}

export interface DifficultyView {
  axis: string;
  axisLabel: string;
  metric: string;
  metricLabel: string;
  domain: [number, number];
  players: string[];
  coverage: InstanceCoverage;
  rows: { level: string; mean: number; unsolved: boolean; players: Record<string, { mean: number; n: number; solved: boolean }> }[];
}

export interface ExploreDataset {
  name: string;
  title: string;
  kind: string;
  subsets: string[];
  /** Players of each condition role (EDA: judges). */
  conditions: Record<string, string[]>;
  players: string[];
  tags: string[];
  axes: { id: string; label: string }[];
}

export interface ExploreOptions {
  games: { id: string; title: string; datasets: ExploreDataset[] }[];
}

export interface SiblingEpisode {
  id: number;
  runId: number;
  player: string;
  repetition: number;
  status: EpisodeStatus;
  outcome: Outcome | null;
  scores: Record<string, number> | null;
  /** Set for an episode of another variant of the game (the text or image version of the same instance). */
  game?: string;
  /** A person's game in which they asked a hint model for help. */
  hinted?: boolean;
}

/** A benchmark suite's table (clembench: % played and quality per game, clemscore per player). */
export interface SuiteView {
  suite: { id: string; title: string; description: string };
  /** The games (or groups of games) in column order, with the dataset each was read from. */
  games: { id: string; label: string; datasets: string[] }[];
  /** `short`: the header under a game's name; `hidden`: in exports and tooltips only. */
  perGame: { key: string; label: string; direction: 'higher' | 'lower' | 'none'; digits: number; short?: string; hidden?: boolean }[];
  overall: { key: string; label: string; direction: 'higher' | 'lower' | 'none'; digits: number }[];
  rows: {
    player: string;
    kind: string;
    /**
     * Per game id: counted episodes and the per-game columns (absent: the player has no episode of it).
     * `cannotPlay`: why the player's model cannot play the game (no episodes; values as the suite chooses).
     */
    games: Record<string, { episodes: number; values: Record<string, number | null>; cannotPlay?: string }>;
    overall: Record<string, number | null>;
  }[];
  /** The best players of each column (`<game>:<column>` or an overall column), ties included. */
  best: Record<string, string[]>;
}

/** A score table over slices of the instances (SimulBench's Table 4): per row, the mean of a metric on each slice. */
export interface SlicesView {
  game: string;
  title: string;
  note: string;
  metric: string;
  metricLabel: string;
  digits: number;
  subjectLabel: string;
  columns: string[];
  rows: { player: string; cells: ({ mean: number; n: number; low: number | null; high: number | null } | null)[] }[];
  /** Per column, the rows holding its best mean (ties at the printed digits included; only cells with at least `minEpisodes`). */
  best: string[][];
  minEpisodes: number;
  coverage: InstanceCoverage;
}

/** One pair of rows in the significance table: a − b on the metric, and the test that says whether it is chance. */
export interface SignificancePairView {
  a: string;
  b: string;
  /**
   * `paired`: the two rows sat in the same episodes (paired over those); `paired-instances`: they share
   * instances but not episodes (paired over the shared instances, each row's repetitions averaged
   * first); `welch`: they share no instance.
   */
  test: 'paired' | 'paired-instances' | 'welch';
  /** Paired: the episodes both have a value in; paired-instances: the shared instances; Welch: nA + nB. */
  n: number;
  /** The episodes behind each side (paired: n). */
  nA: number;
  nB: number;
  /** Means over what the test used (paired: the shared episodes; paired-instances: the instance means). */
  meanA: number | null;
  meanB: number | null;
  /** Mean difference a − b, with the test's 95% interval (Student's t; null where the test has no t). */
  difference: number | null;
  low: number | null;
  high: number | null;
  /** Null where the test cannot be run (fewer than two values, no spread). */
  t: number | null;
  df: number | null;
  p: number | null;
  /** Holm-adjusted over every test of the table. */
  pHolm: number | null;
  /** pHolm below alpha. */
  significant: boolean;
}

/** Pairwise t-tests between rows on one metric, one value per row and counted episode (AGE: "all p-values below 0.01"). */
export interface SignificanceView {
  game: string;
  metric: string;
  metricLabel: string;
  digits: number;
  alpha: number;
  /** Rows with a value of the metric, in leaderboard order: episodes with a value and their mean. */
  players: { player: string; episodes: number; mean: number }[];
  /** Rows of the view without any value of the metric (AGE: no successful conversation for a `_kept` metric). */
  without: string[];
  pairs: SignificancePairView[];
  /** One line: which tests were used and why. */
  note: string;
  coverage: InstanceCoverage;
}
