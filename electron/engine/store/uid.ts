/**
 * Globally unique row ids, so that rows of two databases never collide when merged (ints stay the local
 * keys). A row that starts something (a run, a dataset, an annotation set, an annotator) gets a UUIDv7:
 * random, and ordered by creation time. A row that lives inside another gets a name-based UUIDv5 of its
 * parent's uid and its natural key (an episode's instance and repetition, an event's index), so the same
 * row played or copied in two files has the same uid, and a run played as shards on several machines
 * merges back into one run.
 */
import { v5 as uuidV5, v7 as uuidV7 } from 'uuid';

/** Parlor's namespace for name-based uids (a fixed random UUID; never change it, or merges stop matching). */
export const PARLOR_NAMESPACE = '5d1f3b0e-7c2a-4e8b-9a61-2f4c8d0b6e13';

export type Uid = string;

/** A new root uid (time-ordered). */
export function newUid(): Uid {
  return uuidV7();
}

/** The uid of a row inside `parent` named by its natural key (null for a part it lacks: a call's round): the same in every file that holds that row. */
export function childUid(parent: Uid, ...key: readonly (string | number | null)[]): Uid {
  return uuidV5(JSON.stringify(key), parent);
}

/** A uid named by content alone under Parlor's namespace (rows an earlier version created, content-addressed rows). */
export function namedUid(...key: readonly (string | number | null)[]): Uid {
  return uuidV5(JSON.stringify(key), PARLOR_NAMESPACE);
}

/** What registering SQL functions needs of a connection (declared here: only db.ts imports the driver). */
export interface SqlFunctionHost {
  function(name: string, options: { deterministic: boolean; varargs: boolean }, fn: (...args: unknown[]) => unknown): unknown;
}

/**
 * The same functions in SQL, for migrations that give existing rows their uids: `parlor_child_uid(parent,
 * key…)` and `parlor_named_uid(key…)`. Deterministic, so two copies of one file assign the same uids.
 */
export function registerUidFunctions(conn: SqlFunctionHost): void {
  const asKey = (values: unknown[]) => values.map((v) => (typeof v === 'bigint' ? Number(v) : v) as string | number | null);
  conn.function('parlor_child_uid', { deterministic: true, varargs: true }, (parent: unknown, ...key: unknown[]) => childUid(String(parent), ...asKey(key)));
  conn.function('parlor_named_uid', { deterministic: true, varargs: true }, (...key: unknown[]) => namedUid(...asKey(key)));
}
