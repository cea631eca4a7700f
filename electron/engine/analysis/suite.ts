/**
 * A suite's table from the store: each player's counted episodes pooled per game (every finished,
 * valid episode, as clembench pools them), the suite's per-game columns, then its overall columns.
 */
import type { SuiteView } from '../../../shared/api/views';
import { ExploreFiltersSchema } from '../../../shared/contract/explore';
import type { Game } from '../core/game';
import { runCannotPlay } from '../capabilities/images/cannot-play';
import type { PooledMetric, Suite } from '../core/suite';
import { gameById, suiteById } from '../games/registry';
import type { Store } from '../store/store';
import { selectRuns, type ViewRun } from './explore/select';
import { sampleVariance } from '../stats/intervals';
import { fixed } from '../../../shared/text/number';

export interface SuiteOptions {
  /** The dataset read per game (default: every dataset the game's runs used, pooled as clembench pools a game's episodes). */
  datasets?: Readonly<Record<string, string>>;
  /** Show each of the suite's groups as one game: the mean of its games' columns. */
  grouped?: boolean;
}

type PerPlayer = Map<string, { kind: string; metrics: Map<string, { n: number; sum: number; sum2: number }> }>;

/** One game's runs on these datasets, each named after its subject. */
function gameRuns(store: Store, game: Game<unknown>, datasets: readonly string[]): ViewRun[] {
  const all = store.runs.all();
  return datasets.flatMap((dataset) => selectRuns(all, ExploreFiltersSchema.parse({ game: game.id, dataset, instances: 'all' }), game));
}

/** Episode-level sums of every player of one game's runs. */
function pooledByPlayer(store: Store, runs: readonly ViewRun[]): PerPlayer {
  const byRun = new Map(runs.map((r) => [r.id, r]));
  const out: PerPlayer = new Map();
  for (const unit of store.explore.repetitionSums(runs.map((r) => r.id))) {
    const run = byRun.get(unit.runId);
    if (!run || unit.seat !== '') continue;
    const player = out.get(run.subject) ?? { kind: run.kind, metrics: new Map() };
    const m = player.metrics.get(unit.metric) ?? { n: 0, sum: 0, sum2: 0 };
    player.metrics.set(unit.metric, { n: m.n + unit.n, sum: m.sum + unit.sum, sum2: m.sum2 + unit.sum2 });
    out.set(run.subject, player);
  }
  return out;
}

/** Players with a run of the game stored as "cannot play" (its model takes fewer images than the game shows), and why. */
function cannotPlayByPlayer(game: Game<unknown>, runs: readonly ViewRun[]): Map<string, { kind: string; reason: string }> {
  const out = new Map<string, { kind: string; reason: string }>();
  for (const r of runs) {
    const reason = runCannotPlay(game, r.run.config);
    if (reason && !out.has(r.subject)) out.set(r.subject, { kind: r.kind, reason });
  }
  return out;
}

export function pooled(s: { n: number; sum: number; sum2: number }): PooledMetric {
  const variance = sampleVariance(s.sum, s.sum2, s.n);
  return { n: s.n, mean: s.sum / s.n, sd: variance === null ? null : Math.sqrt(variance) };
}

