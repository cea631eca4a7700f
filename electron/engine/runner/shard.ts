/**
 * A run split across machines: `--shard i/n` stores and plays every n-th episode of the run's draw,
 * starting at the i-th. The draw, seeds and seats are those of the whole run (computed first, then
 * shared out), and every shard's run row gets one uid named by the run's config, so merging the n files
 * gives one run with the episodes, events and metrics of the run played on one machine.
 */
import { z } from 'zod';
import { UserError } from '../errors';
import { namedUid, type Uid } from '../store/uid';

export interface Shard {
  /** 1-based, as people count machines and as Slurm's array indices usually start. */
  index: number;
  count: number;
}

export const SHARD_NEEDS_SEED = 'A sharded run needs a seed every shard shares: add --seed <n> (the same on every machine).';

/** 1st, 2nd, 3rd, 4th, 11th, 22nd… for the line that says which episodes a shard plays. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

const SHARD_TEXT = /^(\d{1,4})\/(\d{1,4})$/;

export const ShardSchema = z
  .object({ index: z.number().int().min(1), count: z.number().int().min(1).max(9999) })
  .refine((s) => s.index <= s.count, { message: 'the shard number is larger than the number of shards' });

/** `i/n` as typed at a door (`--shard 3/8`); one line naming what is wrong otherwise. */
export function parseShard(text: string): Shard {
  const match = SHARD_TEXT.exec(text.trim());
  if (!match) throw new UserError(`--shard takes i/n, the shard's number and the number of shards, e.g. 3/8 (got "${text}").`);
  const parsed = ShardSchema.safeParse({ index: Number(match[1]), count: Number(match[2]) });
  if (!parsed.success) throw new UserError(`--shard ${text}: the shard's number must be between 1 and ${match[2]}.`);
  return parsed.data;
}

/** Whether the k-th episode of the whole draw (0-based, in draw order) is this shard's. */
export function inShard(k: number, shard: Shard | null): boolean {
  return shard === null || k % shard.count === shard.index - 1;
}

/**
 * The uid every shard of one run shares: named by the stored config (seed included) and the number of
 * shards, so shards started from one command line agree without talking to each other.
 */
export function shardedRunUid(storedConfig: unknown, shard: Shard): Uid {
  return namedUid('sharded-run', canonicalJson(storedConfig), shard.count);
}

/** JSON with object keys sorted, so two machines that built the same config in another order agree. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
