/**
 * Finding a named image in the user's folders. Games name images by paths of their own harness
 * (`../clembench/multimodal_referencegame/resources/clevr_images/1.jpg`) or by URL; a user's copy of
 * those resources sits anywhere and is laid out a little differently (clembench's MapWorld instances
 * say `resources/images/X.jpg` where the checkout has `resources/ade_20k_reduced/ade_imgs/attic/X.jpg`).
 * So a folder is indexed once by file name, and a name matches the file sharing the longest tail of
 * path segments with it; two files equally good are ambiguous and match neither.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|bmp)$/i;
const SKIP = new Set(['node_modules', '.git', '.hg', '.svn']);
/** Beyond this many entries a folder is not a resources folder but someone's home: stop and say so. */
export const MAX_FILES = 500_000;
/** A match on the file name alone (no folder in common) is taken only for distinctive names: `ADE_train_00013881.jpg`, not CLEVR's `1.jpg`. */
const MIN_NAME_ONLY_STEM = 5;

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

  /** Why the folder gave nothing, when it is not a folder at all. */
  readonly problem: string | null;

  constructor(readonly root: string) {
    let entries = 0;
    let files = 0;
    let truncated = false;
    let problem: string | null = null;
    try {
      if (!statSync(root).isDirectory()) problem = 'not a folder';
    } catch {
      problem = 'folder not found';
    }
    // Symbolic links to folders are followed (a checkout may link its resources), each real folder once.
    const seen = new Set<string>();
    const walk = (dir: string) => {
      let real: string;
      try {
        real = realpathSync(dir);
      } catch {
        return;
      }
      if (seen.has(real)) return;
      seen.add(real);
      let list;
      try {
        list = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of list) {
        if (++entries > MAX_FILES) {
          truncated = true;
          return;
        }
        const path = join(dir, entry.name);
        const isDir = entry.isDirectory() || (entry.isSymbolicLink() && isFolder(path));
        if (isDir) {
          if (!SKIP.has(entry.name)) walk(path);
        } else if ((entry.isFile() || entry.isSymbolicLink()) && IMAGE_FILE.test(entry.name)) {
          const segments = relative(root, path).split(sep);
          const list2 = this.byFile.get(entry.name.toLowerCase()) ?? [];
          list2.push(segments);
          this.byFile.set(entry.name.toLowerCase(), list2);
          files++;
        }
      }
    };
    if (!problem) walk(root);
    this.files = files;
    this.truncated = truncated;
    this.problem = problem;
  }

  /** The file for an image name: the one sharing the longest tail of segments, if it is the only one. */
  find(name: string): FolderMatch {
    if (this.problem) return { ok: false, why: this.problem };
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
    if (best < 2 && file.replace(/\.[^.]+$/, '').length < MIN_NAME_ONLY_STEM) {
      return { ok: false, why: `only ${top[0]!.segments.join('/')} has the name ${file}, in no folder of the name's (${wanted.slice(-2, -1).join('')}): too common a name to take on its own` };
    }
    return { ok: true, path: join(this.root, ...top[0]!.segments) };
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function sharedTail(a: readonly string[], b: readonly string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n]!.toLowerCase() === b[b.length - 1 - n]!.toLowerCase()) n++;
  return n;
}
