// Bundles the desktop host: main process and engine process as ESM, the sandboxed preload as CommonJS.
// Dependencies stay external (node_modules, or the app's asar when packaged).
import { build } from 'esbuild';

const common = { bundle: true, platform: 'node', target: 'node22', sourcemap: true, logLevel: 'warning' };
await Promise.all([
  build({ ...common, entryPoints: { main: 'electron/main/main.ts', engine: 'electron/main/engine-process.ts' }, outdir: 'dist/electron', format: 'esm', outExtension: { '.js': '.mjs' }, packages: 'external' }),
  // A sandboxed preload can require only `electron`: everything else is bundled in.
  build({ ...common, entryPoints: { preload: 'electron/preload/preload.ts' }, outdir: 'dist/electron', format: 'cjs', outExtension: { '.js': '.cjs' }, external: ['electron'] }),
]);
console.log('built dist/electron/{main.mjs, engine.mjs, preload.cjs}');
