/**
 * Errors must never change a ranking. A player whose hard episodes failed would otherwise be scored
 * on its easy ones only; so by default players are compared on the instances every one of them
 * finished (every episode on it done and counted), and the views say how many were left out.
 */
import type { InstanceCoverage } from '../../../../shared/api/views';
import type { RepSum } from '../../store/explore';
import type { Store } from '../../store/store';
import type { ViewRun } from './select';

export interface Coverage {
  view: InstanceCoverage;
  /** The instances compared on; null when nothing needs restricting (every player finished the same ones). */
  common: Set<number> | null;
  /** Per run: the instances it played that are left out. */
  leftOut: Map<number, number[]>;
  /** Per run: the instances it played that are compared on. */
  kept: Map<number, number[]>;
}

export function coverage(store: Store, runs: readonly ViewRun[], mode: 'common' | 'all'): Coverage {
  const ids = runs.map((r) => r.id);
  const played = new Map<number, Set<number>>();
  for (const row of store.explore.instanceSums(ids, '')) {
    let set = played.get(row.runId);
    if (!set) played.set(row.runId, (set = new Set()));
    set.add(row.instanceId);
  }
  const unfinished = new Map<number, Set<number>>();
  for (const row of store.explore.unfinishedInstances(ids)) {
    let set = unfinished.get(row.runId);
    if (!set) unfinished.set(row.runId, (set = new Set()));
    set.add(row.instanceId);
  }
  // A player finished an instance when some run of theirs counted an episode on it and none failed on it.
  const byPlayer = new Map<string, { done: Set<number>; failed: Set<number> }>();
  for (const run of runs) {
    const p = byPlayer.get(run.subject) ?? { done: new Set<number>(), failed: new Set<number>() };
    for (const i of played.get(run.id) ?? []) p.done.add(i);
    for (const i of unfinished.get(run.id) ?? []) p.failed.add(i);
    byPlayer.set(run.subject, p);
  }
  const all = new Set<number>();
  const finished = [...byPlayer.values()].map((p) => {
    for (const i of p.done) all.add(i);
    for (const i of p.failed) all.add(i);
    return new Set([...p.done].filter((i) => !p.failed.has(i)));
  });
  const common = finished.length ? finished.reduce((a, b) => new Set([...a].filter((i) => b.has(i)))) : new Set<number>();
  const leftOut = new Map<number, number[]>();
  const kept = new Map<number, number[]>();
  let restricted = false;
  for (const run of runs) {
    const mine = [...(played.get(run.id) ?? [])];
    const out = mine.filter((i) => !common.has(i));
    leftOut.set(run.id, out);
    kept.set(run.id, mine.filter((i) => common.has(i)));
    if (out.length) restricted = true;
  }
  const view: InstanceCoverage = { mode, total: all.size, common: common.size };
  if (mode === 'all') return { view, common: null, leftOut: new Map(), kept: new Map() };
  return { view, common: restricted ? common : null, leftOut, kept };
}

/**
 * A run's per-repetition sums on the compared instances only: its full sums minus those of the
 * instances left out, or the sums of the kept ones read directly, whichever reads fewer episodes.
 */
export function restrictedSums(store: Store, cov: Coverage, runId: number, full: readonly RepSum[]): RepSum[] {
  if (cov.common === null) return [...full];
  const out = cov.leftOut.get(runId) ?? [];
  const kept = cov.kept.get(runId) ?? [];
  if (out.length === 0) return [...full];
  if (kept.length === 0) return [];
  if (kept.length < out.length) return store.explore.repetitionSumsOn(runId, kept);
  const minus = new Map(store.explore.repetitionSumsOn(runId, out).map((s) => [`${s.metric}\u0000${s.seat}\u0000${s.repetition}`, s]));
  return full.flatMap((s) => {
    const m = minus.get(`${s.metric}\u0000${s.seat}\u0000${s.repetition}`);
    if (!m) return [s];
    const n = s.n - m.n;
    return n > 0 ? [{ ...s, n, sum: s.sum - m.sum, sum2: s.sum2 - m.sum2 }] : [];
  });
}
