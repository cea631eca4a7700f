/** Dialogue-state probing at run time: the probes of chosen runs, read back per episode and per model. */
import type { CapabilityModule } from '../module';
import { probeView } from './view';

export const probingModule: CapabilityModule = {
  key: 'probing',
  register(registry, { store }) {
    registry.handle('probes.view', ({ runIds }) => probeView(store, runIds));
  },
};
