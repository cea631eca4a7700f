/**
 * The engine against the loopback mock provider (a separate process, fixed latency): many EDA
 * episodes in flight, through the real OpenAI SDK and the real store. Prints, measured in this run:
 * efficiency = the latency bound ÷ actual time, where the latency bound is the time the same episodes
 * (each its own number of calls × the mock's latency) take on `in-flight` slots handed out in the
 * runner's order with no overhead at all; speed-up over one-at-a-time play, the engine's own CPU per
 * call, peak RSS.
 * Usage: npm run bench:engine [-- --episodes 1000 --in-flight 64 --latency 50]
 */
import '../electron/engine/games/registry'; // the games, loaded as a door loads them
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { executeRun } from '../electron/engine/runner/execute';
import { appRoot } from '../electron/engine/paths';
import { latencyBound } from './latency-bound';
import { prepareRun } from '../electron/engine/runner/prepare';
import { ScriptedModel } from '../electron/engine/players/scripted';
import type { ChatRequest } from '../electron/engine/players/types';
import { textOf } from '../shared/contract/content';
import { Store } from '../electron/engine/store/store';
import { mockGuesser, mockJudge } from '../test/mock-provider/behaviours';

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

/** CPU seconds a process has used (Linux /proc); null elsewhere. */
function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime in clock ticks
  } catch {
    return null;
  }
}

async function startMock(): Promise<{ url: string; stop: () => void; cpuSeconds: () => number | null }> {
  const cli = join(appRoot(), 'test', 'mock-provider', 'cli.ts');
  // `node --import tsx` keeps the server in this child's own pid, so its CPU can be read.
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--latency', String(LATENCY)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /OpenAI-compatible base URL: (\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(`mock provider exited: ${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM'), cpuSeconds: () => cpuSecondsOf(child.pid) };
}

async function play(store: Store, url: string, episodes: number, concurrency: number, seed: number) {
  const entities = 100;
  const repetitions = Math.ceil(episodes / entities);
  const player = (model: string) => ({ provider: 'openai' as const, model, baseUrl: url });
  const { runId } = await prepareRun(store, {
    dataset: { name: 'things', split: 'test' }, limit: Math.min(entities, episodes), repetitions, seed, concurrency, preflight: false,
    players: { guesser: player('mock-guesser'), judge: player('mock-judge') },
  });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  // When the queue runs dry, fewer than `concurrency` episodes remain: the tail the ideal time ignores.
  let tailStart: number | null = null;
  const result = await executeRun(store, runId, {
    progressMs: 60_000,
    onEvent: (e) => {
      if (e.type === 'episode-finished' && tailStart === null && e.total - e.done - e.errors < concurrency) tailStart = performance.now();
    },
  });
  const end = performance.now();
  loop.disable();
  const seconds = (end - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const calls = store.models.countCalls(runId).total;
  const counts = store.models.callsPerEpisode(runId);
  const perEpisode = store.episodes.list(runId).map((e) => counts.get(e.id) ?? 0);
  return { result, seconds, calls, stallMs: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 }, bound: latencyBound(perEpisode, concurrency, LATENCY / 1000), cpuMs: (cpu.user + cpu.system) / 1000, tailSeconds: tailStart === null ? 0 : (end - tailStart) / 1000 };
}

/** The same games with in-process scripted players: the engine's own CPU, without SDK or HTTP. */
async function engineOnly(store: Store, episodes: number): Promise<number> {
  const wire = (r: ChatRequest) => r.messages.map((m) => ({ role: m.role, content: textOf(m.content) }));
  const guesser = new ScriptedModel('g', (r) => mockGuesser(wire(r), r.seed ?? 0));
  const judge = new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content)));
  const factory = (c: { model: string }) => (c.model === 'g' ? guesser : judge);
  const { runId } = await prepareRun(
    store,
    { dataset: { name: 'things', split: 'test' }, limit: 100, repetitions: Math.ceil(episodes / 100), concurrency: IN_FLIGHT, preflight: false,
      players: { guesser: { provider: 'scripted', model: 'g' }, judge: { provider: 'scripted', model: 'j' } } },
    { createModel: factory },
  );
  const cpu0 = process.cpuUsage();
  await executeRun(store, runId, { createModel: factory, progressMs: 60_000 });
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / 1000 / store.models.countCalls(runId).total;
}

