// better-sqlite3 built for Electron's ABI, in a cache folder of its own, so node_modules keeps the
// build that the CLI and the tests use under Node. Needs Electron's headers (a network download).
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

export async function electronSqliteBinding() {
  const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  const sqliteDir = resolve('node_modules/better-sqlite3');
  const sqliteVersion = JSON.parse(readFileSync(join(sqliteDir, 'package.json'), 'utf8')).version;
  const root = resolve('.cache', `electron-${electronVersion}-better-sqlite3-${sqliteVersion}`);
  const binding = join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  if (existsSync(binding)) return binding;
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'parlor-electron-native', private: true, dependencies: { 'better-sqlite3': sqliteVersion } }));
  cpSync(sqliteDir, join(root, 'node_modules/better-sqlite3'), { recursive: true, filter: (src) => !src.includes(`${join('better-sqlite3', 'build')}`) });
  const { rebuild } = await import('@electron/rebuild');
  console.log(`building better-sqlite3 ${sqliteVersion} for Electron ${electronVersion} (once)…`);
  await rebuild({ buildPath: root, electronVersion, onlyModules: ['better-sqlite3'], force: true });
  if (!existsSync(binding)) throw new Error(`the rebuild finished without ${binding}`);
  return binding;
}