export function suiteTable(store: Store, suiteId: string, options: SuiteOptions = {}): SuiteView {
  const suite: Suite = suiteById(suiteId);
  const games = suite.games.map((id) => gameById(id));
  const runs = store.runs.all();
  const datasetsOf = (g: Game<unknown>) => (options.datasets?.[g.id] ? [options.datasets[g.id]!] : [...new Set(runs.filter((r) => r.game === g.id).map((r) => r.datasetName))].sort());
  const players = new Map<string, { kind: string; games: SuiteView['rows'][number]['games'] }>();
  for (const game of games) {
    const runsOfGame = gameRuns(store, game, datasetsOf(game));
    for (const [player, data] of pooledByPlayer(store, runsOfGame)) {
      const metrics = Object.fromEntries([...data.metrics].filter(([k]) => k !== '').map(([k, s]) => [k, pooled(s)]));
      const values = Object.fromEntries(suite.perGame.map((c) => [c.key, c.value(metrics)]));
      const row = players.get(player) ?? { kind: data.kind, games: {} };
      row.games[game.id] = { episodes: data.metrics.get('')?.n ?? 0, values };
      players.set(player, row);
    }
    // A player whose model cannot play the game has no episode of it; the suite says what that counts as.
    for (const [player, { kind, reason }] of cannotPlayByPlayer(game, runsOfGame)) {
      const row = players.get(player) ?? { kind, games: {} };
      if (row.games[game.id]?.episodes) continue;
      row.games[game.id] = { episodes: 0, values: Object.fromEntries(suite.perGame.map((c) => [c.key, suite.cannotPlayValues?.[c.key] ?? null])), cannotPlay: reason };
      players.set(player, row);
    }
  }
  // Over every game, before any grouping: showing the map games as one column changes no clemscore
  // (the paper's Table 1 averages over all five games, e.g. Claude-3.5's 95.33 % played).
  const overallOf = new Map([...players].map(([player, row]) => [player, Object.fromEntries(suite.overall.map((c) => [c.key, c.value(Object.values(row.games).map((g) => g.values))]))]));
  let columns = games.map((g) => ({ id: g.id, label: g.shortTitle, datasets: datasetsOf(g) }));
  if (options.grouped) {
    for (const [groupId, group] of Object.entries(suite.groups ?? {})) {
      const members = columns.filter((c) => group.games.includes(c.id));
      if (members.length === 0) continue;
      const at = columns.indexOf(members[0]!);
      columns = [...columns.slice(0, at).filter((c) => !members.includes(c)), { id: groupId, label: group.label, datasets: [...new Set(members.flatMap((m) => m.datasets))] }, ...columns.slice(at).filter((c) => !members.includes(c))];
      for (const row of players.values()) {
        const have = members.filter((m) => row.games[m.id]);
        if (have.length === 0) continue;
        const values = Object.fromEntries(suite.perGame.map((c) => [c.key, suite.mean(have.map((m) => row.games[m.id]!.values[c.key] ?? null))]));
        const reasons = have.map((m) => row.games[m.id]!.cannotPlay);
        // Marked only when no variant could be played; a partly playable group shows its mean.
        const cannot = reasons.every((r) => r !== undefined) ? [...new Set(reasons)].join('; ') : undefined;
        row.games[groupId] = { episodes: have.reduce((a, m) => a + row.games[m.id]!.episodes, 0), values, ...(cannot ? { cannotPlay: cannot } : {}) };
        for (const m of members) delete row.games[m.id];
      }
    }
  }
  const rows = [...players].map(([player, row]) => ({
    player,
    kind: row.kind,
    games: row.games,
    overall: overallOf.get(player)!,
  }));
  const first = suite.overall[0]?.key ?? '';
  rows.sort((a, b) => (b.overall[first] ?? -Infinity) - (a.overall[first] ?? -Infinity) || a.player.localeCompare(b.player));
  // The views get the columns' descriptions, not how they are computed.
  const perGame = suite.perGame.map(({ value: _value, ...column }) => column);
  const overall = suite.overall.map(({ value: _value, ...column }) => column);
  const view: SuiteView = { suite: { id: suite.id, title: suite.title, description: suite.description }, games: columns, perGame, overall, rows, best: {} };
  view.best = bestPlayers(view);
  return view;
}

/** Every player holding the best value of a column (ties all best), at the column's printed precision. */
function bestPlayers(view: SuiteView): Record<string, string[]> {
  const best: Record<string, string[]> = {};
  const pick = (key: string, direction: string, digits: number, valueOf: (r: SuiteView['rows'][number]) => number | null | undefined) => {
    if (direction === 'none') return;
    const shown = view.rows.flatMap((r) => {
      const v = valueOf(r);
      return typeof v === 'number' ? [{ player: r.player, v: Number(fixed(v, digits)) }] : [];
    });
    if (shown.length === 0) return;
    const top = direction === 'higher' ? Math.max(...shown.map((s) => s.v)) : Math.min(...shown.map((s) => s.v));
    best[key] = shown.filter((s) => s.v === top).map((s) => s.player);
  };
  for (const c of view.overall) pick(c.key, c.direction, c.digits, (r) => r.overall[c.key]);
  for (const g of view.games) for (const c of view.perGame) pick(`${g.id}:${c.key}`, c.direction, c.digits, (r) => r.games[g.id]?.values[c.key]);
  return best;
}
