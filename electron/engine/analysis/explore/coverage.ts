/**
 * Errors must never change a ranking. A player whose hard episodes failed would otherwise be scored
 * on its easy ones only; so by default players are compared on the instances every one of them
 * finished (every episode on it done and counted), and the views say how many were left out.
 *
 * Only players that can stand for a comparison narrow those instances: a player with fewer counted
 * episodes than the view's minimum (a one-game try) or a person (unless the filters ask for people
 * to count) would otherwise shrink every model's table to the one instance they happened to play.
 * Such players are still shown, on the common instances only (so usually "too few"), and the
 * coverage names them and why. When no player qualifies, every player narrows the set, as before.
 */
import type { InstanceCoverage } from '../../../../shared/api/views';
import { tooFew } from '../../../../shared/stats/caution';
import type { RepSum } from '../../store/explore';
import type { Store } from '../../store/store';
import { rowKind, rowsOf, type ExploreFilters, type ViewRun } from './select';

export interface Coverage {
  view: InstanceCoverage;
  /** The instances compared on; null when nothing needs restricting (every player finished the same ones, or `all` mode). */
  common: Set<number> | null;
  /** Per run: how many of the instances it played are left out, and how many kept. */
  counts: Map<number, { out: number; kept: number }>;
  /** Instances some run played that are not compared on. */
  leftOut: number[];
}

/** What decides the compared instances: the mode, and who may narrow them in `common` mode. */
export type CoverageRule = Pick<ExploreFilters, 'instances' | 'minEpisodes' | 'commonWithHumans'>;

interface PlayerInstances {
  done: Set<number>;
  failed: Set<number>;
  /** Counted episodes before any restriction (what the minimum is checked against). */
  episodes: number;
  human: boolean;
}

/** Who does not narrow the compared instances, and why (people first named as such). */
function outsiders(players: ReadonlyMap<string, PlayerInstances>, rule: CoverageRule): { player: string; reason: 'human' | 'too-few'; episodes: number }[] {
  return [...players]
    .filter(([, p]) => (p.human && !rule.commonWithHumans) || tooFew(p.episodes, rule.minEpisodes))
    .map(([player, p]) => ({ player, reason: p.human && !rule.commonWithHumans ? ('human' as const) : ('too-few' as const), episodes: p.episodes }))
    .sort((a, b) => a.player.localeCompare(b.player));
}

export function coverage(store: Store, runs: readonly ViewRun[], rule: CoverageRule): Coverage {
  const mode = rule.instances;
  const ids = runs.map((r) => r.id);
  const played = store.explore.playedInstances(ids);
  // All-mode needs only what each player counted (the sums table); the failures matter to `common`.
  const unfinished = mode === 'all' ? new Map<number, readonly number[]>() : store.explore.unfinishedInstances(ids);
  const episodesOf = mode === 'common' ? store.explore.countedEpisodes(ids) : new Map<number, number>();
  // A player finished an instance when some run of theirs counted an episode on it and none failed on it.
  const byPlayer = new Map<string, PlayerInstances>();
  for (const run of runs) {
    for (const row of rowsOf(run, '')) {
      const p = byPlayer.get(row) ?? { done: new Set<number>(), failed: new Set<number>(), episodes: 0, human: false };
      for (const i of played.get(run.id) ?? []) p.done.add(i);
      for (const i of unfinished.get(run.id) ?? []) p.failed.add(i);
      p.episodes += episodesOf.get(run.id) ?? 0;
      p.human ||= rowKind(run, row) === 'human';
      byPlayer.set(row, p);
    }
  }
  // Every finished episode counts, nothing is restricted; the view still says when the players' instances differ.
  if (mode === 'all') {
    const done = [...byPlayer.values()].map((p) => p.done);
    const counted = new Set(done.flatMap((d) => [...d]));
    const shared = [...counted].filter((i) => done.every((d) => d.has(i))).length;
    return { view: { mode, total: counted.size, shared }, common: null, counts: new Map(), leftOut: [] };
  }
  const all = new Set<number>();
  for (const p of byPlayer.values()) for (const i of [...p.done, ...p.failed]) all.add(i);
  // Nothing played (every episode failed, or none matches): no one narrows anything, and nothing is said.
  const outside = all.size === 0 ? [] : outsiders(byPlayer, rule);
  const everyoneShapes = outside.length > 0 && outside.length === byPlayer.size;
  const shaping = [...byPlayer].filter(([player]) => everyoneShapes || !outside.some((o) => o.player === player)).map(([, p]) => p);
  const finishedBy = shaping.map((p) => new Set([...p.done].filter((i) => !p.failed.has(i))));
  const common = finishedBy.length ? finishedBy.reduce((a, b) => new Set([...a].filter((i) => b.has(i)))) : new Set<number>();
  const counts = new Map<number, { out: number; kept: number }>();
  let restricted = false;
  for (const run of runs) {
    const mine = played.get(run.id) ?? [];
    const kept = mine.reduce((n, i) => n + (common.has(i) ? 1 : 0), 0);
    counts.set(run.id, { out: mine.length - kept, kept });
    if (kept < mine.length) restricted = true;
  }
  const leftOut = [...all].filter((i) => !common.has(i));
  const view: InstanceCoverage = {
    mode,
    total: all.size,
    common: common.size,
    leftOutByFailures: leftOut.filter((i) => shaping.some((p) => p.failed.has(i))).length,
    outside: everyoneShapes ? [] : outside,
    everyoneShapes,
    minEpisodes: rule.minEpisodes,
  };
  return { view, common: restricted ? common : null, counts, leftOut };
}

/**
 * The runs' per-repetition sums on the compared instances only. A run that left nothing out keeps its
 * sums; one that kept more than it left out gets its full sums minus those of the left-out instances;
 * the others the sums of the kept ones, read directly: whichever reads fewer episodes. Two queries for
 * all runs, in run, metric, seat, repetition order (the order the leaderboard adds them up in).
 */
export function restrictedSums(store: Store, cov: Coverage, runs: readonly ViewRun[], full: readonly RepSum[]): RepSum[] {
  if (cov.common === null) return [...full];
  const subtract: number[] = [];
  const direct: number[] = [];
  for (const run of runs) {
    const c = cov.counts.get(run.id);
    if (!c || c.out === 0) continue;
    if (c.kept < c.out) direct.push(run.id); // (nothing kept: no sums at all)
    else subtract.push(run.id);
  }
  const key = (s: RepSum) => `${s.runId}\u0000${s.metric}\u0000${s.seat}\u0000${s.repetition}`;
  const minus = new Map(store.explore.repetitionSumsOn(subtract, cov.leftOut).map((s) => [key(s), s]));
  const directIds = new Set(direct);
  const subtractIds = new Set(subtract);
  const out: RepSum[] = [];
  for (const s of full) {
    if (directIds.has(s.runId)) continue;
    if (!subtractIds.has(s.runId)) {
      out.push(s);
      continue;
    }
    const m = minus.get(key(s));
    if (!m) out.push(s);
    else if (s.n - m.n > 0) out.push({ ...s, n: s.n - m.n, sum: s.sum - m.sum, sum2: s.sum2 - m.sum2 });
  }
  out.push(...store.explore.repetitionSumsOn(direct, [...cov.common]));
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0); // SQLite's binary order, as repetitionSums reads them
  const order = (a: RepSum, b: RepSum) => a.runId - b.runId || text(a.metric, b.metric) || text(a.seat, b.seat) || a.repetition - b.repetition;
  return out.sort(order);
}
