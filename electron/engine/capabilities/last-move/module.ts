/** Last-turn swaps at run time: start one (played at once), and read the X → Y matrix, its files and the pairs. */
import type { CapabilityModule } from '../module';
import { swapMatrixCsv, swapMatrixLatex } from './files';
import { swapMatrix, swapPairs } from './matrix';
import { prepareLastTurnSwap } from './swap';

export const lastMoveModule: CapabilityModule = {
  key: 'last-move',
  register(registry, { store, launch }) {
    registry
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
  },
};
