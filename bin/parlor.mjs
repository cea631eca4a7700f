#!/usr/bin/env node
// `parlor`: runs the built CLI (dist/cli/parlor.mjs, made by `npm run build`, which `npm install`
// runs), building it first if there is none. The TypeScript sources run instead, through tsx, for
// development: with PARLOR_DEV=1, in a git checkout whose sources changed since the build, and with
// folders of your own games (PARLOR_GAMES), which are TypeScript loaded beside the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const built = `${root}dist/cli/parlor.mjs`;
const stampFile = `${root}dist/build.json`;

async function fromSources() {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../electron/cli/main.ts');
}

function stale() {
  if (!existsSync(`${root}.git`) || !existsSync(`${root}scripts/source-stamp.mjs`)) return Promise.resolve(false);
  return import('../scripts/source-stamp.mjs').then(({ sourceStamp }) => {
    try {
      return JSON.parse(readFileSync(stampFile, 'utf8')).sources !== sourceStamp(root);
    } catch {
      return true;
    }
  });
}

if (process.env.PARLOR_DEV === '1' || process.env.PARLOR_GAMES) await fromSources();
else {
  if (!existsSync(built) && existsSync(`${root}scripts/build.mjs`)) spawnSync(process.execPath, [`${root}scripts/build.mjs`], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!existsSync(built) || (await stale())) await fromSources();
  else await import(built);
}
