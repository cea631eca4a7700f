/** The training export in the app: its panel on a finished run's page. */
import type { RendererCapability } from '../types';
import { trainingShown } from './shown';
import { TrainingExport } from './TrainingExport';

export const trainingUi: RendererCapability = {
  key: 'training',
  runSections: (slot) => (trainingShown(slot) && slot.game ? <TrainingExport runId={slot.run.summary.id} game={slot.game} subset={slot.run.summary.subset} /> : null),
};
