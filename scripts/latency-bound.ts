/**
 * The shortest time these episodes can take on `slots` slots: each episode is a chain of calls of
 * `latency` seconds, and episodes take the first free slot in the runner's order (its queue is FIFO).
 */
export function latencyBound(callsPerEpisode: readonly number[], slots: number, latency: number): number {
  const free: number[] = new Array<number>(Math.min(slots, callsPerEpisode.length)).fill(0);
  for (const calls of callsPerEpisode) {
    let first = 0;
    for (let i = 1; i < free.length; i++) if (free[i]! < free[first]!) first = i;
    free[first] = free[first]! + calls * latency;
  }
  return Math.max(0, ...free);
}
