/**
 * The size and experiments of each bundled subset, kept in a file of the build
 * (dist/subset-shapes.json): listing the games (every command's help, `parlor games`, the app's New
 * run form) would otherwise load and check every bundled dataset, most of a second. The file is
 * keyed by the build (dist/build.json) and by the bundled data (each file's size and time), so a
 * change to either is seen and the shapes are read again; from the sources nothing is kept.
 */
import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot, RUNS_BUILT } from '../paths';
import { datasetsRoot } from './datasets';
import { filesBelow } from './file-tree';

export interface SubsetShape {
  instances: number;
  experiments: string[];
}

interface ShapeFile {
  key: string;
  shapes: Record<string, SubsetShape>;
}

let kept: ShapeFile | null | undefined;

/** The bundled data as of now: every file's path, size and modification time, folded into one string. */
function dataKey(root: string): string {
  return filesBelow(root)
    .map((path) => {
      const s = statSync(path);
      return `${path.slice(root.length)}:${s.size}:${Math.floor(s.mtimeMs)}`;
    })
    .join('|');
}

function shapeFile(): ShapeFile | null {
  if (kept !== undefined) return kept;
  kept = null;
  if (!RUNS_BUILT) return null;
  try {
    const key = `${readFileSync(join(appRoot(), 'dist', 'build.json'), 'utf8').trim()}#${dataKey(datasetsRoot())}`;
    let shapes: Record<string, SubsetShape> = {};
    try {
      const stored = JSON.parse(readFileSync(join(appRoot(), 'dist', 'subset-shapes.json'), 'utf8')) as ShapeFile;
      if (stored.key === key) shapes = stored.shapes;
    } catch {
      // No file yet, or one from another build: the shapes are read again.
    }
    kept = { key, shapes };
  } catch {
    // No build stamp, or the data cannot be listed: nothing is kept.
  }
  return kept;
}

/** A bundled subset's shape: kept for this build and data, else `read` (and kept when the build's folder can be written). */
export function keptSubsetShape(game: string, dataset: string, subset: string, read: () => SubsetShape): SubsetShape {
  const file = shapeFile();
  const id = `${game}\u0000${dataset}\u0000${subset}`;
  const known = file?.shapes[id];
  if (known) return known;
  const shape = read();
  if (!file) return shape;
  file.shapes[id] = shape;
  try {
    // Whole or not at all: written beside, then renamed over (another process may read it now).
    const target = join(appRoot(), 'dist', 'subset-shapes.json');
    const temp = `${target}.${process.pid}`;
    writeFileSync(temp, JSON.stringify(file));
    renameSync(temp, target);
  } catch {
    // A read-only installation: the shapes are read again next time.
  }
  return shape;
}
