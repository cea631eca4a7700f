/**
 * Parlor at a provider's rate limits. The loopback mock (another process, 50 ms latency) enforces a
 * requests-per-minute and a tokens-per-minute limit per model, as token buckets that start full and
 * refill continuously, and advertises them in OpenAI's rate-limit headers. EDA runs go through the real
 * OpenAI SDK with 64 episodes in flight each; the bench prints, measured at the mock in this run, the
 * share of each limit used (admitted ÷ what the bucket could have admitted between the first and the
 * last admitted call) and the share of requests answered 429: for one run, three runs in one process,
 * and three runs in three processes on one database, all spending from one key.
 * Two passes by default: one where the requests limit binds, one where the guesser's long prompts make
 * its tokens limit bind, so both kinds of pacing are measured.
 * Usage: npm run bench:limits [-- --rpm 1200 --tpm 600000,200000 --episodes 110]
 */
import '../electron/engine/games/registry'; // the games, loaded as a door loads them
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { executeRun } from '../electron/engine/runner/execute';
import { prepareRun } from '../electron/engine/runner/prepare';
import { Store } from '../electron/engine/store/store';

const { values } = parseArgs({
  options: {
    rpm: { type: 'string', default: '1200' },
    /** Tokens-per-minute limits, one pass each: the first leaves the requests limit binding, the second binds the guesser by tokens. */
    tpm: { type: 'string', default: '600000,200000' },
    episodes: { type: 'string', default: '110' },
    'in-flight': { type: 'string', default: '64' },
    latency: { type: 'string', default: '50' },
    child: { type: 'boolean', default: false },
    db: { type: 'string' },
    run: { type: 'string' },
  },
});
const SELF = fileURLToPath(import.meta.url);
const TPMS = values.tpm!.split(',').map((t) => t.trim()).filter(Boolean);
const KEY = 'bench-limits-key';

if (values.child) {
  // One of three processes: play one prepared run on the shared database.
  process.env.OPENAI_API_KEY = KEY;
  const store = Store.open(values.db!);
  const result = await executeRun(store, Number(values.run), { progressMs: 60_000 });
  store.close();
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

interface ModelStats {
  admitted: number;
  rejected: number;
  tokensAdmitted: number;
  requestsFraction: number | null;
  tokensFraction: number | null;
}

async function startMock(tpm: string): Promise<{ url: string; stop: () => void }> {
  const cli = fileURLToPath(new URL('../test/mock-provider/cli.ts', import.meta.url));
  const args = ['--import', 'tsx', cli, '--port', '0', '--latency', values.latency!, '--rpm', values.rpm!, '--tpm', tpm];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`mock provider exited: ${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function stats(url: string): Promise<Record<string, ModelStats>> {
  const body = (await (await fetch(`${url}/mock/stats`)).json()) as { models: Record<string, ModelStats> };
  return body.models;
}

async function prepare(store: Store, url: string, episodes: number, seed: number): Promise<number> {
  const player = (model: string) => ({ provider: 'openai' as const, model, baseUrl: `${url}/v1`, maxAttempts: 10 });
  const repetitions = Math.ceil(episodes / 100);
  const { runId } = await prepareRun(store, {
    dataset: { name: 'things', split: 'test' }, limit: Math.ceil(episodes / repetitions), repetitions, seed,
    concurrency: Number(values['in-flight']), preflight: false,
    players: { guesser: player('mock-guesser'), judge: player('mock-judge') },
  });
  return runId;
}

function childRun(db: string, runId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SELF, '--child', '--db', db, '--run', String(runId)], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`run ${runId} exited with ${code}`))));
  });
}

type Scenario = 'one run' | 'three runs, one process' | 'three runs, three processes';

async function scenario(name: Scenario, url: string): Promise<{ name: Scenario; seconds: number; models: Record<string, ModelStats> }> {
  await fetch(`${url}/mock/stats/reset`, { method: 'POST' });
  const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-limits-'));
  try {
    const db = join(dir, 'bench.db');
    const store = Store.open(db);
    const episodes = Number(values.episodes);
    const runs = name === 'one run' ? 1 : 3;
    const ids: number[] = [];
    for (let i = 0; i < runs; i++) ids.push(await prepare(store, url, Math.ceil(episodes / runs), 10 + i));
    const t0 = performance.now();
    if (name === 'three runs, three processes') {
      store.close();
      await Promise.all(ids.map((id) => childRun(db, id)));
    } else {
      await Promise.all(ids.map((id) => executeRun(store, id, { progressMs: 60_000 })));
      store.close();
    }
    return { name, seconds: (performance.now() - t0) / 1000, models: await stats(url) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.env.OPENAI_API_KEY = KEY;
console.log(`bench:limits  ${cpus().length} cores, Node ${process.version}; mock latency ${values.latency} ms, ${values['in-flight']} episodes in flight per run, one key`);
let worst = Infinity;
let worst429 = 0;
for (const tpm of TPMS) {
  const mock = await startMock(tpm);
  try {
    console.log(`  limits per model: ${Number(values.rpm).toLocaleString('en-US')} requests and ${Number(tpm).toLocaleString('en-US')} tokens per minute`);
    for (const name of ['one run', 'three runs, one process', 'three runs, three processes'] as const) {
      const result = await scenario(name, mock.url);
      // The limit that bounds the run: the most used of every model's requests and tokens limits (the
      // judge waits for the guesser in every episode, so only one of them can be the bottleneck).
      let binding = { share: 0, what: '' };
      let rejected = 0;
      let total = 0;
      const parts: string[] = [];
      for (const [model, s] of Object.entries(result.models)) {
        rejected += s.rejected;
        total += s.admitted + s.rejected;
        for (const [kind, share] of [['requests', s.requestsFraction], ['tokens', s.tokensFraction]] as const) {
          if (share !== null && share > binding.share) binding = { share, what: `${model} ${kind}` };
        }
        parts.push(`${model} ${s.admitted.toLocaleString('en-US')} calls (requests ${(s.requestsFraction ?? 0).toFixed(3)}, tokens ${(s.tokensFraction ?? 0).toFixed(3)})`);
      }
      const rate429 = total ? rejected / total : 0;
      worst = Math.min(worst, binding.share);
      worst429 = Math.max(worst429, rate429);
      console.log(`    ${name} (${result.seconds.toFixed(1)} s): binding limit ${binding.what} at ${binding.share.toFixed(3)}; 429 on ${rejected} of ${total.toLocaleString('en-US')} requests (${(rate429 * 100).toFixed(2)}%)`);
      console.log(`      ${parts.join(' · ')}`);
    }
  } finally {
    mock.stop();
  }
}
console.log(`  worst binding share ${worst.toFixed(3)} (target ≥ 0.95: ${worst >= 0.95 ? 'met' : 'NOT met'}), worst 429 rate ${(worst429 * 100).toFixed(2)}% (target < 1%: ${worst429 < 0.01 ? 'met' : 'NOT met'})`);
