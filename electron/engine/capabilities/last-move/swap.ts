/**
 * Last-turn swaps (EDA's planning/reasoning ablation, "X → Y"): a new run whose every episode starts
 * as a copy of a finished episode of run X cut before one seat's last move, with model Y in that
 * seat; played by the ordinary runner for exactly that one round (`runner/swap-rounds.ts`), scored
 * by the game as usual.
 */
import type { z } from 'zod';
import { planOfRun } from '../../core/run-plan';
import { modelLabel, ModelConfigSchema } from '../../../../shared/contract/models';
import { capabilityOf } from '../../core/capability';

import { UserError } from '../../errors';

import { APP_VERSION } from '../../version';
import type { Store } from '../../store/store';
import type { EventRecord } from '../../core/events';
import { seatPlan, type EpisodeDraw } from '../../core/seat-plan';
import type { StoredRunConfig } from '../../core/run-config';
import { playerIds } from '../../store/players';

export interface LastTurnSwap {
  runId: number;
  episodes: number;
  /** Finished episodes left out: invalid, or the seat never moved. */
  skipped: number;
}

/** Prepares the swap of `model` into run `sourceRunId`'s last moves; nothing is called yet. */
export function prepareLastTurnSwap(store: Store, sourceRunId: number, modelInput: z.input<typeof ModelConfigSchema>, options: { name?: string; concurrency?: number } = {}): LastTurnSwap {
  const model = ModelConfigSchema.parse(modelInput);
  const source = store.runs.get(sourceRunId);
  const { config, game, settings, repetitions } = planOfRun(source);
  const hooks = capabilityOf(game, 'last-move');
  if (!hooks) throw new UserError(`Run ${sourceRunId} plays ${game.shortTitle}, which offers no last-turn swap.`);
  if (config.lastTurn) throw new UserError(`Run ${sourceRunId} is itself a last-turn swap of run ${config.lastTurn.run}: swap the last turn of the original run instead.`);
  const seat = source.seats.find((s) => s.seat === hooks.seat);
  if (!seat) throw new UserError(`Run ${sourceRunId} has no ${hooks.seat} seat to swap.`);
  if (seat.playerKind === 'human' || model.provider === 'human') throw new UserError('A last-turn swap replays stored games with a model: people play their games on the Play page.');
  const draws: (EpisodeDraw & { prefix: EventRecord[] })[] = [];
  let skipped = 0;
  for (const episode of store.episodes.list(sourceRunId)) {
    if (episode.status !== 'done') continue;
    const cut = episode.invalid === null ? hooks.cut(store.events.list(episode.id)) : null;
    if (!cut) {
      skipped++;
      continue;
    }
    draws.push({ instance: episode.instance, repetition: episode.repetition, seed: episode.seed, prefix: cut.prefix });
  }
  if (draws.length === 0) throw new UserError(`Run ${sourceRunId} has no finished episodes to swap the last turn of${skipped ? ` (${skipped} left out: invalid, or the ${hooks.seat} never moved)` : ''}.`);

  const players = { ...config.players, [seat.role]: model };
  const stored: StoredRunConfig = {
    ...config,
    name: options.name ?? `${seat.player} → ${modelLabel(model)} (last turn of run ${sourceRunId})`,
    players,
    seed: source.seed,
    repetitions,
    settings,
    preflight: false,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    lastTurn: { run: sourceRunId, seat: hooks.seat },
  };
  const runId = store.transaction(() => {
    const plan = seatPlan(game, settings, draws, playerIds(store, players));
    const id = store.runs.create({
      name: stored.name ?? null, game: game.id, datasetId: source.datasetId, subset: source.subset, config: stored, seed: source.seed, appVersion: APP_VERSION,
      seats: plan.seats, episodes: draws.map((d, k) => ({ instanceId: d.instance.id, repetition: d.repetition, seed: d.seed, seats: plan.byEpisode[k] })),
    });
    store.episodes.list(id).forEach((episode, k) => store.events.copy(episode.id, draws[k]!.prefix));
    return id;
  });
  return { runId, episodes: draws.length, skipped };
}
