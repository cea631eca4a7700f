/** Run and episode seeds: recorded with the run, so a repetition replays with the same seed. */
import { createHash, randomInt } from 'node:crypto';

export function randomRunSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}

/** A stable 31-bit seed per episode identity, so a repetition replays with the same seed. */
export function episodeSeed(runSeed: number, entityLine: string, repetition: number): number {
  const digest = createHash('sha256').update(`${runSeed}\u0000${entityLine}\u0000${repetition}`).digest();
  return digest.readUInt32BE(0) >>> 1;
}
/** mulberry32: small, fast, and the same sequence everywhere for a seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The first `k` of a seeded Fisher–Yates shuffle: a simple random sample without replacement. */
export function sampleWithoutReplacement<T>(items: readonly T[], k: number, random: () => number): T[] {
  const pool = [...items];
  const take = Math.min(k, pool.length);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, take);
}
