import { readFileSync } from 'node:fs';
import { parseModelSpec } from '../../../shared/contract/models';
import type { RunEvent } from '../../../shared/contract/events';
import { formatProblems } from '../../engine/datasets/validate';
import { executeRun } from '../../engine/runner/execute';
import { prepareRun } from '../../engine/runner/prepare';
import { CliError, openStore } from '../context';
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

function player(base: unknown, spec: string | undefined, baseUrl: string | undefined, keyEnv: string | undefined): Json | undefined {
  const merged: Json = { ...obj(base) };
  if (spec) {
    try {
      Object.assign(merged, parseModelSpec(spec));
    } catch (error) {
      throw new CliError((error as Error).message);
    }
  }
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

  const guesser = player(players.guesser, flags.guesser, flags.guesserBaseUrl ?? flags.baseUrl, flags.guesserKeyEnv);
  const judge = player(players.judge, flags.judge, flags.judgeBaseUrl ?? flags.baseUrl, flags.judgeKeyEnv);
  if (!guesser) throw new CliError('Say which model guesses: --guesser openai:<model> (or players.guesser in --config).');
  if (!judge) throw new CliError('Say which model judges: --judge openai:<model> (the paper used gpt-3.5-turbo).');

  const config: Json = { ...file, dataset, settings, players: { guesser, judge } };
  for (const [key, value] of Object.entries({
    repetitions: num(flags.repetitions),
    concurrency: num(flags.concurrency),
    limit: num(flags.limit),
    seed: num(flags.seed),
    name: flags.name,
  })) {
    if (value !== undefined) config[key] = value;
  }
  if (flags.preflight === false) config.preflight = false;
  return config;
}

function progressPrinter(): (event: RunEvent) => void {
  const tty = process.stderr.isTTY;
  let lastPrinted = 0;
  return (event) => {
    if (event.type === 'run-started') {
      process.stderr.write(`run ${event.runId}: ${event.remaining} of ${event.total} episodes to play\n`);
    } else if (event.type === 'episode-finished') {
      if (event.status === 'error') {
        if (tty) process.stderr.write('\n');
        process.stderr.write(`  episode ${event.episodeId} (${event.entity}, rep ${event.repetition}) failed: ${event.error}\n`);
      }
      const line = `  ${event.done + event.errors}/${event.total} episodes · ${event.wins} wins · ${event.errors} errors`;
      if (tty) process.stderr.write(`\r${line}`);
      else if (event.done + event.errors - lastPrinted >= Math.max(1, Math.ceil(event.total / 20)) || event.done + event.errors === event.total) {
        lastPrinted = event.done + event.errors;
        process.stderr.write(`${line}\n`);
      }
    } else if (event.type === 'run-finished') {
      if (tty) process.stderr.write('\n');
      process.stderr.write(`run ${event.runId} ${event.status}: ${event.done} done, ${event.errors} errors, ${event.total} episodes\n`);
    }
  };
}

export async function runCommand(flags: RunFlags): Promise<number> {
  const config = configFromFlags(flags);
  const store = openStore(flags.db);
  try {
    const prepared = await prepareRun(store, config, { warn: (m) => process.stderr.write(`warning: ${m}\n`) });
    if (prepared.warnings.length) {
      process.stderr.write(`dataset ${prepared.datasetSource}: ${prepared.warnings.length} warning(s)\n`);
      process.stderr.write(`${formatProblems(prepared.warnings, prepared.datasetSource)}\n`);
    }
    process.stderr.write(`database: ${store.path}\n`);
    const controller = new AbortController();
    let stops = 0;
    const onSigint = () => {
      stops++;
      if (stops > 1) process.exit(130);
      process.stderr.write('\nstopping: abandoning calls in flight; `parlor runs` will show the run as interrupted (Ctrl-C again to quit at once)\n');
      controller.abort();
    };
    process.on('SIGINT', onSigint);
    try {
      const result = await executeRun(store, prepared.runId, { onEvent: progressPrinter(), signal: controller.signal });
      printReport(store, result.runId);
      return result.status === 'done' ? 0 : 1;
    } finally {
      process.off('SIGINT', onSigint);
    }
  } finally {
    store.close();
  }
}
