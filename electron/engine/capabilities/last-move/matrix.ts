/**
 * The planning/reasoning ablation read back: the X → Y matrix of a metric (EDA: Score, as Table 6)
 * with 95% t intervals over episodes, from swap runs and the original runs (X → X), one matrix per
 * dataset; and a swap run's episodes beside their originals, the last move as played and as swapped.
 */
import type { MetricSpec } from '../../../../shared/contract/game';
import { planOfRun } from '../../core/run-plan';
import type { SwapCell, SwapMatrix, SwapMatrixView, SwapPair, SwapPairsView } from '../../../../shared/api/capabilities/last-move';
import { intervalFor } from '../../stats/intervals';
import { capabilityOf } from '../../core/capability';

import type { EventRecord } from '../../core/events';
import { UserError } from '../../errors';

import type { EpisodeRow, Store } from '../../store/store';

type Metric = SwapMatrixView['metric'];

function metricOf(store: Store, runId: number, key?: string): { metric: Metric; spec: MetricSpec; seat: string; game: string } {
  const { game } = planOfRun(store.runs.get(runId));
  const hooks = capabilityOf(game, 'last-move');
  if (!hooks) throw new UserError(`Run ${runId} plays ${game.shortTitle}, which offers no last-turn swap.`);
  const wanted = key ?? game.view.sortBy;
  const spec = game.metrics.find((m) => m.key === wanted);
  if (!spec) throw new UserError(`${game.shortTitle} has no metric "${wanted}"; it has ${game.metrics.map((m) => m.key).join(', ')}.`);
  return { metric: { key: spec.key, label: spec.label, digits: spec.digits ?? 2 }, spec, seat: hooks.seat, game: game.id };
}

const counted = (e: EpisodeRow) => e.status === 'done' && e.invalid === null;
const playerIn = (store: Store, runId: number, seat: string) => store.runs.get(runId).seats.find((s) => s.seat === seat)?.player ?? '?';

/** X → Y cells of the chosen runs: a swap run fills (its source's player, its player), any other run (its player, its player). */
export function swapMatrix(store: Store, runIds: readonly number[], metricKey?: string): SwapMatrixView {
  if (runIds.length === 0) throw new UserError('Choose at least one run.');
  const first = metricOf(store, runIds[0]!, metricKey);
  const groups = new Map<string, Map<string, { from: string; to: string; values: number[]; runIds: number[] }>>();
  for (const runId of runIds) {
    const info = metricOf(store, runId, first.metric.key);
    if (info.game !== first.game) throw new UserError(`Run ${runId} plays another game than run ${runIds[0]}: an X → Y table compares one game.`);
    const run = store.runs.get(runId);
    const config = planOfRun(run).config;
    const to = playerIn(store, runId, info.seat);
    const from = config.lastTurn ? playerIn(store, config.lastTurn.run, info.seat) : to;
    const dataset = `${run.datasetName}/${run.subset}`;
    const cells = groups.get(dataset) ?? new Map();
    groups.set(dataset, cells);
    const cell = cells.get(`${from}\u0000${to}`) ?? { from, to, values: [], runIds: [] };
    cells.set(`${from}\u0000${to}`, cell);
    cell.runIds.push(runId);
    for (const e of store.episodes.list(runId)) {
      const value = counted(e) ? e.scores?.[first.metric.key] : undefined;
      if (typeof value === 'number') cell.values.push(value);
    }
  }
  const datasets: SwapMatrix[] = [...groups].map(([dataset, cells]) => {
    const list: SwapCell[] = [...cells.values()].map(({ from, to, values, runIds: ids }) => {
      const sum = values.reduce((a, b) => a + b, 0);
      const sum2 = values.reduce((a, b) => a + b * b, 0);
      const n = values.length;
      return { from, to, n, mean: n ? sum / n : Number.NaN, ...intervalFor(first.spec, sum, sum2, n), runIds: ids };
    });
    const names = (pick: (c: SwapCell) => string) => [...new Set(list.map(pick))].sort();
    return { dataset, from: names((c) => c.from), to: names((c) => c.to), cells: list };
  });
  return { seat: first.seat, metric: first.metric, datasets };
}

function lastMoveLines(events: readonly EventRecord[], round: number): { from: string | null; text: string }[] {
  return events.filter((e) => e.round === round && e.kind !== 'prompt' && e.text !== null).map((e) => ({ from: e.from, text: e.text! }));
}

/** A swap run's episodes beside their originals: the round each was cut at, as played and as swapped. */
export function swapPairs(store: Store, runId: number): SwapPairsView {
  const run = store.runs.get(runId);
  const config = planOfRun(run).config;
  if (!config.lastTurn) throw new UserError(`Run ${runId} is not a last-turn swap (start one with parlor ablate --trajectories <run> --last-turn <model>).`);
  const { metric, seat } = metricOf(store, runId);
  // metricOf has refused a game without last-move swaps.
  const hooks = capabilityOf(planOfRun(run).game, 'last-move')!;
  const swapped = new Map(store.episodes.list(runId).map((e) => [`${e.instance.id}/${e.repetition}`, e]));
  const pairs: SwapPair[] = [];
  for (const original of store.episodes.list(config.lastTurn.run)) {
    const twin = swapped.get(`${original.instance.id}/${original.repetition}`);
    if (!counted(original) || !twin) continue;
    const events = store.events.list(original.id);
    const round = hooks.cut(events)?.round;
    if (round === undefined) continue;
    const value = (e: EpisodeRow) => (typeof e.scores?.[metric.key] === 'number' ? e.scores[metric.key]! : null);
    pairs.push({
      instance: original.instance.name,
      repetition: original.repetition,
      round,
      originalEpisodeId: original.id,
      swappedEpisodeId: twin.id,
      original: { lines: lastMoveLines(events, round), outcome: original.outcome, value: value(original) },
      swapped: twin.status === 'done' ? { lines: lastMoveLines(store.events.list(twin.id), round), outcome: twin.outcome, value: value(twin) } : null,
    });
  }
  return { runId, sourceRunId: config.lastTurn.run, from: playerIn(store, config.lastTurn.run, seat), to: playerIn(store, runId, seat), metric, pairs };
}
