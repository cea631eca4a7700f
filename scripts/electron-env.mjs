// Where Electron's binary is, if anywhere: `require('electron')` throws when its download failed.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export function electronBinary() {
  try {
    const path = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? { path, problem: null } : { path: null, problem: `Electron's binary is missing (${path})` };
  } catch {
    return { path: null, problem: "Electron's binary is not installed here (npm could not download it; see the README's desktop section)" };
  }
}
