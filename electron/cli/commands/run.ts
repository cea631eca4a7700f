import { basename, resolve } from 'node:path';
import { DEFAULT_GAME } from '../../../shared/contract/default-game';
import { UserError } from '../../engine/errors';
import { readUtf8 } from '../../engine/core/text-file';
import { CONFIG_FILE } from '../../engine/core/user-file';
import { formatProblems } from '../../engine/core/datasets';
import { allGames, gameById } from '../../engine/games/registry';
import { executeRun, retryErrors } from '../../engine/runner/execute';
import { estimateRunChecked } from '../../engine/runner/estimate';
import { prepareRun } from '../../engine/runner/prepare';
import { ordinal, parseShard, SHARD_NEEDS_SEED, type Shard } from '../../engine/runner/shard';
import type { Store } from '../../engine/store/store';
import { CliError, openStore, parseId, parseSettingFlags, refuseBothDatasets, refusePrototypeKey } from '../context';
import { playersFromFlags } from '../seats';
import { progressPrinter } from '../progress';
import { printReport } from './report';
import { duration } from '../../../shared/text/duration';
import { fixed } from '../../../shared/text/number';
import { ownFixedSubsets } from '../../engine/capabilities/fixed-subsets/provision';
import { presetsOf } from '../../engine/capabilities/presets/provision';

