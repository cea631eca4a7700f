// `npm run bench:app`: from `parlor serve` to the first painted leaderboard in Chromium on the
// 10M-turn database of bench:explore: the server starts (the built CLI), the page loads, asks the
// engine for the games, the explore options and the default leaderboard, and paints its rows. Each
// of 5 cold starts (a new server process and a new page; Chromium itself launched once, before) is
// timed from spawning the server to the frame after the leaderboard's rows are in the page.
// Usage: npm run bench:app [-- --db file] (default: the file bench:explore made, or one made now).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values } = parseArgs({ options: { db: { type: 'string', default: join(tmpdir(), 'parlor-bench-explore.db') }, runs: { type: 'string', default: '5' } } });
const db = values.db;
const CHROMIUM = process.env.PARLOR_CHROMIUM ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set PARLOR_CHROMIUM).`);
const run = (command, args, stdio = 'inherit') => {
  const r = spawnSync(command, args, { stdio });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
};
if (!existsSync(db)) run('npx', ['tsx', 'scripts/bench-explore.ts', '--db', db]);
if (existsSync('scripts/build.mjs')) run(process.execPath, ['scripts/build.mjs']);
if (!existsSync('dist/renderer/index.html')) run('npx', ['vite', 'build', '--logLevel', 'warn']);
// Opened once before timing: an older file is migrated here, not in the first measured start.
run(process.execPath, ['bin/parlor.mjs', '--db', db, 'runs', '--json'], ['ignore', 'ignore', 'inherit']);

/** Starts `parlor serve` and resolves with its URL and the process. */
function serve() {
  const child = spawn(process.execPath, ['bin/parlor.mjs', '--db', db, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /(http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url, ready: performance.now() });
    });
    child.on('exit', (code) => reject(new Error(`parlor serve exited (${code}):\n${out}`)));
  });
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
const results = [];
try {
  for (let i = 0; i < Number(values.runs); i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const t0 = performance.now();
    const { child, url, ready } = await serve();
    try {
      await page.goto(`${url}#/leaderboard`);
      await page.locator('[data-testid="leaderboard"] tbody tr').first().waitFor({ timeout: 60_000 });
      // The frame after the rows are in the page: they have been painted.
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      const t1 = performance.now();
      const rows = await page.locator('[data-testid="leaderboard"] tbody tr').count();
      results.push({ total: t1 - t0, server: ready - t0, rows });
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
      await page.close();
    }
  }
} finally {
  await browser.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const total = median(results.map((r) => r.total));
console.log(`bench:app  ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}; ${db}`);
console.log(`  first painted leaderboard: median ${total.toFixed(0)} ms of ${results.length} cold starts (each: ${results.map((r) => r.total.toFixed(0)).join(', ')} ms); the server ready after ${median(results.map((r) => r.server)).toFixed(0)} ms; ${results[0]?.rows ?? 0} rows  (target < 1500 ms: ${total < 1500 ? 'met' : 'NOT met'})`);
