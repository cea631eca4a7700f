/** The training export in the app: its panel on a finished run's page. */
import type { RendererCapability } from '../types';
import { TrainingExport } from './TrainingExport';

export const trainingUi: RendererCapability = {
  key: 'training',
  runSections: ({ run, game }) => (run.summary.done > 0 && game?.training ? <TrainingExport runId={run.summary.id} game={game} subset={run.summary.subset} /> : null),
};
