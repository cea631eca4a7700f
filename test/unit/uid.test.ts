/** Row uids: roots are time-ordered UUIDv7; rows inside them are name-based and the same in every file. */
import Database from 'better-sqlite3';
import { v4 as uuidV4, v5 as uuidV5, v7 as uuidV7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { childUid, namedUid, newUid, PARLOR_NAMESPACE, registerUidFunctions } from '../../electron/engine/store/uid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('row uids', () => {
  it('a new root uid is a UUIDv7, distinct each time and ordered by creation', () => {
    const uids = Array.from({ length: 50 }, () => newUid());
    for (const uid of uids) expect(UUID.exec(uid)?.[1]).toBe('7');
    expect(new Set(uids).size).toBe(50);
    expect([...uids].sort()).toEqual(uids);
  });

  it('a child uid depends on its parent and its key only, and is a UUIDv5', () => {
    const run = newUid();
    expect(childUid(run, 'episode', 3, 1)).toBe(childUid(run, 'episode', 3, 1));
    expect(UUID.exec(childUid(run, 'episode', 3, 1))?.[1]).toBe('5');
    expect(childUid(run, 'episode', 3, 1)).not.toBe(childUid(run, 'episode', 3, 2));
    expect(childUid(run, 'episode', 3, 1)).not.toBe(childUid(newUid(), 'episode', 3, 1));
    // The key's parts are kept apart: ('a', 'b c') is not ('a b', 'c').
    expect(namedUid('a', 'b c')).not.toBe(namedUid('a b', 'c'));
    // Fixed forever: merges of files written years apart must agree (the value is Python's uuid.uuid5 of the same name).
    expect(namedUid('run', 1)).toBe('dca2b942-9417-575d-b622-019fce515647');
  });

  it('SQL computes the same uids as the code, for migrations', () => {
    const conn = new Database(':memory:');
    registerUidFunctions(conn);
    const parent = newUid();
    const row = conn.prepare("SELECT parlor_child_uid(?, 'episode', 3, 1) AS child, parlor_named_uid('run', 1) AS named").get(parent) as { child: string; named: string };
    expect(row).toEqual({ child: childUid(parent, 'episode', 3, 1), named: namedUid('run', 1) });
    conn.close();
  });

  it("is the uuid package's v5, value for value, over many parents and keys (uid.ts computes it natively)", () => {
    // A deterministic generator, so a failure can be replayed.
    let state = 0x9e3779b9;
    const next = () => ((state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    const alphabet = ['a', 'Z', '0', ' ', '"', '\\', '\n', 'é', 'ß', '中', '😀', '\u0000', "'", ','];
    const text = () => Array.from({ length: Math.floor(next() * 40) }, () => pick(alphabet)).join('');
    const part = (): string | number | null => pick([() => text(), () => Math.floor(next() * 1e9) - 5e8, () => next() * 1000, () => null, () => 'event'])();
    // Parents: fresh v7s and v4s, upper case too, and more than the cache holds, so parsed ones are evicted and parsed again.
    const parents = Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? uuidV4() : i % 7 === 0 ? uuidV7().toUpperCase() : uuidV7()));
    for (let i = 0; i < 20000; i++) {
      const parent = i < 5000 ? parents[i]! : pick(parents);
      const key = Array.from({ length: 1 + Math.floor(next() * 5) }, part);
      expect(childUid(parent, ...key)).toBe(uuidV5(JSON.stringify(key), parent));
      if (i % 10 === 0) expect(namedUid(...key)).toBe(uuidV5(JSON.stringify(key), PARLOR_NAMESPACE));
    }
    // A long name (past the first scratch buffer) and a malformed parent (refused, as the package refuses it).
    const long = 'x😀'.repeat(5000);
    expect(childUid(parents[0]!, long)).toBe(uuidV5(JSON.stringify([long]), parents[0]!));
    expect(() => childUid('not-a-uuid', 'event', 1)).toThrow();
  });
});
