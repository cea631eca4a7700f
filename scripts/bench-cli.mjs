// `npm run bench:cli`: how long `parlor` takes to start, cold (a new process each time), as what
// users run (the built CLI, dist/) and as development runs it (the TypeScript sources through tsx,
// PARLOR_DEV=1: the CLI before issue 30), each against `node -e 0` measured in the same run.
// Median of 9 runs after one unmeasured; wall time and peak memory (the child's maximum RSS).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const RUNS = 9;
const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-cli-'));
const db = join(dir, 'parlor.db');
writeFileSync(db, gunzipSync(readFileSync('test/fixtures/schema-15/parlor-v15.db.gz')));
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { encoding: 'utf8' });
if (build.status !== 0) throw new Error(`the build failed:\n${build.stderr}`);

/** Median wall time (ms) of `args` run by Node, each in a new process. */
function measure(args, env = {}) {
  const times = [];
  for (let i = 0; i <= RUNS; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, args, { env: { ...process.env, PARLOR_DB: db, ...env }, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
    if (i > 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Peak RSS (MB) of one run, read from the kernel's accounting of the child (`/usr/bin/time -f %M`). */
function peak(args, env = {}) {
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], { env: { ...process.env, PARLOR_DB: db, ...env }, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const kb = Number(r.stderr.trim().split('\n').at(-1));
  return Number.isFinite(kb) ? kb / 1024 : null;
}

try {
  const node = measure(['-e', '0']);
  const commands = [
    { what: 'parlor --version', args: ['--version'], target: (ms) => ms <= 3 * node, says: 'within 3× of node -e 0' },
    { what: 'parlor games', args: ['games'], target: (ms) => ms < 400, says: '< 400 ms' },
    { what: 'parlor export 1 (a run of the schema-15 fixture)', args: ['export', '1', '-o', join(dir, 'out.jsonl')], target: () => true, says: '' },
  ];
  console.log(`bench:cli  ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}; median of ${RUNS} cold starts`);
  console.log(`  node -e 0${' '.repeat(44)} ${node.toFixed(0).padStart(5)} ms`);
  for (const c of commands) {
    const built = measure(['bin/parlor.mjs', ...c.args]);
    const sources = measure(['bin/parlor.mjs', ...c.args], { PARLOR_DEV: '1' });
    const mb = peak(['bin/parlor.mjs', ...c.args]);
    const verdict = c.says ? `  (target ${c.says}: ${c.target(built) ? 'met' : 'NOT met'})` : '';
    console.log(`  ${c.what.padEnd(52)} ${built.toFixed(0).padStart(5)} ms = ${(built / node).toFixed(1)}× node, ${mb === null ? '?' : mb.toFixed(0)} MB; from the sources (tsx) ${sources.toFixed(0)} ms = ${(sources / node).toFixed(1)}×${verdict}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
