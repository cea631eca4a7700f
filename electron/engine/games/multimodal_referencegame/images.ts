/**
 * The images of the multimodal reference game. Every instance names six (the describer's three, the
 * follower's three). The grid images Parlor draws itself from the ASCII grids they were rendered from;
 * the photographs (ADE20K, DOCCI, CLEVR) and the pentomino boards of Sadler et al. (2024), whose
 * generator is not available, come from the user's clembench checkout.
 */
import type { GameImages, ImageMaker } from '../../capabilities/images/provision';
import { renderGrid } from './grid-image';
import { gridOfImage } from './grids';
import { imagesOf, mmPayload } from './payload';
import type { MmRefSettings } from './settings';

/** Renders `…/multimodal_referencegame/resources/grid_images/<n>.png` from the n-th grid clembench's generator met. */
export const gridImageMaker: ImageMaker = {
  label: "rendered from clembench's ascii_game_instances.json (as plot_grid drew it)",
  make(name) {
    const grid = gridOfImage(name);
    return grid === null ? null : { bytes: renderGrid(grid), mime: 'image/png' };
  },
};

export const MM_REF_IMAGES: GameImages<MmRefSettings> = {
  of(instance) {
    const { describer, follower } = imagesOf(mmPayload(instance.payload));
    return [...describer, ...follower];
  },
  perMessage: { describer: 3, follower: 3 },
  makers: [gridImageMaker],
  hint: 'Point Parlor at your clembench checkout (the folder holding multimodal_referencegame/resources/…): the photographs (ADE20K, DOCCI, CLEVR) and the pentomino boards ship with clembench; Parlor draws only the grid images.',
};
