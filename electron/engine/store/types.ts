/** What the store hands out: plain rows, game-agnostic, each the shared row schema's plus what only the engine keeps. */
import type { z } from 'zod';
import type { Outcome } from '../../../shared/contract/game';
import type { EpisodeSchema, PlayerKind, RunSchema, SeatSchema } from '../../../shared/contract/rows';
import type { InstanceRow } from '../core/game';

export type { PlayerKind };

export type SeatPlayer = z.infer<typeof SeatSchema> & {
  playerKind: PlayerKind;
  playerId: number;
  /** Which of its role's models (several models fill a role: AGE); 0 otherwise. */
  member: number;
};

export type RunRow = z.infer<typeof RunSchema> & {
  datasetId: number;
  datasetName: string;
  datasetKind: string;
  config: unknown;
  seed: number;
  appVersion: string;
  pid: number | null;
  host: string | null;
  startedAt: string | null;
  heartbeatAt: string | null;
  seats: SeatPlayer[];
};

export type RunListRow = RunRow & {
  episodes: number;
  done: number;
  errors: number;
  /** Counted episodes (done, not marked invalid) by outcome. */
  outcomes: Record<Outcome, number>;
  /** The researcher's tags (sorted) and note. */
  tags: string[];
  note: string;
};

export type EpisodeRow = z.infer<typeof EpisodeSchema> & {
  instance: InstanceRow;
  datasetName: string;
  datasetKind: string;
  startedAt: string | null;
  finishedAt: string | null;
  seats: SeatPlayer[];
};

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