export interface RunFlags {
  config?: string;
  game?: string;
  dataset?: string;
  datasetFile?: string;
  kind?: string;
  split?: string;
  fixed?: string;
  experiments?: string;
  baseUrl?: string;
  repetitions?: string;
  concurrency?: string;
  limit?: string;
  seed?: string;
  set?: string[];
  name?: string;
  preflight?: boolean;
  cache?: string;
  budget?: string;
  rpm?: string;
  tpm?: string;
  batch?: string | boolean;
  poll?: string;
  resume?: string;
  shard?: string;
  retryErrors?: string;
  dryRun?: boolean;
  images?: string[];
  downloadImages?: boolean;
  skipMissingImages?: boolean;
  preset?: string;
  /** `--seat role=provider:model[,…]`, repeatable: see ../seats.ts. */
  seat?: string[];
  db?: string;
  /** The older `--<role>`, `--<role>-base-url`, `--<role>-key-env`, `--<role>-image-input` of the chosen game's roles. */
  [roleFlag: string]: unknown;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const num = (text: string | undefined) => (text === undefined ? undefined : Number(text));
const camel = (text: string) => text.replace(/[-_](\w)/g, (_m, c: string) => c.toUpperCase());

function readConfigFile(path: string): Json {
  let text: string;
  try {
    // Strict UTF-8, and without the byte-order mark editors on Windows may save (JSON.parse refuses it).
    text = readUtf8(path, `config file ${path}`, CONFIG_FILE);
  } catch (error) {
    if (error instanceof UserError) throw new CliError(error.message);
    throw new CliError(`Cannot read config file ${path}: ${(error as Error).message}`);
  }
  try {
    return obj(JSON.parse(text));
  } catch (error) {
    throw new CliError(`Config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/** `over` on `base`; a key that would reach a prototype (`"__proto__"` in a config file) is refused, never merged. */
function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(over)) {
    refusePrototypeKey(k, 'run config');
    out[k] = v && typeof v === 'object' && !Array.isArray(v) ? deepMerge(obj(Object.hasOwn(out, k) ? out[k] : undefined), v as Json) : v;
  }
  return out;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * A paper's experiment (`--preset age-4.1`) under the config file: the file and the flags override it.
 * With `--game`, only that game's presets are offered (another game's settings would not fit).
 */
function withPreset(file: Json, presetId: string | undefined, gameId: string | undefined): Json {
  if (!presetId) return file;
  const presets = allGames().flatMap((g) => presetsOf(g).map((p) => ({ game: g.id, ...p })));
  const preset = presets.find((p) => p.id === presetId);
  if (!preset) throw new CliError(`Unknown preset "${presetId}"; the presets: ${presets.map((p) => p.id).join(', ') || 'none'}.`);
  if (gameId !== undefined && gameId !== preset.game) {
    const own = presets.filter((p) => p.game === gameId).map((p) => p.id);
    throw new CliError(`The preset "${presetId}" is a run of ${preset.game}, not of ${gameId}${own.length ? ` (its presets: ${own.join(', ')})` : ''}.`);
  }
  return { game: preset.game, repetitions: preset.repetitions, ...file, dataset: { ...preset.dataset, ...obj(file.dataset) }, settings: deepMerge(preset.settings, obj(file.settings)) };
}

/** A config file, with any flag given on the command line taking precedence. */
export function configFromFlags(flags: RunFlags): Json {
  const fileOnly = flags.config ? readConfigFile(flags.config) : {};
  const file = withPreset(fileOnly, flags.preset, flags.game ?? text(fileOnly.game));
  const gameId = flags.game ?? text(file.game) ?? DEFAULT_GAME;
  let game;
  try {
    game = gameById(gameId);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const players = obj(file.players);
  const roleIds = game.roles.map((r) => r.id);
  const unknown = Object.keys(players).filter((role) => !roleIds.includes(role));
  if (unknown.length) throw new CliError(`Config file ${flags.config}: ${game.shortTitle} has no role ${unknown.map((r) => `"${r}"`).join(', ')} (its roles: ${roleIds.join(', ')}).`);
  refuseBothDatasets(flags);
  const dataset: Json = { name: game.datasets.bundled()[0]?.name ?? 'default', ...obj(file.dataset) };
  // --dataset names a bundled dataset: a file the config names is not played instead.
  if (flags.dataset) delete dataset.file;
  if (flags.datasetFile) {
    dataset.file = flags.datasetFile;
    // A file is not a bundled dataset: its kind must be said (--kind), never taken from the default name.
    if (!flags.dataset && !obj(file.dataset).name) dataset.name = basename(flags.datasetFile).replace(/\.[^.]*$/, '') || 'file';
  }
  if (flags.dataset) dataset.name = flags.dataset;
  if (flags.kind) dataset.kind = flags.kind;
  if (flags.experiments) dataset.experiments = flags.experiments.split(',').map((e) => e.trim()).filter(Boolean);
  if (flags.split) {
    delete dataset.split;
    dataset.subset = flags.split;
  }
  if (flags.fixed) {
    dataset.fixed = flags.fixed;
    // A game's own fixed subset names its dataset: `--fixed celebrities-30` alone is enough.
    const own = ownFixedSubsets(game).find((f) => f.name === flags.fixed);
    if (own && !flags.dataset && !obj(file.dataset).name) dataset.name = own.dataset;
  }
  const settings = deepMerge(obj(file.settings), parseSettingFlags(flags.set));

  const limits: Json = {};
  if (flags.rpm) limits.rpm = num(flags.rpm);
  if (flags.tpm) limits.tpm = num(flags.tpm);
  const chosen = playersFromFlags(game, {
    seats: flags.seat,
    roleFlags: (role) => {
      const id = camel(role);
      return { spec: text(flags[id]), baseUrl: text(flags[`${id}BaseUrl`]), keyEnv: text(flags[`${id}KeyEnv`]), imageInput: text(flags[`${id}ImageInput`]) };
    },
    baseUrl: flags.baseUrl,
    limits,
    file: players,
    config: flags.config,
  });

  const config: Json = { ...file, game: game.id, dataset, settings, players: chosen };
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
  if (flags.batch !== undefined || flags.poll !== undefined) {
    const batch: Json = { ...obj(file.batch) };
    if (typeof flags.batch === 'string') batch.roles = flags.batch.split(',').map((r) => r.trim()).filter(Boolean);
    if (flags.poll !== undefined) batch.pollMs = Math.round(Number(flags.poll) * 1000);
    config.batch = batch;
  }
  if (flags.images?.length || flags.downloadImages || flags.skipMissingImages) {
    const images = obj(file.images);
    config.images = {
      ...images,
      ...(flags.images?.length ? { folders: flags.images.map((f) => resolve(f)) } : {}),
      ...(flags.downloadImages ? { download: true } : {}),
      ...(flags.skipMissingImages ? { missing: 'skip' } : {}),
    };
  }
  return config;
}

const STOP_SIGNALS = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/**
 * Ctrl-C, `kill` (SIGTERM) and a closed terminal (SIGHUP) stop the run the same way: calls in flight
 * are abandoned and the run is marked interrupted before the process ends. A second signal quits at once.
 */
function installStopSignals(controller: AbortController): () => void {
  let stops = 0;
  const handlers = Object.entries(STOP_SIGNALS).map(([signal, code]) => {
    const onSignal = () => {
      stops++;
      if (stops > 1) process.exit(code);
      process.stderr.write(`\nstopping (${signal}): abandoning calls in flight; the run will be interrupted and resumable (Ctrl-C again to quit at once)\n`);
      controller.abort();
    };
    process.on(signal, onSignal);
    return () => process.off(signal, onSignal);
  });
  return () => handlers.forEach((off) => off());
}

/** Plays the pending episodes of a stored run with a progress display, then prints its report. */
export async function playStoredRun(store: Store, runId: number, mode: 'play' | 'retry-errors'): Promise<number> {
  process.stderr.write(`database: ${store.path}\n`);
  const controller = new AbortController();
  const release = installStopSignals(controller);
  try {
    const game = gameById(store.runs.get(runId).game);
    const options = { onEvent: progressPrinter({ one: game.view.outcomeLabels.success, many: game.view.outcomePlurals.success }), signal: controller.signal };
    const result = mode === 'retry-errors' ? await retryErrors(store, runId, options) : await executeRun(store, runId, options);
    if (result.alreadyDone) process.stderr.write(`run ${runId} is already done (${result.done} of ${result.total} episodes, ${result.errors} errors): nothing to play, nothing changed\n`);
    printReport(store, result.runId);
    return result.status === 'done' ? 0 : 1;
  } finally {
    release();
  }
}

/** The estimate the New run page shows: a run that skips experiments with missing images is estimated on those it plays. */
async function printEstimate(store: Store, config: Json, shard: Shard | undefined): Promise<void> {
  const estimate = await estimateRunChecked(store, config);
  if (shard) process.stderr.write(`shard ${shard.index}/${shard.count}: plays every ${ordinal(shard.count)} episode from the ${ordinal(shard.index)}; the estimate is the whole run's\n`);
  const money = estimate.usd === null ? `cost unknown (no price for ${estimate.unpriced.join(', ')}; see \`parlor prices\`)` : `cost ≤ $${fixed(estimate.usd, 2)}`;
  process.stderr.write(
    `estimate: ${estimate.episodes} episodes, ≤ ${estimate.calls} calls, ≤ ${fmt(estimate.inputTokens)} input + ${fmt(estimate.outputTokens)} output tokens, ${money} (upper bound: every game lasts all its turns)\n`,
  );
  const { live, batch } = estimate.modes;
  const dollars = (usd: number | null) => (usd === null ? 'cost unknown' : `≤ $${fixed(usd, 2)}`);
  process.stderr.write(`  live:  ${dollars(live.usd)}, about ${duration(live.minutes)} ${live.basis}\n`);
  process.stderr.write(`  batch: ${dollars(batch.usd)} (half price), ${batch.basis}${config.batch ? '' : ' (--batch)'}\n`);
  if (estimate.leftOut?.length) process.stderr.write(`  not counted (images missing, skipped): ${estimate.leftOut.join(', ')}\n`);
}


const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function runCommand(flags: RunFlags): Promise<number> {
  if (flags.resume || flags.retryErrors) {
    const store = openStore(flags.db, { create: false });
    try {
      const runId = parseId(flags.resume ?? flags.retryErrors!, 'Run id');
      return await playStoredRun(store, runId, flags.resume ? 'play' : 'retry-errors');
    } finally {
      store.close();
    }
  }
  const config = configFromFlags(flags);
  const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
  // Refused before anything is estimated or opened (prepareRun says the same to the API).
  if (shard && config.seed === undefined) throw new CliError(SHARD_NEEDS_SEED);
  const store = openStore(flags.db);
  try {
    await printEstimate(store, config, shard);
    if (flags.dryRun) return 0;
    const prepared = await prepareRun(store, config, { warn: (m) => process.stderr.write(`warning: ${m}\n`), shard });
    if (prepared.warnings.length) {
      process.stderr.write(`dataset ${prepared.datasetSource}: ${prepared.warnings.length} warning(s)\n`);
      process.stderr.write(`${formatProblems(prepared.warnings, prepared.datasetSource)}\n`);
    }
    return await playStoredRun(store, prepared.runId, 'play');
  } finally {
    store.close();
  }
}
