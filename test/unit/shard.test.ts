/** Sharding a run: `i/n` parsed at the door, every n-th episode from the i-th, one run uid for all shards. */
import { describe, expect, it } from 'vitest';
import { canonicalJson, inShard, ordinal, parseShard, shardedRunUid } from '../../electron/engine/runner/shard';

describe('--shard i/n', () => {
  it('reads i/n and refuses anything else in one line', () => {
    expect(parseShard('3/8')).toEqual({ index: 3, count: 8 });
    expect(parseShard(' 1/1 ')).toEqual({ index: 1, count: 1 });
    expect(() => parseShard('0/4')).toThrow('--shard 0/4: the shard\'s number must be between 1 and 4.');
    expect(() => parseShard('5/4')).toThrow('between 1 and 4');
    expect(() => parseShard('2of4')).toThrow('--shard takes i/n');
    expect(() => parseShard('-1/4')).toThrow('--shard takes i/n');
  });

  it('gives every episode to exactly one shard, in turn', () => {
    const shards = [1, 2, 3, 4].map((index) => ({ index, count: 4 }));
    const owners = Array.from({ length: 10 }, (_, k) => shards.filter((s) => inShard(k, s)).map((s) => s.index));
    expect(owners).toEqual([[1], [2], [3], [4], [1], [2], [3], [4], [1], [2]]);
    expect(inShard(7, null)).toBe(true);
  });

  it('names the run by its config and the number of shards, whatever the order of the config\'s keys', () => {
    const a = { game: 'eda', seed: 5, players: { guesser: { model: 'm', provider: 'openai' } } };
    const b = { seed: 5, players: { guesser: { provider: 'openai', model: 'm' } }, game: 'eda' };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(shardedRunUid(a, { index: 1, count: 4 })).toBe(shardedRunUid(b, { index: 3, count: 4 }));
    expect(shardedRunUid(a, { index: 1, count: 4 })).not.toBe(shardedRunUid(a, { index: 1, count: 2 }));
    expect(shardedRunUid(a, { index: 1, count: 4 })).not.toBe(shardedRunUid({ ...a, seed: 6 }, { index: 1, count: 4 }));
  });

  it('says which episodes a shard plays in ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
  });
});
