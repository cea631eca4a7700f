/**
 * What a database shows, as one JSON value: everything a user can see of it through the API service
 * (in process, `service.registry.dispatch`) and through the CLI's command functions (in process, what
 * they print), every cross-run view (`view-dump.ts`) and the static HTML report of all its runs. Made
 * to prove that a redesign of the engine gives the same outputs for the same file
 * (`test/fixtures/outputs-29/`, `test/integration/outputs-29.test.ts`).
 *
 * - Refusals are outputs too: a view that refuses is recorded as `{ error: message }`.
 * - Nothing in it changes between two dumps of one file: the db's folder is written `<dir>` and the
 *   repository's `<repo>`; no clock is read.
 * - `info` holds what describes the games and the app rather than the data (`games.list`, `parlor games
 *   --json`, `app.info`): it may legitimately change shape.
 * - Which views are asked for comes from the data (runs, episodes, calls, sets, stored configs) and the
 *   API's own answers (`games.list`, `explore.options`), not from the engine's interfaces, so the same
 *   dump runs before and after a redesign of the Game interface. Views a game does not offer are asked
 *   once per game and recorded as the refusal they give.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiInput, ApiMethod } from '../../shared/api/contract';
import { ablateCommand } from '../../electron/cli/capabilities/last-move';
import { annotationsCommand } from '../../electron/cli/commands/annotations';
import { annotatorsCommand } from '../../electron/cli/commands/annotators';
import { exportCommand } from '../../electron/cli/commands/export';
import { fileCommand } from '../../electron/cli/commands/file';
import { gamesCommand } from '../../electron/cli/commands/games';
import { probesCommand } from '../../electron/cli/capabilities/probing';
import { reportCommand } from '../../electron/cli/commands/report';
import { episodesCommand, runsCommand } from '../../electron/cli/commands/runs';
import { showCommand } from '../../electron/cli/commands/show';
import { subsetsCommand } from '../../electron/cli/commands/subsets';
import { tagsCommand } from '../../electron/cli/capabilities/failure-modes';
import { pricesCommand, rescoreCommand } from '../../electron/cli/commands/tools';
import { createApiService, type ApiService } from '../../electron/engine/api/service';
import { MemoryVault } from '../../electron/engine/api/vault';
import { Store } from '../../electron/engine/store/store';
import { dumpViews } from './view-dump';

type Json = unknown;
type Dict = Record<string, Json>;

/** The repository's root (this file is test/support/outputs-dump.ts). */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * What a CLI command prints, run in this process: its standard output as text when it succeeds
 * quietly; otherwise its exit code, standard output and error, or the message it was refused with.
 */
export async function printed(command: () => unknown): Promise<Json> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = { log: console.log, error: console.error, warn: console.warn, stdout: process.stdout.write, stderr: process.stderr.write };
  const text = (chunk: unknown) => (typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
  console.log = (...args: unknown[]) => void out.push(`${args.map(String).join(' ')}\n`);
  console.error = (...args: unknown[]) => void err.push(`${args.map(String).join(' ')}\n`);
  console.warn = console.error;
  process.stdout.write = ((chunk: unknown) => (out.push(text(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown) => (err.push(text(chunk)), true)) as typeof process.stderr.write;
  let code: unknown;
  let failure: string | undefined;
  try {
    code = await command();
  } catch (error) {
    failure = message(error);
  } finally {
    Object.assign(console, { log: saved.log, error: saved.error, warn: saved.warn });
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
  }
  const stdout = out.join('');
  const stderr = err.join('');
  if (failure !== undefined) return { error: failure, ...(stdout ? { stdout } : {}), ...(stderr ? { stderr } : {}) };
  if ((code === 0 || code === undefined) && !stderr) return stdout;
  return { code: code ?? null, stdout, ...(stderr ? { stderr } : {}) };
}

/** The same, for a command that prints JSON: the parsed value (or what it printed when it is not JSON). */
export async function printedJson(command: () => unknown): Promise<Json> {
  const got = await printed(command);
  if (typeof got !== 'string') return got;
  try {
    return JSON.parse(got) as Json;
  } catch {
    return got;
  }
}

export type ApiAnswer = <M extends ApiMethod>(method: M, input: ApiInput<M>) => Promise<Json>;

/** An API caller that answers with the result, or `{ error }` with the refusal's message. */
export function answerer(service: Pick<ApiService, 'registry'>): ApiAnswer {
  return async (method, input) => {
    try {
      const reply = await service.registry.dispatch(method, input);
      return reply.ok ? reply.result : { error: reply.error.message };
    } catch (error) {
      return { error: message(error) };
    }
  };
}

/** A store and the API service over a database file, as the doors open them. */
export function openService(path: string): { store: Store; service: ApiService; call: ApiAnswer; close: () => Promise<void> } {
  const store = Store.open(path);
  const service = createApiService({ store, vault: new MemoryVault(), mode: 'browser', env: {} });
  return {
    store,
    service,
    call: answerer(service),
    close: async () => {
      await service.close();
      store.close();
    },
  };
}

/** Every string in a value with `from` → `to` (keys too). */
function replaceIn(value: Json, pairs: readonly (readonly [string, string])[]): Json {
  if (typeof value === 'string') return pairs.reduce((s, [from, to]) => s.split(from).join(to), value);
  if (Array.isArray(value)) return value.map((v) => replaceIn(v, pairs));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Dict).map(([k, v]) => [replaceIn(k, pairs) as string, replaceIn(v, pairs)]));
}

