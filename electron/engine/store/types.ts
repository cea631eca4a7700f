/** What the store hands out: plain rows, game-agnostic. */
import type { Outcome } from '../../../shared/contract/game';
import type { EpisodeStatus, ErrorKind, RunStatus } from '../../../shared/contract/records';
import type { InstanceRow } from '../core/game';

export type PlayerKind = 'model' | 'human' | 'scripted';

export interface SeatPlayer {
  seat: string;
  role: string;
  /** The player's name, e.g. `openai:gpt-4o` or `human:ada`. */
  player: string;
  playerKind: PlayerKind;
  playerId: number;
  /** Which of its role's models (several models fill a role: AGE); 0 otherwise. */
  member: number;
  given?: Record<string, unknown> | null;
}

export interface RunRow {
  id: number;
  name: string | null;
  game: string;
  datasetId: number;
  datasetName: string;
  datasetKind: string;
  subset: string;
  config: unknown;
  seed: number;
  appVersion: string;
  status: RunStatus;
  error: string | null;
  pid: number | null;
  host: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  heartbeatAt: string | null;
  seats: SeatPlayer[];
}

export interface RunListRow extends RunRow {
  episodes: number;
  done: number;
  errors: number;
  /** Counted episodes (done, not marked invalid) by outcome. */
  outcomes: Record<Outcome, number>;
  /** The researcher's tags (sorted) and note. */
  tags: string[];
  note: string;
}

export interface EpisodeRow {
  id: number;
  runId: number;
  game: string;
  instance: InstanceRow;
  datasetName: string;
  datasetKind: string;
  repetition: number;
  seed: number;
  status: EpisodeStatus;
  outcome: Outcome | null;
  /** Episode-level scores; null until the episode is done. */
  scores: Record<string, number> | null;
  /** Seat-level scores, by seat. */
  seatScores: Record<string, Record<string, number>>;
  errorKind: ErrorKind | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  seats: SeatPlayer[];
  /** Why a reviewer excluded this episode (kept, never counted); null when it counts. */
  invalid: string | null;
}

export interface NewRun {
  /** The run's uid; a new one by default. Shards of one run share theirs, so their files merge into one run. */
  uid?: string;
  name: string | null;
  game: string;
  datasetId: number;
  subset: string;
  config: unknown;
  seed: number;
  appVersion: string;
  seats: { seat: string; role: string; playerId: number; member?: number }[];
  episodes: { instanceId: number; repetition: number; seed: number; seats?: { seat: string; role: string; playerId: number; given?: Record<string, unknown> }[] }[];
}
