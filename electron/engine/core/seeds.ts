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
