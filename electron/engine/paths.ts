import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

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
