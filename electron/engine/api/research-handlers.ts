import { failureTagsView, reviewFailureTag } from '../analysis/failure-tags';
import { swapMatrix, swapPairs } from '../analysis/last-turn';
import { probeView } from '../analysis/probes';
import { failureCountsCsv, failureCountsLatex } from '../io/failure-tags';
import { swapMatrixCsv, swapMatrixLatex } from '../io/last-turn';
import type { ModelFactory } from '../players/factory';
import { taggerSource, tagWithModel } from '../runner/failure-tagger';
import { prepareLastTurnSwap } from '../runner/last-turn';
import type { UiEvent } from '../../../shared/api/contract';
import { ModelConfigSchema } from '../../../shared/contract/models';
import type { Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';

/** The research tools: dialogue-state probes, last-turn swaps, failure-mode tags. */
export function registerResearch(registry: HandlerRegistry, store: Store, launch: (runId: number) => Promise<void>, factory: () => ModelFactory, emit: (event: UiEvent) => void): void {
  registry
    .handle('probes.view', ({ runIds }) => probeView(store, runIds))
    .handle('ablation.start', async ({ runId, model }) => {
      const swap = prepareLastTurnSwap(store, runId, model);
      await launch(swap.runId);
      return swap;
    })
    .handle('ablation.matrix', ({ runIds, metric }) => swapMatrix(store, runIds, metric))
    .handle('ablation.export', ({ runIds, metric, format }) => {
      const view = swapMatrix(store, runIds, metric);
      const name = `last-turn-${view.metric.key}-runs-${runIds.join('-')}`;
      return format === 'csv' ? { filename: `${name}.csv`, mime: 'text/csv', content: swapMatrixCsv(view) } : { filename: `${name}.tex`, mime: 'application/x-tex', content: swapMatrixLatex(view) };
    })
    .handle('ablation.pairs', ({ runId }) => swapPairs(store, runId))
    .handle('tags.view', ({ runIds, sources, rules }) => failureTagsView(store, runIds, { ...(sources ? { sources } : {}), ...(rules ? { rules } : {}) }))
    .handle('tags.export', ({ runIds, sources, rules, format }) => {
      const view = failureTagsView(store, runIds, { ...(sources ? { sources } : {}), ...(rules ? { rules } : {}) });
      const name = `failure-modes-runs-${runIds.join('-')}`;
      return format === 'csv' ? { filename: `${name}.csv`, mime: 'text/csv', content: failureCountsCsv(view) } : { filename: `${name}.tex`, mime: 'application/x-tex', content: failureCountsLatex(view) };
    })
    .handle('tags.review', (input) => {
      reviewFailureTag(store, input);
      return { ok: true as const };
    })
    .handle('tags.llm', ({ runIds, model }) => {
      const source = taggerSource(ModelConfigSchema.parse(model));
      return tagWithModel(store, runIds, model, { createModel: factory(), onEpisode: (done, total) => emit({ type: 'tagging', source, done, total }) });
    });
}
