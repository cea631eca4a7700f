// `npm start`: the desktop app where Electron's binary exists; otherwise browser mode, printing its URL.
import { spawn, spawnSync } from 'node:child_process';
import { electronBinary } from './electron-env.mjs';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const passThrough = process.argv.slice(2);

run('npx', ['vite', 'build', '--logLevel', 'warn']);
const electron = electronBinary();
let binding = null;
let why = electron.problem;
if (electron.path) {
  try {
    run('node', ['scripts/build.mjs']);
    binding = await (await import('./electron-native.mjs')).electronSqliteBinding();
  } catch (error) {
    why = `better-sqlite3 could not be built for Electron (${error.message})`;
  }
}

const child = binding
  ? spawn(electron.path, ['.', ...passThrough], { stdio: 'inherit', env: { ...process.env, PARLOR_SQLITE_BINDING: binding } })
  : (console.log(`${why}: starting Parlor in browser mode instead.\n`), spawn(process.execPath, ['bin/parlor.mjs', 'serve', ...passThrough], { stdio: 'inherit' }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
