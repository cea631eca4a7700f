/** The images capability's API: `images.check`, the image check of a run that has not been made yet. */
import type { CapabilityModule } from '../module';
import { checkRunImages } from './run-check';

export const imagesModule: CapabilityModule = {
  key: 'images',
  register(registry, { store }) {
    registry.handle('images.check', (input) => checkRunImages(store, input));
  },
};
