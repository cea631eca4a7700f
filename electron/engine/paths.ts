import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** `--db`, else $PARLOR_DB, else the per-user data folder the desktop app uses too. */
export function resolveDbPath(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  const chosen = explicit ?? env.PARLOR_DB;
  const path = chosen ? resolve(chosen) : join(userDataDir(env), 'parlor.db');
  mkdirSync(dirname(path), { recursive: true });
  return path;
}

function userDataDir(env: NodeJS.ProcessEnv): string {
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Parlor');
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Parlor');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'parlor');
}
