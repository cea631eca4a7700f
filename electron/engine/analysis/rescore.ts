import { EDA_METRICS, EdaSettingsSchema, type EdaSettingsInput } from '../../../shared/games/eda';
import { edaGame } from '../games/eda/game';
import { parseRunConfig } from '../runner/prepare';
import type { Store } from '../store/store';
import { summarizeRun, type RunReport } from './report';

/**
 * Recomputes every finished episode's metrics from its stored turns alone (no model call), with the
 * run's own settings or overrides such as λ; `write` stores the new metrics.
 */
export function rescoreRun(
  store: Store,
  runId: number,
  overrides: Pick<EdaSettingsInput, 'lambda' | 'freeTurns'> = {},
  write = false,
): { report: RunReport; changed: number } {
  const config = parseRunConfig(store.getRun(runId).config);
  const settings = EdaSettingsSchema.parse({ ...config.settings, ...overrides });
  const episodes = store.listEpisodes(runId);
  let changed = 0;
  const results = episodes.flatMap((e) => {
    if (e.status !== 'done') return [];
    const result = edaGame.rescore(store.getTurns(e.id), settings);
    if (JSON.stringify(result.metrics) !== JSON.stringify(e.metrics) || result.outcome !== e.outcome) changed++;
    return [{ episodeId: e.id, ...result }];
  });
  if (write) {
    store.transaction(() => {
      store.updateEpisodeResults(results);
      store.updateRunConfig(runId, { ...config, settings });
    });
  }
  const byId = new Map(results.map((r) => [r.episodeId, r.metrics]));
  const report = summarizeRun(
    episodes.map((e) => ({ ...e, metrics: byId.get(e.id) ?? e.metrics })),
    EDA_METRICS.map((m) => m.key),
  );
  return { report, changed };
}
