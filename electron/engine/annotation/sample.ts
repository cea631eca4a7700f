import type { AnnotationSpec, StratumKey, StratumPlan } from '../../../shared/contract/annotation';
import { sampleWithoutReplacement, seededRandom } from '../core/seeds';

/** An annotatable event that can be drawn, with what it can be stratified by. */
export interface Candidate {
  eventId: number;
  episodeId: number;
  idx: number;
  dataset: string;
  /** The model that produced the event. */
  model: string;
  /** The event's own label. */
  label: string;
  /** The instance's first tag, if it has one. */
  tag: string | null;
}

export interface Sample {
  items: { eventId: number; stratum: string | null }[];
  strata: StratumPlan[];
  available: number;
}



/**
 * How many to take from each stratum. Proportional: size × share, rounded by largest remainder
 * (Hamilton). Equal: the same from each. Either way a stratum gives at most what it has, and what it
 * cannot give goes to the others, so the total is min(size, available).
 */
export function allocate(available: readonly number[], size: number, mode: 'proportional' | 'equal'): number[] {
  const total = available.reduce((a, b) => a + b, 0);
  let left = Math.min(size, total);
  const take = available.map(() => 0);
  while (left > 0) {
    const open = available.map((n, i) => i).filter((i) => take[i]! < available[i]!);
    const weights = open.map((i) => (mode === 'equal' ? 1 : available[i]! - take[i]!));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    const quotas = open.map((i, k) => ({ i, exact: (left * weights[k]!) / weightSum }));
    const granted = quotas.map((q) => ({ ...q, whole: Math.min(Math.floor(q.exact), available[q.i]! - take[q.i]!) }));
    let given = granted.reduce((a, g) => a + g.whole, 0);
    granted.forEach((g) => (take[g.i]! += g.whole));
    // Hand out the remainder by largest fractional part (ties: lower index, i.e. stratum order).
    const byRemainder = [...granted].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.i - b.i);
    for (const g of byRemainder) {
      if (given >= left) break;
      if (take[g.i]! < available[g.i]!) {
        take[g.i]!++;
        given++;
      }
    }
    if (given === 0) break;
    left -= given;
  }
  return take;
}

/** What strata are called in a game's words (EDA: judgeModel, judgeLabel, category). */
export type StratumNames = Record<Exclude<StratumKey, 'dataset'>, string>;

export function stratumOf(candidate: Candidate, keys: readonly StratumKey[], names: StratumNames): string {
  const value: Record<StratumKey, string> = {
    dataset: candidate.dataset,
    model: candidate.model,
    label: candidate.label,
    tag: candidate.tag ?? `(no ${names.tag})`,
  };
  return keys.map((k) => `${k === 'dataset' ? k : names[k]}=${value[k]}`).join(' · ');
}

/** Draws a set's items from the candidates as the spec says; the same spec and seed give the same set. */
export function drawSample(candidates: readonly Candidate[], spec: AnnotationSpec & { seed: number }, names: StratumNames): Sample {
  const random = seededRandom(spec.seed);
  if (spec.method === 'episodes') {
    const chosen = new Set(spec.episodes);
    const items = candidates
      .filter((c) => chosen.has(c.episodeId))
      .sort((a, b) => a.episodeId - b.episodeId || a.idx - b.idx)
      .map((c) => ({ eventId: c.eventId, stratum: null }));
    return { items, strata: [], available: items.length };
  }
  if (spec.method === 'random') {
    const items = sampleWithoutReplacement(candidates, spec.size!, random).map((c) => ({ eventId: c.eventId, stratum: null }));
    return { items, strata: [], available: candidates.length };
  }
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const key = stratumOf(c, spec.strata!, names);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const keys = [...groups.keys()].sort();
  const take = allocate(keys.map((k) => groups.get(k)!.length), spec.size!, spec.allocation);
  const drawn = keys.flatMap((key, i) => sampleWithoutReplacement(groups.get(key)!, take[i]!, random).map((c) => ({ eventId: c.eventId, stratum: key })));
  // Shown in random order, so an annotator does not see one stratum after another.
  return {
    items: sampleWithoutReplacement(drawn, drawn.length, random),
    strata: keys.map((key, i) => ({ key, available: groups.get(key)!.length, take: take[i]! })),
    available: candidates.length,
  };
}
