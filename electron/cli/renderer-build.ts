/**
 * `parlor serve` in a fresh clone: the app's pages are built from renderer/ with the project's own Vite
 * config when they are missing, so serving never stops at "run npm run build:renderer first". Without
 * Vite (an install without the development packages) it says in one line what to run instead.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { appRoot } from '../engine/paths';
import { CliError } from './context';

const ROOT = appRoot();

/** Builds the renderer into `outDir` unless its index.html is there; `say` tells the user it is building. */
export async function ensureRenderer(outDir: string, say: (line: string) => void): Promise<'built' | 'present'> {
  if (existsSync(join(outDir, 'index.html'))) return 'present';
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    throw new CliError(`The app's pages are not built (${join(outDir, 'index.html')} is missing) and Vite is not installed to build them: run \`npm install\`, then \`npm run build:renderer\`.`);
  }
  say(`The app's pages are not built yet: building them into ${outDir} (once, about a minute)…`);
  try {
    await vite.build({ configFile: join(ROOT, 'vite.config.ts'), root: join(ROOT, 'renderer'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  } catch (error) {
    throw new CliError(`Building the app's pages failed: ${(error as Error).message.split('\n')[0]} (try \`npm run build:renderer\`).`);
  }
  if (!existsSync(join(outDir, 'index.html'))) throw new CliError(`Building the app's pages left no ${join(outDir, 'index.html')}: run \`npm run build:renderer\`.`);
  return 'built';
}