const sha256 = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const TEXT_FILE = /\.(html|css|json|svg|txt|csv|tex|md|jsonl)$/;

/** A folder's files by relative path: text as it is, anything else by its sha256. */
function folderFiles(root: string): Dict {
  const out: Dict = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        out[relative(root, path).split('\\').join('/')] = TEXT_FILE.test(name) ? bytes.toString('utf8') : sha256(bytes);
      }
    }
  };
  walk(root);
  return out;
}

/** An ExportFile with base64 content (a zip) by its name and the content's sha256. */
function binaryFile(file: Json): Json {
  if (file && typeof file === 'object' && (file as { encoding?: string }).encoding === 'base64') {
    const { content, ...rest } = file as { content: string };
    return { ...rest, content: sha256(Buffer.from(content, 'base64')) };
  }
  return file;
}

interface RunInfo {
  id: number;
  game: string;
  dataset: string;
  /** The run's stored config (a last-turn swap names the run it swaps). */
  config: Dict;
  probes: number;
  human: boolean;
}

interface GameInfoLike {
  id: string;
  metrics: { key: string }[];
  view: { heatmapMetrics: string[]; sortBy: string };
  runFiles?: { id: string }[];
}

interface DatasetOptions {
  name: string;
  subsets: string[];
  conditions: Record<string, string[]>;
  tags: string[];
  axes: { id: string }[];
}

const ids = (list: readonly number[]) => list.map(String);
const isError = (v: Json): boolean => !!v && typeof v === 'object' && 'error' in (v as Dict) && Object.keys(v as Dict).length <= 3;

/**
 * Everything `dbPath` shows. The file is opened as the doors open it (an older schema is migrated on
 * that first open); a folder `parlor-dump` beside it takes what the CLI writes (the HTML report, run files)
 * and is removed after.
 */
