import { readFileSync } from 'node:fs';

/** The version recorded with every run, read from the package manifest. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