const dir = mkdtempSync(join(tmpdir(), 'parlor-bench-engine-'));
const mock = await startMock();
try {
  const store = Store.open(join(dir, 'bench.db'));
  await play(store, mock.url, 100, IN_FLIGHT, 99); // warm-up: SDK, connections, JIT

  const seq = await play(store, mock.url, SAMPLE, 1, 1);
  const mockCpu0 = mock.cpuSeconds();
  const main = await play(store, mock.url, EPISODES, IN_FLIGHT, 2);
  const mockCpu = mockCpu0 === null ? null : mock.cpuSeconds()! - mockCpu0;
  const rssMb = process.resourceUsage().maxRSS / 1024; // before the scripted phase, which keeps its requests
  const mem = process.memoryUsage();
  const ownCpu = await engineOnly(store, EPISODES);
  store.close();

  const ideal = main.bound;
  const flat = (main.calls * LATENCY) / 1000 / IN_FLIGHT;
  const sequentialEstimate = (seq.seconds / seq.calls) * main.calls;
  const cpuPerCall = main.cpuMs / main.calls;
  const efficiency = ideal / main.seconds;
  console.log(`bench:engine  ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}`);
  console.log(`  ${main.result.done} episodes done (${main.result.errors} errors), ${main.calls.toLocaleString('en-US')} calls (${(main.calls / EPISODES).toFixed(1)} per episode), ${IN_FLIGHT} in flight, mock latency ${LATENCY} ms`);
  console.log(`  actual ${main.seconds.toFixed(2)} s · latency bound ${ideal.toFixed(2)} s → efficiency ${efficiency.toFixed(3)} (target ≥ 0.95: ${efficiency >= 0.95 ? 'met' : 'NOT met'})`);
  console.log(`  (calls × latency ÷ ${IN_FLIGHT} would be ${flat.toFixed(2)} s; the bound is longer by the tail no scheduler avoids: the last episodes run with fewer than ${IN_FLIGHT} in flight, ${main.tailSeconds.toFixed(2)} s here)`);
  console.log(`  event-loop delay: p99 ${main.stallMs.p99.toFixed(1)} ms, max ${main.stallMs.max.toFixed(1)} ms`);
  console.log(`  one at a time: ${(seq.seconds / seq.calls * 1000).toFixed(1)} ms per call (${SAMPLE} episodes) → ${sequentialEstimate.toFixed(0)} s for this run → speed-up ×${(sequentialEstimate / main.seconds).toFixed(1)}`);
  console.log(`  engine CPU ${cpuPerCall.toFixed(3)} ms per call (target < 0.5: ${cpuPerCall < 0.5 ? 'met' : 'NOT met'})`);
  console.log(`    of which the engine itself (same games, scripted players, no SDK/HTTP): ${ownCpu.toFixed(3)} ms per call (target ≤ 0.2: ${ownCpu <= 0.2 ? 'met' : 'NOT met'}); the rest is the OpenAI SDK and HTTP`);
  if (mockCpu !== null) console.log(`  (the mock provider, another process on this ${cpus().length}-core machine, used ${((mockCpu * 1000) / main.calls).toFixed(3)} ms CPU per call)`);
  console.log(`  after the run: rss ${(mem.rss / 1048576).toFixed(0)} MB, heap used ${(mem.heapUsed / 1048576).toFixed(0)} / total ${(mem.heapTotal / 1048576).toFixed(0)} MB, external ${(mem.external / 1048576).toFixed(0)} MB`);
  console.log(`  peak RSS ${rssMb.toFixed(0)} MB (target < 200: ${rssMb < 200 ? 'met' : 'NOT met'}), running ${import.meta.url.endsWith('.ts') ? 'from the sources under tsx' : 'built (dist/bench/engine.mjs), as the CLI and the app run the engine'}`);
} finally {
  mock.stop();
  rmSync(dir, { recursive: true, force: true });
}
