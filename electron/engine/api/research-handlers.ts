import { swapMatrix, swapPairs } from '../analysis/last-turn';
import { probeView } from '../analysis/probes';
import { swapMatrixCsv, swapMatrixLatex } from '../io/last-turn';
import { prepareLastTurnSwap } from '../runner/last-turn';
import type { Store } from '../store/store';
import type { HandlerRegistry } from './registry';

/** The research tools: dialogue-state probes, last-turn swaps, failure-mode tags. */
export function registerResearch(registry: HandlerRegistry, store: Store, launch: (runId: number) => Promise<void>): void {
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
    .handle('ablation.pairs', ({ runId }) => swapPairs(store, runId));
}
