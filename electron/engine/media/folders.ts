/**
 * Finding a named image in the user's folders. Games name images by paths of their own harness
 * (`../clembench/multimodal_referencegame/resources/clevr_images/1.jpg`) or by URL; a user's copy of
 * those resources sits anywhere and is laid out a little differently (clembench's MapWorld instances
 * say `resources/images/X.jpg` where the checkout has `resources/ade_20k_reduced/ade_imgs/attic/X.jpg`).
 * So a folder is indexed once by file name, and a name matches the file sharing the longest tail of
 * path segments with it; two files equally good are ambiguous and match neither.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|bmp)$/i;
const SKIP = new Set(['node_modules', '.git', '.hg', '.svn']);
/** Beyond this many files a folder is not a resources folder but someone's home: stop and say so. */
export const MAX_FILES = 500_000;

/** The path segments of an image name: a URL's path, or a relative path without `.` and `..`. */
export function nameSegments(name: string): string[] {
  let path = name;
  if (/^https?:\/\//i.test(name)) {
    try {
      path = decodeURIComponent(new URL(name).pathname);
    } catch {
      path = name;
    }
  }
  return path.split(/[\\/]+/).filter((s) => s !== '' && s !== '.' && s !== '..');
}

export type FolderMatch = { ok: true; path: string } | { ok: false; why: string };

export class FolderIndex {
  private readonly byFile = new Map<string, string[][]>();
  readonly files: number;
  readonly truncated: boolean;

  constructor(readonly root: string) {
    let files = 0;
    let truncated = false;
    const walk = (dir: string) => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        if (files >= MAX_FILES) {
          truncated = true;
          return;
        }
        if (entry.isDirectory()) {
          if (!SKIP.has(entry.name)) walk(join(dir, entry.name));
        } else if (entry.isFile() && IMAGE_FILE.test(entry.name)) {
          const segments = relative(root, join(dir, entry.name)).split(sep);
          const list = this.byFile.get(entry.name.toLowerCase()) ?? [];
          list.push(segments);
          this.byFile.set(entry.name.toLowerCase(), list);
          files++;
        }
      }
    };
    walk(root);
    this.files = files;
    this.truncated = truncated;
  }

  /** The file for an image name: the one sharing the longest tail of segments, if it is the only one. */
  find(name: string): FolderMatch {
    const wanted = nameSegments(name);
    const file = wanted.at(-1);
    if (!file) return { ok: false, why: 'the name has no file name' };
    const candidates = this.byFile.get(file.toLowerCase()) ?? [];
    if (candidates.length === 0) return { ok: false, why: `no file named ${file}` };
    const scored = candidates.map((segments) => ({ segments, tail: sharedTail(segments, wanted) }));
    const best = Math.max(...scored.map((s) => s.tail));
    const top = scored.filter((s) => s.tail === best);
    if (top.length > 1) {
      const shown = top.slice(0, 3).map((s) => s.segments.join('/'));
      return { ok: false, why: `${top.length} files could be it (${shown.join(', ')}${top.length > 3 ? ', …' : ''}); keep one copy of the resources in the folder` };
    }
    return { ok: true, path: join(this.root, ...top[0]!.segments) };
  }
}

function sharedTail(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n]!.toLowerCase() === b[b.length - 1 - n]!.toLowerCase()) n++;
  return n;
}
