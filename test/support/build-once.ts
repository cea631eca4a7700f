/**
 * Before any test: the CLI, the desktop host and the game folders built (`npm run build`), so every
 * test that runs `parlor` runs what users run, the built CLI, made from these very sources.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildOnce(): void {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build failed before the tests:\n${result.stderr}`);
}
