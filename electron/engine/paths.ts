import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `--db`, else $PARLOR_DB, else the per-user data folder the desktop app uses too (created on first
 * use). A path the user gives is taken as it is: a folder that does not exist is their typo to fix.
 */
export function resolveDbPath(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = explicit ?? env.PARLOR_DB;
  if (chosen !== undefined) return chosen.trim() === '' ? chosen : resolve(chosen);
  const folder = userDataDir(env);
  mkdirSync(folder, { recursive: true });
  return join(folder, 'parlor.db');
}

function userDataDir(env: NodeJS.ProcessEnv): string {
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Parlor');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Parlor');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'parlor');
}

let root: string | null = null;

/**
 * The folder Parlor is installed in (its package.json, datasets/, dist/): the nearest folder above
 * this module whose manifest is Parlor's. Found by looking, not by a fixed number of `..`, because
 * the same code runs from its sources (electron/engine/) and bundled (dist/chunks/, an app's asar).
 */
export function appRoot(): string {
  if (root !== null) return root;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'parlor') return (root = dir);
    if (dirname(dir) === dir) throw new Error(`Parlor's package.json is not in any folder above ${fileURLToPath(import.meta.url)}: the installation is incomplete.`);
  }
}

/** Whether this code runs as built JavaScript (`npm run build`: dist/) rather than from its TypeScript sources. */
export const RUNS_BUILT = !import.meta.url.endsWith('.ts');
