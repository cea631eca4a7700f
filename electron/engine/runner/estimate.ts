import type { RunEstimateView } from '../../../shared/api/contract';
import { modelLabel } from '../../../shared/contract/models';
import { planOf, planOfNew } from '../core/run-plan';
import { ImageSourcesSchema, roleModels, RunConfigSchema, type RunConfig } from '../../../shared/contract/run';
import { BATCH_SHARE, callCost, priceFor } from '../analysis/cost';
import type { Store } from '../store/store';
import { capabilityOf } from '../core/capability';
import { cannotPlay } from '../capabilities/images/cannot-play';
import { selectInstances } from '../core/selection';
import { unstoredRow } from '../core/game';

import { instancesOf, resolveFixed } from './fixed-subsets';
import { checkImages } from '../capabilities/images/check';

/** The estimate as the API contract shapes it (the UI and the CLI show the same numbers). */
export type RunEstimate = RunEstimateView;

/**
 * An estimate as the New run page asks for it: where the run is to play only the experiments whose
 * images are all found (`images.missing: "skip"`), only those are counted, as the run will play them
 * (found without downloading anything: an estimate fetches nothing), and the others are named.
 */
export async function estimateRunChecked(store: Store, input: unknown): Promise<RunEstimate> {
  // The whole choice first: it checks the config as a new run's, with the errors the form shows.
  const whole = estimateRun(store, input);
  const config = RunConfigSchema.parse(input);
  const { game, settings } = planOf(config);
  const images = capabilityOf(game, 'images');
  const sources = ImageSourcesSchema.parse(config.images ?? {});
  if (!images || sources.missing !== 'skip') return whole;
  const { ref, fixed } = resolveFixed(store, game, config.dataset);
  const dataset = game.datasets.load(ref);
  const chosen = selectInstances(instancesOf(dataset.instances, fixed), { experiments: config.dataset.experiments, limit: config.limit });
  const check = await checkImages(store, images, settings, chosen.map((i, position) => unstoredRow(i, dataset.subset, position)), { ...sources, download: false });
  if (check.incomplete.length === 0 || check.complete.length === 0) return whole;
  const estimate = estimateRun(store, { ...config, dataset: { ...config.dataset, experiments: check.complete } });
  return { ...estimate, leftOut: check.incomplete };
}

/** A dry estimate of a run's size and cost before anything is played: the game's upper bound per episode, times episodes. */
export function estimateRun(store: Store, input: unknown): RunEstimate {
  const { game, settings, repetitions, config } = planOfNew(input);
  const { ref, fixed } = resolveFixed(store, game, config.dataset);
  const dataset = game.datasets.load(ref);
  const chosen = selectInstances(instancesOf(dataset.instances, fixed), { experiments: config.dataset.experiments, limit: config.limit });
  const instances = chosen.length;
  // Seat the first episode, so a seating the game refuses (more models than seats) shows before the run starts.
  if (chosen[0]) game.seats(unstoredRow(chosen[0], dataset.subset, 0), settings, { seed: 0, repetition: 1, members: Object.fromEntries(Object.entries(config.players).map(([role, p]) => [role, roleModels(p).length])) });
  // A run whose models cannot take the game's images plays nothing and calls nobody.
  const episodes = cannotPlay(game, config.players) ? 0 : instances * repetitions;
  const perEpisode = game.estimate(settings, dataset.kind);
  const prices = store.models.listPrices();
  let usd: number | null = 0;
  const unpriced: string[] = [];
  const total = { calls: 0, inputTokens: 0, outputTokens: 0 };
  // Calls that wait on a model (a built-in player answers at once), and those of them batch mode batches.
  const waited = { calls: 0, batched: 0 };
  const batchedRoles = config.batch?.roles;
  for (const role of game.roles.map((r) => r.id)) {
    const use = perEpisode[role] ?? { calls: 0, inputTokens: 0, outputTokens: 0 };
    const tokens = { calls: episodes * use.calls, inputTokens: episodes * use.inputTokens, outputTokens: episodes * use.outputTokens };
    total.calls += tokens.calls;
    total.inputTokens += tokens.inputTokens;
    total.outputTokens += tokens.outputTokens;
    // A role several models fill (one seat each) shares its use evenly among them.
    const models = roleModels(config.players[role]!);
    const modelShare = models.filter((m) => m.provider !== 'builtin').length / models.length;
    waited.calls += tokens.calls * modelShare;
    if (!batchedRoles || batchedRoles.includes(role)) waited.batched += use.calls * modelShare;
    for (const model of models) {
      const price = priceFor(prices, model.provider, model.model);
      // A built-in player costs nothing.
      if (model.provider === 'builtin') continue;
      if (!price) {
        if (!unpriced.includes(modelLabel(model))) unpriced.push(modelLabel(model));
        usd = null;
      } else if (usd !== null) {
        usd += callCost(price, tokens.inputTokens / models.length, tokens.outputTokens / models.length);
      }
    }
  }
  return { episodes, ...total, usd, unpriced, modes: modesOf(config, episodes, waited.calls, usd, waited.batched) };
}

/** A typical chat call's duration, for a live estimate without a configured rate limit. */
export const ASSUMED_CALL_SECONDS = 2;

/**
 * Live: the run's model calls (`calls`; built-in players answer at once) at its models' slowest
 * configured requests-per-minute cap, or else at an assumed 2 s a call with `concurrency` episodes in
 * flight (a key's limits can only make it longer). Batch: half the price; an episode's batched model
 * calls are its steps (`batchedPerEpisode`, by default all of its calls), and each step of all
 * episodes is one batch per model. A run of built-in players only waits on no model and sends no batch.
 */
export function modesOf(config: RunConfig, episodes: number, calls: number, usd: number | null, batchedPerEpisode?: number): RunEstimate['modes'] {
  const models = Object.values(config.players).flatMap((p) => roleModels(p)).filter((m) => m.provider !== 'builtin');
  if (models.length === 0 || calls === 0) {
    return {
      live: { usd, minutes: 0, basis: 'with built-in players only: no model call to wait for' },
      batch: { usd: usd === null ? null : usd * BATCH_SHARE, batches: 0, basis: 'no batch: built-in players call no model' },
    };
  }
  const rpms = models.map((m) => m.rpm).filter((r): r is number => r !== undefined);
  const perEpisode = episodes ? calls / episodes : 0;
  const configured = rpms.length === models.length && rpms.length > 0;
  const minutes = configured ? calls / (Math.min(...rpms) * models.length) : (Math.ceil(episodes / config.concurrency) * perEpisode * ASSUMED_CALL_SECONDS) / 60;
  const live = {
    usd,
    minutes,
    basis: configured ? `at the configured ${Math.min(...rpms).toLocaleString('en-US')} requests per minute per model` : `at ${ASSUMED_CALL_SECONDS} s a call with ${config.concurrency} episodes in flight (a key's rate limits can make it longer)`,
  };
  const batches = Math.ceil(batchedPerEpisode ?? perEpisode);
  return {
    live,
    batch: { usd: usd === null ? null : usd * BATCH_SHARE, batches, basis: `up to ${batches.toLocaleString('en-US')} batches one after another (one step of all episodes each), each answered within 24 h, usually in minutes` },
  };
}
