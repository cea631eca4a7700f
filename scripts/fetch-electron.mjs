// Electron's own postinstall is denied in package.json#allowScripts because it downloads a
// binary and fails hard offline. This runs the same download tolerantly: the engine, CLI and
// browser mode never need the binary, so a machine that cannot fetch it still installs cleanly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
let installer;
try {
  installer = join(dirname(require.resolve('electron/package.json')), 'install.js');
} catch {
  process.exit(0); // production install without devDependencies
}
if (!existsSync(installer) || process.env.PARLOR_SKIP_ELECTRON === '1') process.exit(0);

const result = spawnSync(process.execPath, [installer], { stdio: 'pipe', timeout: 120_000, encoding: 'utf8' });
if (result.status === 0) {
  console.log('parlor: Electron binary is present; `npm start` will open the desktop app.');
} else {
  const text = (result.stderr || result.error?.message || 'unknown error').trim();
  const reason = text.split('\n').find((line) => /error/i.test(line))?.trim() ?? text.split('\n')[0];
  console.log(`parlor: Electron binary not available (${reason}).`);
  console.log('parlor: that is fine: the CLI, the engine and browser mode work without it.');
}
