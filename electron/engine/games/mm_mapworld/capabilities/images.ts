import { provide } from '../../../core/capability';
import type { InstanceRow } from '../../../core/game';
import { mmMapworldGame, mmMapworldGraphsGame, mmMapworldSpecificroomGame } from '../game';
import { mmPayload } from '../instance';
import { EXPLORER } from '../master';

// Every room's photograph, once: the explorer is shown the room it stands in, one image per message.
const imagesOf = (instance: InstanceRow) => [...new Set(mmPayload(instance.payload).mapping.map((m) => m.image))];

const mapImages = (folder: string) => ({
  of: imagesOf,
  perMessage: { [EXPLORER]: 1 },
  hint: `point Parlor at your clembench checkout (mm_mapworld/${folder}/resources/images/…: Parlor matches files by name)`,
});

export default [
  provide(mmMapworldGame, 'images', mapImages('mm_mapworld_main')),
  provide(mmMapworldSpecificroomGame, 'images', mapImages('mm_mapworld_specificroom')),
  provide(mmMapworldGraphsGame, 'images', mapImages('mm_mapworld_main')),
];