export async function dumpOutputs(dbPath: string): Promise<Record<string, unknown>> {
  const path = resolve(dbPath);
  const { store, service, call, close } = openService(path);
  const db = path;
  // A folder of a fixed name beside the file, for what the CLI writes (its paths are printed).
  const scratch = join(dirname(path), 'parlor-dump');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch);
  try {
    // --- What there is: runs, episodes, games, sets (read through the API, as a user sees them) ---
    const { gamesList, gamesJson } = await gamesInfo(call);
    const games = new Map(gamesList.map((g) => [g.id, g]));
    const runsList = await call('runs.list', {});
    const runIds = store.runs.all().map((r) => r.id).sort((a, b) => a - b);
    const runs: RunInfo[] = [];
    const api: Dict = { runsList };
    const perRun: Dict = {};
    const perEpisode: Dict = {};
    const callIds = new Set<number>();
    const episodesOf = new Map<number, number[]>();
    for (const runId of runIds) {
      const get = await call('runs.get', { runId });
      const detail = isError(get) ? null : (get as { config: Dict; probes: number });
      const row = store.runs.get(runId);
      const fileIdsOfRun = fileIdsFor(games, row.game, runs);
      runs.push({
        id: runId, game: row.game, dataset: row.datasetName, config: (detail?.config ?? row.config) as Dict,
        probes: Number(detail?.probes ?? 0), human: row.seats.some((s) => s.playerKind === 'human'),
      });
      const episodes = store.episodes.list(runId).map((e) => e.id);
      episodesOf.set(runId, episodes);
      const files: Dict = {};
      for (const id of fileIdsOfRun) files[id] = binaryFile(await call('runs.file', { runId, id }));
      perRun[runId] = {
        get,
        episodes: await call('episodes.list', { runId }),
        csv: await call('runs.export', { runId, format: 'csv' }),
        jsonl: await call('runs.export', { runId, format: 'jsonl' }),
        errorGroups: await call('runs.errorGroups', { runId }),
        batches: await call('runs.batches', { runId }),
        files,
      };
      for (const episodeId of episodes) {
        const transcript = await call('episodes.transcript', { episodeId });
        const calls: Dict = {};
        for (const c of store.models.calls(episodeId)) {
          callIds.add(c.id);
          calls[c.id] = await call('calls.get', { callId: c.id });
        }
        perEpisode[episodeId] = { transcript, siblings: await call('explore.siblings', { episodeId }), calls };
      }
    }
    api.runs = perRun;
    api.episodes = perEpisode;
    api.callsOutsideEpisodes = await callsOutsideEpisodes(call, callIds);

    // --- Research views, over each game's runs ---
    const byGame = groupBy(runs, (r) => r.game);
    const research: Dict = {};
    for (const [game, of] of byGame) research[game] = await researchViews(call, of);
    api.research = research;

    // --- Annotation sets ---
    const setIds = store.annotations.listSets().map((s) => s.id).sort((a, b) => a - b);
    const sets: Dict = {};
    for (const setId of setIds) sets[setId] = await annotationViews(call, setId);
    api.annotations = { list: await call('annotations.list', {}), annotators: await call('annotators.list', {}), sets };

    // --- People's games, datasets, subsets, models, prices, suites ---
    const humanEpisodes = runs.filter((r) => r.human).flatMap((r) => episodesOf.get(r.id) ?? []);
    api.human = {
      sessions: await call('human.sessions', {}),
      states: Object.fromEntries(await seq(humanEpisodes, async (episodeId) => [episodeId, await call('human.state', { episodeId })] as const)),
    };
    api.datasets = await call('datasets.list', {});
    api.userDatasets = await userDatasetInstances(call, api.datasets);
    api.subsets = Object.fromEntries(await seq([...games.keys()], async (game) => [game, await call('subsets.list', { game })] as const));
    api.prices = await call('prices.list', {});
    api.models = await call('models.list', {});
    api.suites = await suiteViews(call);

    // --- The command line ---
    const cli: Dict = {};
    cli.runs = await printed(() => runsCommand({ db }));
    cli.runsJson = await printedJson(() => runsCommand({ db, json: true }));
    const cliRuns: Dict = {};
    for (const run of runs) {
      const id = String(run.id);
      cliRuns[id] = {
        report: await printed(() => reportCommand(id, { db })),
        reportJson: await printedJson(() => reportCommand(id, { db, json: true })),
        episodes: await printed(() => episodesCommand(id, { db })),
        csv: await printed(() => exportCommand(id, { format: 'csv', db })),
        jsonl: await printed(() => exportCommand(id, { format: 'jsonl', db })),
        rescore: await printed(() => rescoreCommand(id, { db })),
        files: Object.fromEntries(await seq(cliFileIds(games, run, runs), async (fileId) => [fileId, await runFileCli(db, scratch, id, fileId)] as const)),
      };
    }
    cli.run = cliRuns;
    const show: Dict = {};
    for (const run of runs) {
      for (const episodeId of episodesOf.get(run.id) ?? []) {
        show[episodeId] = { text: await printed(() => showCommand(String(episodeId), { db })), calls: await printed(() => showCommand(String(episodeId), { db, calls: true })) };
      }
    }
    cli.show = show;
    cli.exports = await viewExports(call, db, runs, games);
    cli.research = await researchCli(db, call, byGame);
    cli.annotations = {
      list: await printed(() => annotationsCommand('list', [], { db })),
      annotators: await printed(() => annotatorsCommand('list', [], { db })),
      annotatorsJson: await printedJson(() => annotatorsCommand('list', [], { db, json: true })),
      sets: Object.fromEntries(await seq(setIds, async (setId) => [setId, await annotationsCli(db, service, setId)] as const)),
    };
    cli.subsets = Object.fromEntries(
      await seq([...games.keys()], async (game) => {
        const listed = await printedJson(() => subsetsCommand('list', undefined, { db, game, json: true }));
        const names = Array.isArray(listed) ? (listed as { name: string }[]).map((s) => s.name) : [];
        return [game, { list: await printed(() => subsetsCommand('list', undefined, { db, game })), json: listed, show: Object.fromEntries(await seq(names, async (name) => [name, await printed(() => subsetsCommand('show', name, { db, game }))] as const)) }] as const;
      }),
    );
    cli.prices = await printed(() => pricesCommand(undefined, [], { db }));

    // --- Every cross-run view, and the static report of every run ---
    const views = await dumpViews(store);
    const html = runIds.length ? await htmlReport(db, scratch, runIds) : null;

    const info = {
      app: await call('app.info', {}),
      gamesList,
      gamesJson,
    };
    const dump = { api, cli, views, html, info };
    return normalisePaths(JSON.parse(JSON.stringify(dump)) as Dict, path) as Record<string, unknown>;
  } finally {
    await close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * `games.list` and `parlor games --json`: they describe the code, not the file (every bundled dataset
 * is read to count its instances, half a second), so they are asked once per process.
 */
let gamesOnce: Promise<{ gamesList: GameInfoLike[]; gamesJson: Json }> | undefined;
function gamesInfo(call: ApiAnswer): Promise<{ gamesList: GameInfoLike[]; gamesJson: Json }> {
  gamesOnce ??= (async () => ({ gamesList: (await call('games.list', {})) as GameInfoLike[], gamesJson: await printedJson(() => gamesCommand({ json: true })) }))();
  return gamesOnce;
}

/** The db's folder as `<dir>` (its real path too), the repository as `<repo>`. */
function normalisePaths(value: Dict, dbPath: string): Json {
  const dir = dirname(dbPath);
  const pairs: [string, string][] = [];
  for (const d of new Set([dir, realpathSync(dir)])) pairs.push([d, '<dir>']);
  for (const r of new Set([REPO, realpathSync(REPO)])) pairs.push([r, '<repo>']);
  // Longer paths first, so a folder inside another is named by its own placeholder.
  pairs.sort((a, b) => b[0].length - a[0].length);
  return replaceIn(value, pairs);
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Async map in order, one at a time. */
async function seq<T, R>(items: readonly T[], f: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await f(item));
  return out;
}

/** The files any game makes from a run (SimulBench's `scripts`), as `games.list` names them. */
function fileIds(games: ReadonlyMap<string, GameInfoLike>): string[] {
  return [...new Set([...games.values()].flatMap((g) => (g.runFiles ?? []).map((f) => f.id)))].sort();
}

/**
 * The run files to ask of a run: every file its game names (`games.list`), and for a game that names
 * none, the others' files once, for its first run (the refusal it gives).
 */
function fileIdsFor(games: ReadonlyMap<string, GameInfoLike>, game: string, earlier: readonly RunInfo[]): string[] {
  const own = (games.get(game)?.runFiles ?? []).map((f) => f.id);
  if (own.length) return own;
  return earlier.some((r) => r.game === game) ? [] : fileIds(games);
}

function cliFileIds(games: ReadonlyMap<string, GameInfoLike>, run: RunInfo, runs: readonly RunInfo[]): string[] {
  return fileIdsFor(games, run.game, runs.slice(0, runs.indexOf(run)));
}

/** Calls with no episode (preflights, the LLM tagger's, hints): ids around and after the episodes' calls, asked until 20 in a row are unknown. */
async function callsOutsideEpisodes(call: ApiAnswer, seen: ReadonlySet<number>): Promise<Dict> {
  const out: Dict = {};
  let misses = 0;
  for (let id = 1; misses < 20; id++) {
    if (seen.has(id)) {
      misses = 0;
      continue;
    }
    const got = await call('calls.get', { callId: id });
    if (isError(got)) misses++;
    else {
      misses = 0;
      out[id] = got;
    }
  }
  return out;
}

/**
 * Probes, failure tags, last-turn swaps and training data over one game's runs. A game that offers a
 * view is asked it in every variant; one that refuses it is recorded once with its refusal.
 */
async function researchViews(call: ApiAnswer, of: readonly RunInfo[]): Promise<Json> {
  const runIds = of.map((r) => r.id);
  const probed = of.filter((r) => r.probes > 0).map((r) => r.id);
  const probes = probed.length
    ? { probed: await call('probes.view', { runIds: probed }), byRun: Object.fromEntries(await seq(probed, async (id) => [id, await call('probes.view', { runIds: [id] })] as const)) }
    : { all: await call('probes.view', { runIds }) };
  const rules = (await call('tags.view', { runIds })) as { available?: string[] };
  const sources = !isError(rules) && Array.isArray(rules.available) ? rules.available : undefined;
  const tags = isError(rules)
    ? { rules }
    : {
        rules,
        ...(sources && sources.some((x) => x !== 'rules') ? { allSources: await call('tags.view', { runIds, sources }) } : {}),
        csv: await call('tags.export', { runIds, format: 'csv', ...(sources ? { sources } : {}) }),
        latex: await call('tags.export', { runIds, format: 'latex', ...(sources ? { sources } : {}) }),
        strictRules: await call('tags.view', { runIds, rules: { minYes: 1, minRun: 2 } }),
        byRun: Object.fromEntries(await seq(runIds, async (id) => [id, await call('tags.view', { runIds: [id], ...(sources ? { sources } : {}) })] as const)),
      };
  const swaps = of.filter((r) => r.config.lastTurn).map((r) => r.id);
  const matrix = await call('ablation.matrix', { runIds });
  const ablation = isError(matrix)
    ? { matrix }
    : {
        matrix,
        success: await call('ablation.matrix', { runIds, metric: 'success' }),
        csv: await call('ablation.export', { runIds, format: 'csv' }),
        latex: await call('ablation.export', { runIds, format: 'latex' }),
        pairs: Object.fromEntries(await seq(swaps, async (id) => [id, await call('ablation.pairs', { runId: id })] as const)),
        notSwap: await call('ablation.pairs', { runId: runIds.find((id) => !swaps.includes(id)) ?? runIds[0]! }),
      };
  return { probes, tags, ablation, training: await trainingViews(call, runIds) };
}

async function trainingViews(call: ApiAnswer, runIds: number[]): Promise<Json> {
  const first = await call('runs.trainingExport', { runIds, format: 'chat', games: 'all', allowHeldOut: true });
  if (isError(first)) return { 'chat/all/held-out': first };
  const out: Dict = {
    'chat/successful': await call('runs.trainingExport', { runIds, format: 'chat', games: 'successful', allowHeldOut: false }),
    'chat/successful/held-out': await call('runs.trainingExport', { runIds, format: 'chat', games: 'successful', allowHeldOut: true }),
    'chat/all/held-out': first,
    'rewards/all/held-out': await call('runs.trainingExport', { runIds, format: 'rewards', games: 'all', allowHeldOut: true }),
  };
  out['rewards/all/held-out/lambda'] = await call('runs.trainingExport', { runIds, format: 'rewards', games: 'all', allowHeldOut: true, rule: { lambda: 0.05 } });
  for (const id of runIds) {
    out[`run ${id}`] = {
      chat: await call('runs.trainingExport', { runIds: [id], format: 'chat', games: 'successful', allowHeldOut: false }),
      rewards: await call('runs.trainingExport', { runIds: [id], format: 'rewards', games: 'all', allowHeldOut: false }),
    };
  }
  return out;
}

async function annotationViews(call: ApiAnswer, setId: number): Promise<Json> {
  const summary = (await call('annotations.get', { setId })) as { annotators?: string[] };
  const annotators = isError(summary) ? [] : (summary.annotators ?? []);
  const exports: Dict = {};
  for (const what of ['labels', 'results', 'calibration'] as const) for (const format of ['csv', 'jsonl'] as const) exports[`${what}.${format}`] = await call('annotations.export', { setId, what, format });
  const items = labelledItems(exports['labels.jsonl']);
  const everyone = [...new Set([...annotators, ...(await adjudicators(call, setId))])].sort();
  return {
    get: summary,
    results: await call('annotations.results', { setId }),
    exports,
    progress: await call('annotations.progress', { setId }),
    review: await call('annotations.review', { setId }),
    reviewBy: Object.fromEntries(await seq(everyone, async (a) => [a, await call('annotations.review', { setId, adjudicator: a })] as const)),
    mine: Object.fromEntries(await seq(annotators, async (a) => [a, await call('annotations.mine', { setId, annotator: a })] as const)),
    queue: Object.fromEntries(await seq(annotators, async (a) => [a, await call('annotations.queue', { setId, annotator: a, limit: 500 })] as const)),
    history: Object.fromEntries(await seq(items, async (itemId) => [itemId, Object.fromEntries(await seq(annotators, async (a) => [a, await call('annotations.history', { setId, itemId, annotator: a })] as const))] as const)),
    applyDryRun: await call('annotations.apply', { setId, dryRun: true }),
  };
}

/** The items someone labelled, from the labels JSONL export. */
function labelledItems(file: Json): number[] {
  const content = (file as { content?: string } | null)?.content;
  if (typeof content !== 'string') return [];
  const ids = content.split('\n').filter(Boolean).map((line) => Number((JSON.parse(line) as { item_id?: number }).item_id));
  return [...new Set(ids.filter((id) => Number.isInteger(id)))].sort((a, b) => a - b);
}

/** Who ruled on a set's items (read from the review view: rulings name their adjudicator). */
async function adjudicators(call: ApiAnswer, setId: number): Promise<string[]> {
  const view = (await call('annotations.review', { setId })) as { ruled?: { ruling?: { adjudicator?: string } | null }[]; queue?: { rulings?: { adjudicator?: string }[] }[] };
  if (isError(view)) return [];
  const names = [...(view.ruled ?? []).map((r) => r.ruling?.adjudicator), ...(view.queue ?? []).flatMap((q) => (q.rulings ?? []).map((r) => r.adjudicator))];
  return names.filter((n): n is string => typeof n === 'string');
}

/** The instances of datasets a user's files made (bundled ones describe the games, not the data). */
async function userDatasetInstances(call: ApiAnswer, datasets: Json): Promise<Json> {
  if (!Array.isArray(datasets)) return null;
  const out: Dict = {};
  for (const d of datasets as { game: string; name: string; bundled: boolean; subsets: { subset: string }[] }[]) {
    if (d.bundled) continue;
    for (const { subset } of d.subsets) out[`${d.game}/${d.name}/${subset}`] = await call('datasets.instances', { game: d.game, name: d.name, subset });
  }
  return out;
}

async function suiteViews(call: ApiAnswer): Promise<Json> {
  const suites = (await call('suite.list', {})) as { id: string; groups: unknown[] }[];
  const comparisons = (await call('comparison.list', {})) as { id: string }[];
  const out: Dict = { list: suites, comparisons: comparisons };
  for (const suite of Array.isArray(suites) ? suites : []) {
    for (const grouped of suite.groups.length ? [false, true] : [false]) {
      out[`suite:${suite.id}${grouped ? ':grouped' : ''}`] = {
        table: await call('suite.table', { suite: suite.id, grouped }),
        csv: await call('suite.export', { suite: suite.id, grouped, format: 'csv' }),
        latex: await call('suite.export', { suite: suite.id, grouped, format: 'latex' }),
      };
    }
  }
  for (const c of Array.isArray(comparisons) ? comparisons : []) {
    out[`comparison:${c.id}`] = {
      table: await call('comparison.table', { comparison: c.id }),
      csv: await call('comparison.export', { comparison: c.id, format: 'csv' }),
      latex: await call('comparison.export', { comparison: c.id, format: 'latex' }),
    };
  }
  return out;
}

/** `parlor file <run> <id> -o <scratch>`: what it prints and the file it wrote. */
async function runFileCli(db: string, scratch: string, runId: string, fileId: string): Promise<Json> {
  const folder = join(scratch, `file-${runId}-${fileId}`);
  mkdirSync(folder);
  try {
    const printedOut = await printed(() => fileCommand(runId, fileId, { db, out: folder }));
    return { printed: printedOut, files: folderFiles(folder) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `parlor export <view>` in every format it takes, for every game and dataset with runs, by their topics, axes, metrics and conditions. */
async function viewExports(call: ApiAnswer, db: string, runs: readonly RunInfo[], games: ReadonlyMap<string, GameInfoLike>): Promise<Json> {
  const options = (await call('explore.options', {})) as { games?: { id: string; datasets: DatasetOptions[] }[] };
  const datasetsOf = new Map((options.games ?? []).map((g) => [g.id, new Map(g.datasets.map((d) => [d.name, d]))]));
  const out: Dict = {};
  const played = groupBy(runs, (r) => `${r.game}/${r.dataset}`);
  for (const [key, of] of played) {
    const game = of[0]!.game;
    const dataset = of[0]!.dataset;
    const info = games.get(game);
    const opts = datasetsOf.get(game)?.get(dataset);
    const topics = opts?.tags ?? [];
    const axes = opts?.axes.map((a) => a.id) ?? ['item'];
    const heatmapMetrics = info?.view.heatmapMetrics ?? [];
    const metrics = info?.metrics.map((m) => m.key) ?? [];
    const base = { db, game, dataset };
    const x = (what: string, flags: Dict) => printed(() => exportCommand(what, { ...base, format: 'csv', ...flags }));
    // Every format of every view; each topic and axis, and the variants (conditions, splits, the
    // significance of each metric shown) as CSV (and SVG). The LaTeX of each topic, heatmaps by every
    // metric and rows by each role are in `views`, as the explore pages export them.
    const files: Dict = {};
    for (const format of ['csv', 'latex']) {
      files[`leaderboard.${format}`] = await x('leaderboard', { format });
      files[`heatmap.${format}`] = await x('heatmap', { format });
      files[`breakdown.${format}`] = await x('breakdown', { format });
      files[`significance.${format}`] = await x('significance', { format });
      files[`scores.${format}`] = await x('scores', { format });
    }
    files['heatmap.svg'] = await x('heatmap', { format: 'svg' });
    for (const topic of topics) {
      files[`heatmap-${topic}.csv`] = await x('heatmap', { topic });
      files[`heatmap-${topic}.svg`] = await x('heatmap', { format: 'svg', topic });
      files[`breakdown-${topic}.csv`] = await x('breakdown', { topic });
    }
    files['leaderboard-all.csv'] = await x('leaderboard', { instances: 'all' });
    files['leaderboard-min-episodes-1.csv'] = await x('leaderboard', { minEpisodes: '1' });
    for (const [role, players] of Object.entries(opts?.conditions ?? {})) {
      for (const player of players) files[`leaderboard-${role}=${player}.csv`] = await x('leaderboard', { with: [`${role}=${player}`] });
    }
    for (const subset of opts && opts.subsets.length > 1 ? opts.subsets : []) files[`leaderboard-split-${subset}.csv`] = await x('leaderboard', { split: subset });
    for (const metric of new Set([info?.view.sortBy, ...heatmapMetrics].filter((m): m is string => !!m && metrics.includes(m)))) files[`significance-${metric}.csv`] = await x('significance', { metric });
    files['significance-0.05.csv'] = await x('significance', { alpha: '0.05' });
    for (const axis of axes) {
      files[`difficulty-${axis}.csv`] = await x('difficulty', { axis });
      files[`difficulty-${axis}.svg`] = await x('difficulty', { format: 'svg', axis });
    }
    out[key] = files;
  }
  // The suites (clemscore) and comparisons (text vs images), each format, plain and grouped.
  const suites: Dict = {};
  for (const format of ['csv', 'latex']) {
    for (const grouped of [false, true]) suites[`clemscore${grouped ? '-grouped' : ''}.${format}`] = await printed(() => exportCommand('clemscore', { db, format, grouped }));
    suites[`comparison.${format}`] = await printed(() => exportCommand('comparison', { db, format }));
  }
  out['suites'] = suites;
  return out;
}

/** `parlor probes`, `tags`, `ablate` and `export training` over each game's runs. */
async function researchCli(db: string, call: ApiAnswer, byGame: ReadonlyMap<string, RunInfo[]>): Promise<Json> {
  const out: Dict = {};
  for (const [game, of] of byGame) {
    const list = of.map((r) => r.id).join(',');
    const probed = of.filter((r) => r.probes > 0);
    const probedList = probed.map((r) => r.id).join(',');
    const probes: Dict = probed.length
      ? { probed: await printed(() => probesCommand(probedList, { db })), json: await printedJson(() => probesCommand(probedList, { db, json: true })) }
      : { all: await printed(() => probesCommand(list, { db })) };
    for (const run of probed) {
      const view = (await printedJson(() => probesCommand(String(run.id), { db, json: true }))) as { episodes?: { episodeId: number }[] };
      const episodes: Dict = {};
      for (const e of view.episodes ?? []) episodes[e.episodeId] = await printed(() => probesCommand(String(run.id), { db, episode: String(e.episodeId) }));
      probes[`run ${run.id}`] = { text: await printed(() => probesCommand(String(run.id), { db })), episodes };
    }
    // `--list` prints the table, then every tag.
    const listed = await printed(() => tagsCommand(list, { db, list: true }));
    const tags: Dict = { list: listed };
    if (!isError(listed)) {
      tags.csv = await printed(() => tagsCommand(list, { db, format: 'csv' }));
      tags.latex = await printed(() => tagsCommand(list, { db, format: 'latex' }));
      tags.strict = await printed(() => tagsCommand(list, { db, rule: ['minYes=1', 'minRun=2'] }));
      const sources = await llmSources(call, of.map((r) => r.id));
      if (sources.length) {
        const all = ['rules', ...sources].join(',');
        tags.allSources = await printed(() => tagsCommand(list, { db, sources: all, list: true }));
        tags.allSourcesCsv = await printed(() => tagsCommand(list, { db, sources: all, format: 'csv' }));
      }
    }
    const matrix = await printed(() => ablateCommand({ db, matrix: list }));
    const ablate: Dict = { matrix };
    if (!isError(matrix)) {
      ablate.csv = await printed(() => ablateCommand({ db, matrix: list, format: 'csv' }));
      ablate.latex = await printed(() => ablateCommand({ db, matrix: list, format: 'latex' }));
      for (const swap of of.filter((r) => r.config.lastTurn)) {
        ablate[`pairs ${swap.id}`] = await printed(() => ablateCommand({ db, pairs: String(swap.id) }));
        ablate[`matrix ${swap.id}`] = await printed(() => ablateCommand({ db, matrix: `${(swap.config.lastTurn as { run: number }).run},${swap.id}`, metric: 'success' }));
      }
    }
    const refused = await printed(() => exportCommand('training', { db, format: 'csv', runs: list, as: 'chat' }));
    const training: Dict = { chat: refused };
    const offered = await printed(() => exportCommand('training', { db, format: 'csv', runs: list, as: 'chat', games: 'all', allowTest: true }));
    if (!isError(offered)) {
      training['chat/all/allow-test'] = offered;
      training['chat/allow-test'] = await printed(() => exportCommand('training', { db, format: 'csv', runs: list, as: 'chat', allowTest: true }));
      training.rewards = await printed(() => exportCommand('training', { db, format: 'csv', runs: list, as: 'rewards' }));
      training['rewards/allow-test'] = await printed(() => exportCommand('training', { db, format: 'csv', runs: list, as: 'rewards', allowTest: true }));
      training['rewards/lambda/allow-test'] = await printed(() => exportCommand('training', { db, format: 'csv', runs: list, as: 'rewards', allowTest: true, rule: ['lambda=0.05'] }));
    }
    out[game] = { probes, tags, ablate, training };
  }
  return out;
}

/** The LLM taggers whose tags the runs hold (as `tags.view` names them). */
async function llmSources(call: ApiAnswer, runIds: readonly number[]): Promise<string[]> {
  const view = (await call('tags.view', { runIds: [...runIds] })) as { available?: string[] };
  return (Array.isArray(view.available) ? view.available : []).filter((s) => s !== 'rules');
}

async function annotationsCli(db: string, service: Pick<ApiService, 'registry'>, setId: number): Promise<Json> {
  const id = String(setId);
  const exports: Dict = {};
  for (const what of ['labels', 'results', 'calibration']) {
    for (const format of ['csv', 'jsonl']) exports[`${what}.${format}`] = await printed(() => annotationsCommand('export', [id], { db, what, format }));
  }
  exports['labels-keys.csv'] = await printed(() => annotationsCommand('export', [id], { db, headers: 'keys' }));
  const items = labelledItems(await answerer(service)('annotations.export', { setId, what: 'labels', format: 'jsonl' }));
  return {
    report: await printed(() => annotationsCommand('report', [id], { db })),
    json: await printedJson(() => annotationsCommand('report', [id], { db, json: true })),
    csv: await printed(() => annotationsCommand('report', [id], { db, csv: true })),
    exports,
    review: await printed(() => annotationsCommand('review', [id], { db })),
    applyDryRun: await printed(() => annotationsCommand('apply', [id], { db, dryRun: true })),
    history: Object.fromEntries(await seq(items, async (itemId) => [itemId, await printed(() => annotationsCommand('history', [id, String(itemId)], { db }))] as const)),
  };
}

/** `parlor report --html <every run> -o <folder>`: the folder's files (images by sha256). */
async function htmlReport(db: string, scratch: string, runIds: readonly number[]): Promise<Json> {
  const folder = join(scratch, 'report');
  const said = await printed(() => reportCommand(ids(runIds), { db, html: true, out: folder }));
  let files: Json = null;
  try {
    files = folderFiles(folder);
  } catch {
    /* nothing written: `said` tells why */
  }
  return { printed: said, files };
}
