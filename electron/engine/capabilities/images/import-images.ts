/**
 * The images of an imported log (`parlor import`): what its instances name is looked for in the log's
 * folder, then the user's; what is found is stored with the episodes, and an image nobody has gets a
 * stand-in card in its transcripts, never an error.
 */
import { mediaRef } from '../../../../shared/contract/content';
import type { InstanceRow } from '../../core/game';
import type { Store } from '../../store/store';
import type { FolderIndex } from './folders';
import { placeholderPng } from './placeholder';
import type { GameImages } from './provision';
import { findImages } from './resolve';

/** Images the imported instances name: found (stored), and missing (transcripts show a stand-in card). */
export interface ImportedImages {
  needed: number;
  found: number;
  missing: string[];
}

/** Finds and stores the images these instances name, adds them to the tally, and gives the stand-in for the others. */
export async function importImages<S>(store: Store, images: GameImages<S>, settings: S, rows: readonly InstanceRow[], folders: readonly string[], tally: ImportedImages, indexes: Map<string, FolderIndex>) {
  const names = new Set(rows.flatMap((r) => images.of(r, settings)));
  const search = await findImages(store, names, { folders, download: false }, images.makers ?? [], indexes);
  tally.needed += names.size;
  tally.found += search.found.size;
  tally.missing.push(...search.missing.map((m) => m.name));
  return (name: string) => ({ ref: mediaRef(store.media.put(placeholderPng(name), 'image/png')), mime: 'image/png' });
}
