/**
 * The engine against the loopback mock provider (a separate process, fixed latency): many EDA
 * episodes in flight, through the real OpenAI SDK and the real store. Prints, measured in this run:
 * efficiency = ideal time (calls × latency ÷ in-flight) ÷ actual time, speed-up over one-at-a-time
 * play, engine CPU per call, peak RSS.
 * Usage: npm run bench:engine [-- --episodes 1000 --in-flight 64 --latency 50]
 */
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
    episodes: { type: 'string', default: '1000' },
    'in-flight': { type: 'string', default: '64' },
    latency: { type: 'string', default: '50' },
    'sequential-sample': { type: 'string', default: '8' },
  },
});
const EPISODES = Number(values.episodes);
const IN_FLIGHT = Number(values['in-flight']);
const LATENCY = Number(values.latency);
const SAMPLE = Number(values['sequential-sample']);

async function startMock(): Promise<{ url: string; stop: () => void }> {
  const cli = fileURLToPath(new URL('../test/mock-provider/cli.ts', import.meta.url));
  const tsx = fileURLToPath(new URL('../node_modules/tsx/dist/cli.mjs', import.meta.url));
  const child = spawn(process.execPath, [tsx, cli, '--port', '0', '--latency', String(LATENCY)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /OpenAI-compatible base URL: (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`mock provider exited: ${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

async function play(store: Store, url: string, episodes: number, concurrency: number, seed: number) {
  const entities = 100;
  const repetitions = Math.ceil(episodes / entities);
  const player = (model: string) => ({ provider: 'openai' as const, model, baseUrl: url });
  const { runId } = await prepareRun(store, {
    dataset: { name: 'things', split: 'test' }, limit: Math.min(entities, episodes), repetitions, seed, concurrency, preflight: false,
    players: { guesser: player('mock-guesser'), judge: player('mock-judge') },
  });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await executeRun(store, runId, { progressMs: 60_000 });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const calls = store.countCalls(runId).total;
  return { result, seconds, calls, cpuMs: (cpu.user + cpu.system) / 1000 };
}

const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-engine-'));
const mock = await startMock();
try {
  const store = Store.open(join(dir, 'bench.db'));
  await play(store, mock.url, 4, 4, 99); // warm-up: SDK, connections, JIT

  const seq = await play(store, mock.url, SAMPLE, 1, 1);
  const main = await play(store, mock.url, EPISODES, IN_FLIGHT, 2);
  store.close();

  const ideal = (main.calls * LATENCY) / 1000 / IN_FLIGHT;
  const sequentialEstimate = (seq.seconds / seq.calls) * main.calls;
  const rssMb = process.resourceUsage().maxRSS / 1024;
  const cpuPerCall = main.cpuMs / main.calls;
  const efficiency = ideal / main.seconds;
  console.log(`bench:engine  ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}`);
  console.log(`  ${main.result.done} episodes done (${main.result.errors} errors), ${main.calls.toLocaleString('en-US')} calls (${(main.calls / EPISODES).toFixed(1)} per episode), ${IN_FLIGHT} in flight, mock latency ${LATENCY} ms`);
  console.log(`  actual ${main.seconds.toFixed(2)} s · ideal ${ideal.toFixed(2)} s → efficiency ${efficiency.toFixed(3)} (target ≥ 0.95: ${efficiency >= 0.95 ? 'met' : 'NOT met'})`);
  console.log(`  one at a time: ${(seq.seconds / seq.calls * 1000).toFixed(1)} ms per call (${SAMPLE} episodes) → ${sequentialEstimate.toFixed(0)} s for this run → speed-up ×${(sequentialEstimate / main.seconds).toFixed(1)}`);
  console.log(`  engine CPU ${cpuPerCall.toFixed(3)} ms per call (target < 0.5: ${cpuPerCall < 0.5 ? 'met' : 'NOT met'})`);
  console.log(`  peak RSS ${rssMb.toFixed(0)} MB (target < 250: ${rssMb < 250 ? 'met' : 'NOT met'})`);
} finally {
  mock.stop();
  rmSync(dir, { recursive: true, force: true });
}
