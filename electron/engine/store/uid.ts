/**
 * Globally unique row ids, so that rows of two databases never collide when merged (ints stay the local
 * keys). A row that starts something (a run, a dataset, an annotation set, an annotator) gets a UUIDv7:
 * random, and ordered by creation time. A row that lives inside another gets a name-based UUIDv5 of its
 * parent's uid and its natural key (an episode's instance and repetition, an event's index), so the same
 * row played or copied in two files has the same uid, and a run played as shards on several machines
 * merges back into one run.
 */
import { hash } from 'node:crypto';
import { parse as uuidParse, v7 as uuidV7 } from 'uuid';

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

/** Parsed namespaces (parents' uids) by their text, newest last: a run's episodes and an episode's events name many rows under one. */
const parsed = new Map<string, Buffer>();
const PARSED_MAX = 4096;

/** A namespace's 16 bytes, parsed (and checked: a malformed one throws, as the uuid package does) once while it is in use. */
function namespaceBytes(namespace: string): Buffer {
  let bytes = parsed.get(namespace);
  if (bytes) {
    // Most recently used goes last, so the oldest is evicted first.
    parsed.delete(namespace);
  } else {
    bytes = Buffer.from(uuidParse(namespace));
    if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value!);
  }
  parsed.set(namespace, bytes);
  return bytes;
}

/** Namespace bytes then name bytes, hashed from here (grown for a long name: a UTF-16 unit is at most 3 bytes of UTF-8). */
let scratch = Buffer.allocUnsafe(1024);

/**
 * UUIDv5 (RFC 9562 §5.5) of a name under a namespace: SHA-1 of the namespace's bytes and the name's
 * UTF-8, version and variant bits set. The same value as the uuid package's v5 (test/unit/uid.test.ts
 * checks it over many inputs), computed natively, with the namespace parsed once rather than per call.
 * Names are JSON text here, which has no lone surrogates, so UTF-8 encodings agree.
 */
function uuidV5(name: string, namespace: string): Uid {
  if (16 + 3 * name.length > scratch.length) scratch = Buffer.allocUnsafe(16 + 3 * name.length);
  namespaceBytes(namespace).copy(scratch, 0);
  const length = 16 + scratch.write(name, 16, 'utf8');
  const hex = hash('sha1', scratch.subarray(0, length), 'hex');
  // Version 5 (the 13th hex digit) and variant 10xx (the 17th).
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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
