// `npm run build` (run by `npm install`'s prepare step, and by bin/parlor when there is no build):
// the CLI, the desktop host's main and engine processes and every bundled game folder, compiled once
// into dist/ as ES modules that share their chunks (dist/chunks/), so the games a folder defines and
// the engine that registers them are one set of modules. The sandboxed preload is CommonJS apart.
// Dependencies stay external (node_modules, or the app's asar when packaged).
import { build } from 'esbuild';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceStamp } from './source-stamp.mjs';

const GAMES = 'electron/engine/games';
const entryPoints = {
  'cli/parlor': 'electron/cli/entry.ts',
  'electron/main': 'electron/main/main.ts',
  'electron/engine': 'electron/main/engine-process.ts',
};
// Each game folder as the registry loads it: game.ts, and one module per file in capabilities/.
for (const folder of readdirSync(GAMES, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
  if (!existsSync(join(GAMES, folder, 'game.ts'))) continue;
  entryPoints[`engine/games/${folder}/game`] = join(GAMES, folder, 'game.ts');
  const capabilities = join(GAMES, folder, 'capabilities');
  if (!existsSync(capabilities)) continue;
  for (const file of readdirSync(capabilities).filter((f) => f.endsWith('.ts'))) {
    entryPoints[`engine/games/${folder}/capabilities/${file.slice(0, -3)}`] = join(capabilities, file);
  }
}

// `--bench <name>…`: also scripts/bench-<name>.ts, as dist/bench/<name>.mjs sharing the engine's
// chunks, so a benchmark measures the engine as the CLI and the desktop app run it (not under tsx).
const benchAt = process.argv.indexOf('--bench');
for (const name of benchAt < 0 ? [] : process.argv.slice(benchAt + 1)) entryPoints[`bench/${name}`] = `scripts/bench-${name}.ts`;

// What an earlier build left (chunks are named by hash): gone first, so no stale module is loaded.
for (const dir of ['cli', 'electron', 'engine', 'chunks', 'bench']) rmSync(join('dist', dir), { recursive: true, force: true });
const EXTERNAL = ['electron', 'better-sqlite3', '@napi-rs/canvas', 'dejavu-fonts-ttf', 'openai', '@anthropic-ai/sdk', 'tsx', 'tsx/*', 'vite', 'playwright-core', 'esbuild'];
const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning' };
await Promise.all([
  build({
    ...common,
    entryPoints,
    outdir: 'dist',
    format: 'esm',
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    // The pure-JavaScript dependencies are bundled in (a start reads a few files, not hundreds); native
    // modules, the desktop host and what only development or the first model call loads stay outside.
    external: EXTERNAL,
    // Bundled CommonJS code calls require() for Node's own modules: an ES module has none of its own.
    banner: { js: "import { createRequire as __parlorRequire } from 'node:module'; const require = __parlorRequire(import.meta.url);" },
  }),
  // A sandboxed preload can require only `electron`: everything else is bundled in.
  build({ ...common, entryPoints: { preload: 'electron/preload/preload.ts' }, outdir: 'dist/electron', format: 'cjs', outExtension: { '.js': '.cjs' }, external: ['electron'] }),
]);
writeFileSync('dist/build.json', `${JSON.stringify({ sources: sourceStamp('.') })}\n`);
const games = Object.keys(entryPoints).filter((k) => k.startsWith('engine/')).length;
console.log(`built dist/: cli/parlor.mjs, electron/{main.mjs, engine.mjs, preload.cjs}, ${games} game modules${benchAt < 0 ? '' : `, ${process.argv.slice(benchAt + 1).map((n) => `bench/${n}.mjs`).join(', ')}`}`);
