/**
 * Pairwise judging with both orders (MT-Bench's rule, SimulBench's Table 1): the judge sees the two
 * answers as A, B and again as B, A. Shared by the engine's scorer and the views, so both read a
 * pair of verdicts the same way.
 */

/** A verdict in one order: A or B preferred, or C for a tie. */
export type Verdict = 'A' | 'B' | 'C';
export type PairResult = 'win' | 'tie' | 'lose';

/** For the answer shown first in the first order: a win only when preferred in both orders, a loss likewise, else a tie. */
export function combineOrders(first: Verdict, second: Verdict): PairResult {
  if (first === 'A' && second === 'B') return 'win';
  if (first === 'B' && second === 'A') return 'lose';
  return 'tie';
}

/** The verdict followed the position rather than the answer (a tie counts as a side): position bias. */
export function flipped(first: Verdict, second: Verdict): boolean {
  const swap: Record<Verdict, Verdict> = { A: 'B', B: 'A', C: 'C' };
  return swap[first] !== second;
}
