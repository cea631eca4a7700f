import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot } from './paths';

/**
 * The version recorded with every run, read from the package manifest (the desktop host, whose
 * bundled engine has no manifest beside it, passes it in PARLOR_APP_VERSION).
 */
export const APP_VERSION: string =
  process.env.PARLOR_APP_VERSION ??
  (JSON.parse(readFileSync(join(appRoot(), 'package.json'), 'utf8')) as { version: string }).version;
