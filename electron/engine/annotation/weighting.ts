/**
 * Error rates of a stratified annotation set, weighted back to the population it was drawn from.
 *
 * A stratified set with equal allocation draws as many of a rare label (EDA: the judge's Maybe, 116
 * of 1,416 answers) as of a common one, so the share of wrong items *in the sample* overstates the
 * error rate of the runs whenever the rare stratum is the error-prone one. Each judged item of
 * stratum h stands for N_h / m_h of the stratum's events: N_h the events the stratum held when the
 * set was drawn, m_h its items with a correct label (unlabelled, ambiguous and tied items are taken
 * as missing at random within their stratum). The overall rate is then Σ_h (N_h / N) p_h over the
 * strata with a judged item (N their total), and a group's rate (by dataset, model, tag) the ratio
 * of its weighted wrong items to its weighted items (a ratio estimator).
 *
 * Variance: the stratified estimator's, with the finite-population correction (Cochran 1977, §5.3;
 * Lohr 2010, §3.2 and, for a group, §4.1's linearised ratio): Σ_h N_h² (1 − m_h/N_h) s_h² / m_h / X̂²,
 * s_h² the sample variance (divisor m_h − 1, unbiased) of e = y − R x over the stratum's judged
 * items, X̂ the group's weighted size. For the overall rate this is Σ W_h² (1 − f_h) p_h(1−p_h)/(m_h − 1).
 * A stratum with one judged item (of more than one event) has no s_h² (divisor m_h − 1 = 0): if that
 * item is outside the group, e is 0 for it and the stratum adds nothing to the group's estimate, so it
 * is given 0, as the formula gives any stratum without a group item; otherwise it is given 1/4, the
 * largest variance e can have (its values lie in [−R, 1 − R], a range of 1: Popoviciu's bound).
 *
 * Interval: Wilson's, computed with the Kish effective sample size n_eff = p(1−p)/Var(p̂), the
 * approach of Korn & Graubard (1998) for proportions from survey data: it keeps Wilson's behaviour
 * near 0 and 1, where judge error rates live. n_eff is capped at the judged items behind the rate
 * (and is that number when p̂ is 0 or 1, or the variance estimate is 0), so the interval is computed
 * with at most the judged items' sample size: a stratum whose few items all agree has an estimated
 * variance of 0 by chance, not because its rate is known. (Its width still depends on p̂, which the
 * weights move, so it is not claimed to be at least as wide as the plain interval.)
 */
import type { AnnotationStratumView } from '../../../shared/api/annotation-views';
import { wilsonBounds, Z95, type Proportion } from '../stats/proportions';

/** A judged item: its stratum, whether it belongs to the rate's group, and whether the producer was wrong. */
export interface JudgedItem {
  stratum: string;
  inGroup: boolean;
  wrong: boolean;
}

export interface WeightedRate extends Proportion {
  /** The effective sample size the interval was computed with; null without a judged item. */
  effectiveN: number | null;
}

/** Per stratum: its events, its judged items, and of those the group's and the group's wrong ones. */
interface StratumCounts {
  population: number;
  judged: number;
  group: number;
  wrong: number;
}

function countsOf(items: readonly JudgedItem[], population: ReadonlyMap<string, number>): Map<string, StratumCounts> {
  const out = new Map<string, StratumCounts>();
  for (const item of items) {
    const size = population.get(item.stratum);
    if (size === undefined) throw new RangeError(`weightedRate: no population size for stratum "${item.stratum}"`);
    const c = out.get(item.stratum) ?? { population: size, judged: 0, group: 0, wrong: 0 };
    c.judged++;
    if (item.inGroup) c.group++;
    if (item.inGroup && item.wrong) c.wrong++;
    out.set(item.stratum, c);
  }
  for (const [key, c] of out) if (c.judged > c.population) throw new RangeError(`weightedRate: stratum "${key}" has ${c.judged} judged items but only ${c.population} events`);
  return out;
}

/** The sample variance of e = y − R·x over a stratum's judged items (x: in the group; y: in it and wrong). */
function residualVariance(c: StratumCounts, ratio: number): number {
  // One judged item: no sample variance. Outside the group its e is 0 (nothing to vary); in it, the
  // bound for a variable with values in a range of 1 (Popoviciu: 1/4), not the 0 one value would show.
  if (c.judged < 2) return c.group === 0 ? 0 : 0.25;
  // Wrong group items have e = 1 − R, right ones −R, items outside the group 0.
  const sum = c.wrong - ratio * c.group;
  const squares = c.wrong * (1 - ratio) ** 2 + (c.group - c.wrong) * ratio ** 2;
  return Math.max(0, (squares - (sum * sum) / c.judged) / (c.judged - 1));
}

/**
 * The group's stratum-weighted error rate with its interval; `k`/`n` are the group's wrong and judged
 * items in the sample. `population`: each stratum's events when the set was drawn.
 */
export function weightedRate(items: readonly JudgedItem[], population: ReadonlyMap<string, number>, z = Z95): WeightedRate {
  const strata = [...countsOf(items, population).values()];
  const k = strata.reduce((a, c) => a + c.wrong, 0);
  const n = strata.reduce((a, c) => a + c.group, 0);
  const size = strata.reduce((a, c) => a + (c.population / c.judged) * c.group, 0);
  if (n === 0 || size === 0) return { k, n, rate: null, low: null, high: null, effectiveN: null };
  const rate = strata.reduce((a, c) => a + (c.population / c.judged) * c.wrong, 0) / size;
  const variance = strata.reduce((a, c) => a + (c.population ** 2 * (1 - c.judged / c.population) * residualVariance(c, rate)) / c.judged, 0) / size ** 2;
  const effectiveN = rate === 0 || rate === 1 || variance <= 0 ? n : Math.min(n, (rate * (1 - rate)) / variance);
  return { k, n, rate, ...wilsonBounds(rate, effectiveN, z), effectiveN };
}

/** A stratum of the set: its events, drawn and judged items, and the error rate among the judged (the view's shape, one type). */
export type StratumRate = AnnotationStratumView;

/** Each stratum of the plan with its judged items' error rate (strata without any judged item have rate null). */
export function stratumRates(plan: readonly { key: string; population: number; drawn: number }[], items: readonly { stratum: string; wrong: boolean }[]): StratumRate[] {
  return plan.map((s) => {
    const mine = items.filter((i) => i.stratum === s.key);
    const wrong = mine.filter((i) => i.wrong).length;
    return { key: s.key, population: s.population, drawn: s.drawn, judged: mine.length, wrong, rate: mine.length ? wrong / mine.length : null };
  });
}
