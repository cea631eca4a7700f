/** The training export at run time: chosen runs' games as one JSONL file, with the notes a researcher must read. */
import type { CapabilityModule } from '../module';
import { exportTraining } from './export';

export const trainingModule: CapabilityModule = {
  key: 'training',
  register(registry, { store }) {
    registry.handle('runs.trainingExport', ({ runIds, format, games, subsets, allowHeldOut, rule }) => {
      const result = exportTraining(store, { runIds, format, games, allowHeldOut, ...(subsets ? { subsets } : {}), ...(rule ? { rule } : {}) });
      const filename = `runs-${runIds.join('-')}-${format === 'chat' ? `chat-${games}` : 'rewards'}.jsonl`;
      return { filename, mime: 'application/x-ndjson', content: result.lines.map((l) => `${l}\n`).join(''), notes: result.notes, lines: result.lines.length };
    });
  },
};
