/**
 * Finding the images a game names, in a fixed order: the media store (found before: the same bytes
 * every time), the game's own makers (rendered grids), the user's folders, a download by URL. What
 * is found is stored under its name; what is not comes back with every place that was tried.
 */
import type { ImageMaker } from './provision';
import { IMAGE_FILE, readUserFile } from '../../core/user-file';
import { describeError } from '../../errors';
import type { Store } from '../../store/store';
import { decodeImage } from '../../media/canvas';
import { downloadImage } from './download';
import { FolderIndex } from './folders';
import { sniffImage } from '../../media/sniff';

export interface ImageSources {
  /** The user's image folders (a clembench checkout, a folder of photos), searched in order. */
  folders: readonly string[];
  /** Fetch images named by URL when they are found nowhere else. */
  download: boolean;
}

export interface FoundImage {
  sha: string;
  mime: string;
  /** Where the bytes came from (a path, a URL, a maker), as first found. */
  source: string;
}

export interface MissingImage {
  name: string;
  /** Every place tried, with why it did not have the image. */
  looked: string[];
}

export interface ImageSearch {
  found: Map<string, FoundImage>;
  missing: MissingImage[];
}

const isUrl = (name: string) => /^https?:\/\//i.test(name);

/** Checks that bytes are an image Parlor can decode (a truncated download or a stray text file is refused now, not mid-episode). */
async function imageOf(bytes: Uint8Array, what: string): Promise<{ ok: true; mime: string } | { ok: false; why: string }> {
  const mime = sniffImage(bytes);
  if (!mime) return { ok: false, why: `${what} is not a PNG, JPEG, GIF, WebP or BMP image` };
  try {
    await decodeImage(bytes, what);
  } catch (error) {
    return { ok: false, why: describeError(error) };
  }
  return { ok: true, mime };
}

/** One place's answer for an image: its bytes, or every reason the place did not have it. */
type Attempt = { ok: true; bytes: Uint8Array; mime: string; source: string } | { ok: false; looked: string[] };

function fromMakers(name: string, makers: readonly ImageMaker[]): Attempt {
  const looked: string[] = [];
  for (const maker of makers) {
    try {
      const made = maker.make(name);
      if (made) return { ok: true, bytes: made.bytes, mime: made.mime, source: maker.label };
      looked.push(`${maker.label}: not one of its images`);
    } catch (error) {
      looked.push(`${maker.label}: ${describeError(error)}`);
    }
  }
  return { ok: false, looked };
}

async function fromFolders(name: string, indexes: readonly FolderIndex[]): Promise<Attempt> {
  if (indexes.length === 0) return { ok: false, looked: ['your image folders: none given (--images <folder>)'] };
  const looked: string[] = [];
  for (const index of indexes) {
    const match = index.find(name);
    if (!match.ok) {
      looked.push(`${index.root}: ${match.why}${index.truncated ? ` (only the first ${index.files} images were indexed)` : ''}`);
      continue;
    }
    let bytes: Uint8Array;
    try {
      // A user's folder may hold anything under an image's name: a named pipe, a link to /dev/zero, a huge file.
      bytes = readUserFile(match.path, match.path, IMAGE_FILE);
    } catch (error) {
      looked.push(describeError(error));
      continue;
    }
    const image = await imageOf(bytes, match.path);
    if (image.ok) return { ok: true, bytes, mime: image.mime, source: match.path };
    looked.push(image.why);
  }
  return { ok: false, looked };
}

async function fromDownload(name: string, allowed: boolean): Promise<Attempt> {
  if (!isUrl(name)) return { ok: false, looked: ['download: the name is not a URL'] };
  if (!allowed) return { ok: false, looked: ['download: not allowed (--download-images)'] };
  const got = await downloadImage(name);
  const image = got.ok ? await imageOf(got.bytes, name) : got;
  if (got.ok && image.ok) return { ok: true, bytes: got.bytes, mime: image.mime, source: name };
  return { ok: false, looked: [`download: ${image.ok ? '' : image.why}`] };
}

/**
 * `indexes`: folder indexes to reuse across calls (an import asks once per model pair and game); by
 * default each call indexes the folders afresh, so images added since the last check are seen.
 */
export async function findImages(store: Store, names: Iterable<string>, sources: ImageSources, makers: readonly ImageMaker[] = [], indexes: Map<string, FolderIndex> = new Map()): Promise<ImageSearch> {
  const found = new Map<string, FoundImage>();
  const missing: MissingImage[] = [];
  // Indexed on the first name that needs a folder, each folder once.
  const folderIndexes = () =>
    sources.folders.map((f) => {
      const index = indexes.get(f) ?? new FolderIndex(f);
      indexes.set(f, index);
      return index;
    });
  for (const name of new Set(names)) {
    const known = store.media.named(name);
    if (known) {
      found.set(name, known);
      continue;
    }
    const looked = ['the media store: not found before'];
    const places = [() => fromMakers(name, makers), () => fromFolders(name, folderIndexes()), () => fromDownload(name, sources.download)];
    for (const place of places) {
      const got = await place();
      if (got.ok) {
        found.set(name, { sha: store.media.putNamed(name, got.bytes, got.mime, got.source), mime: got.mime, source: got.source });
        break;
      }
      looked.push(...got.looked);
    }
    if (!found.has(name)) missing.push({ name, looked });
  }
  return { found, missing };
}
