/** Row uids: roots are time-ordered UUIDv7; rows inside them are name-based and the same in every file. */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { childUid, namedUid, newUid, registerUidFunctions } from '../../electron/engine/store/uid';

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
});
