import type { RunEstimateView } from '../../../shared/api/contract';
import { modelLabel } from '../../../shared/contract/models';
import { edaPrompts } from '../../../shared/games/eda';
import { callCost, estimateEdaTokens, priceFor } from '../analysis/cost';
import { loadEdaDataset } from '../datasets/eda';
import type { Store } from '../store/store';
import { parseRunConfig } from './prepare';

/** The estimate as the API contract shapes it (the UI and the CLI show the same numbers). */
export type RunEstimate = RunEstimateView;

/** A dry estimate of a run's size and cost before anything is played (an upper bound). */
export function estimateRun(store: Store, input: unknown): RunEstimate {
  const config = parseRunConfig(input);
  const dataset = loadEdaDataset(config.dataset);
  const entities = config.limit ? Math.min(config.limit, dataset.entities.length) : dataset.entities.length;
  const episodes = entities * config.repetitions;
  const prompts = edaPrompts(dataset.kind, config.settings);
  const tokens = estimateEdaTokens(
    episodes,
    config.settings.maxTurns,
    { promptChars: prompts.guesser.length, maxTokens: config.settings.guesser.maxTokens },
    { promptChars: prompts.judge.length, maxTokens: config.settings.judge.maxTokens },
  );
  const prices = store.listPrices();
  let usd: number | null = 0;
  const unpriced: string[] = [];
  for (const role of ['guesser', 'judge'] as const) {
    const model = config.players[role];
    const price = priceFor(prices, model.provider, model.model);
    if (!price) {
      unpriced.push(modelLabel(model));
      usd = null;
    } else if (usd !== null) {
      usd += callCost(price, tokens[role].inputTokens, tokens[role].outputTokens);
    }
  }
  return {
    episodes,
    calls: tokens.guesser.calls + tokens.judge.calls,
    inputTokens: tokens.guesser.inputTokens + tokens.judge.inputTokens,
    outputTokens: tokens.guesser.outputTokens + tokens.judge.outputTokens,
    usd,
    unpriced,
  };
}
