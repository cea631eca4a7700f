import { readFileSync } from 'node:fs';
import { formatProblems } from '../../engine/datasets/validate';
import { executeRun, retryErrors } from '../../engine/runner/execute';
import { estimateRun } from '../../engine/runner/estimate';
import { prepareRun } from '../../engine/runner/prepare';
import type { Store } from '../../engine/store/store';
import { CliError, modelSpec, openStore, parseId } from '../context';
import { progressPrinter } from '../progress';
import { printReport } from './report';

export interface RunFlags {
  config?: string;
  dataset?: string;
  datasetFile?: string;
  kind?: string;
  split?: string;
  guesser?: string;
  judge?: string;
  baseUrl?: string;
  guesserBaseUrl?: string;
  judgeBaseUrl?: string;
  guesserKeyEnv?: string;
  judgeKeyEnv?: string;
  repetitions?: string;
  concurrency?: string;
  limit?: string;
  seed?: string;
  maxTurns?: string;
  lambda?: string;
  guesserTemperature?: string;
  judgeTemperature?: string;
  name?: string;
  preflight?: boolean;
  cache?: string;
  budget?: string;
  rpm?: string;
  tpm?: string;
  resume?: string;
  retryErrors?: string;
  dryRun?: boolean;
  db?: string;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const num = (text: string | undefined) => (text === undefined ? undefined : Number(text));

function readConfigFile(path: string): Json {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read config file ${path}: ${(error as Error).message}`);
  }
  try {
    return obj(JSON.parse(text));
  } catch (error) {
    throw new CliError(`Config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

function player(base: unknown, spec: string | undefined, baseUrl: string | undefined, keyEnv: string | undefined, limits: Json): Json | undefined {
  const merged: Json = { ...obj(base), ...limits };
  if (spec) Object.assign(merged, modelSpec(spec));
  if (baseUrl) merged.baseUrl = baseUrl;
  if (keyEnv) merged.apiKeyEnv = keyEnv;
  return Object.keys(merged).length ? merged : undefined;
}

/** A config file, with any flag given on the command line taking precedence. */
export function configFromFlags(flags: RunFlags): Json {
  const file = flags.config ? readConfigFile(flags.config) : {};
  const players = obj(file.players);
  const dataset: Json = { name: 'things', ...obj(file.dataset) };
  if (flags.dataset) dataset.name = flags.dataset;
  if (flags.datasetFile) dataset.file = flags.datasetFile;
  if (flags.kind) dataset.kind = flags.kind;
  if (flags.split) dataset.split = flags.split;

  const settings: Json = { ...obj(file.settings) };
  if (flags.maxTurns) settings.maxTurns = num(flags.maxTurns);
  if (flags.lambda) settings.lambda = num(flags.lambda);
  if (flags.guesserTemperature) settings.guesser = { ...obj(settings.guesser), temperature: num(flags.guesserTemperature) };
  if (flags.judgeTemperature) settings.judge = { ...obj(settings.judge), temperature: num(flags.judgeTemperature) };

  const limits: Json = {};
  if (flags.rpm) limits.rpm = num(flags.rpm);
  if (flags.tpm) limits.tpm = num(flags.tpm);
  const guesser = player(players.guesser, flags.guesser, flags.guesserBaseUrl ?? flags.baseUrl, flags.guesserKeyEnv, limits);
  const judge = player(players.judge, flags.judge, flags.judgeBaseUrl ?? flags.baseUrl, flags.judgeKeyEnv, limits);
  if (!guesser) throw new CliError('Say which model guesses: --guesser openai:<model> (or players.guesser in --config).');
  if (!judge) throw new CliError('Say which model judges: --judge openai:<model> (the paper used gpt-3.5-turbo).');

  const config: Json = { ...file, dataset, settings, players: { guesser, judge } };
  for (const [key, value] of Object.entries({
    repetitions: num(flags.repetitions),
    concurrency: num(flags.concurrency),
    limit: num(flags.limit),
    seed: num(flags.seed),
    name: flags.name,
    cache: flags.cache,
    budgetUsd: num(flags.budget),
  })) {
    if (value !== undefined) config[key] = value;
  }
  if (flags.preflight === false) config.preflight = false;
  return config;
}

function installSigint(controller: AbortController): () => void {
  let stops = 0;
  const onSigint = () => {
    stops++;
    if (stops > 1) process.exit(130);
    process.stderr.write('\nstopping: abandoning calls in flight; the run will be interrupted and resumable (Ctrl-C again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  return () => process.off('SIGINT', onSigint);
}

/** Plays the pending episodes of a stored run with a progress display, then prints its report. */
export async function playStoredRun(store: Store, runId: number, mode: 'play' | 'retry-errors'): Promise<number> {
  process.stderr.write(`database: ${store.path}\n`);
  const controller = new AbortController();
  const release = installSigint(controller);
  try {
    const options = { onEvent: progressPrinter(), signal: controller.signal };
    const result = mode === 'retry-errors' ? await retryErrors(store, runId, options) : await executeRun(store, runId, options);
    printReport(store, result.runId);
    return result.status === 'done' ? 0 : 1;
  } finally {
    release();
  }
}

function printEstimate(store: Store, config: Json): void {
  const estimate = estimateRun(store, config);
  const money = estimate.usd === null ? `cost unknown (no price for ${estimate.unpriced.join(', ')}; see \`parlor prices\`)` : `cost ≤ $${estimate.usd.toFixed(2)}`;
  process.stderr.write(
    `estimate: ${estimate.episodes} episodes, ≤ ${estimate.calls} calls, ≤ ${fmt(estimate.inputTokens)} input + ${fmt(estimate.outputTokens)} output tokens, ${money} (upper bound: every game lasts all its turns)\n`,
  );
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function runCommand(flags: RunFlags): Promise<number> {
  if (flags.resume || flags.retryErrors) {
    const store = openStore(flags.db);
    try {
      const runId = parseId(flags.resume ?? flags.retryErrors!, 'Run id');
      return await playStoredRun(store, runId, flags.resume ? 'play' : 'retry-errors');
    } finally {
      store.close();
    }
  }
  const config = configFromFlags(flags);
  const store = openStore(flags.db);
  try {
    printEstimate(store, config);
    if (flags.dryRun) return 0;
    const prepared = await prepareRun(store, config, { warn: (m) => process.stderr.write(`warning: ${m}\n`) });
    if (prepared.warnings.length) {
      process.stderr.write(`dataset ${prepared.datasetSource}: ${prepared.warnings.length} warning(s)\n`);
      process.stderr.write(`${formatProblems(prepared.warnings, prepared.datasetSource)}\n`);
    }
    return await playStoredRun(store, prepared.runId, 'play');
  } finally {
    store.close();
  }
}
