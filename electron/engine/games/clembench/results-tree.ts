/**
 * Reads a clembench results tree: `<model-pair>/<game>/<N>_<experiment>/episode_<k>/interactions.json`
 * with `instance.json` and `scores.json` beside it when present, `experiment_<name>.json` in the
 * experiment folder, and `raw.csv` (game, model, experiment, episode, metric, value) at the root.
 * Nothing is trusted: each file that is missing or malformed is reported with its path.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readUtf8 } from '../../core/text-file';
import { LOG_FILE } from '../../core/user-file';
import { basename, join, relative, sep } from 'node:path';
import { parse } from 'csv-parse/sync';
import { controlProblem } from '../../../../shared/text/control';
import type { ClemAction } from './adapter';

export interface LoggedEpisode {
  /** Path of the episode folder relative to the tree's root. */
  path: string;
  pair: string;
  game: string;
  /** The experiment's name (its folder without the `N_` prefix). */
  experiment: string;
  experimentFolder: string;
  /** `episode_<k>`. */
  episode: string;
  turns: ClemAction[][];
  /** Player names as interactions.json lists them (e.g. `Player 1` → "Describer (gpt-4)"). */
  players: Record<string, string>;
  instance: Record<string, unknown> | null;
  experimentRecord: Record<string, unknown> & { name: string };
  /** `episode scores` of scores.json; null without the file. */
  scores: Record<string, number | null> | null;
}

export interface TreeProblem {
  path: string;
  message: string;
}

function readJson(path: string): unknown {
  return JSON.parse(readUtf8(path, basename(path), LOG_FILE));
}

/** scores.json as Python's json.dump writes it: a bare NaN (clembench's "not scored") is read as null. Only numbers live there. */
function readScores(path: string): unknown {
  return JSON.parse(readUtf8(path, basename(path), LOG_FILE).replace(/([:[,]\s*)-?(?:NaN|Infinity)(?=\s*[,\]}])/g, '$1null'));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every folder holding an interactions.json (of whatever kind: a link, or a pipe the reader then
 * refuses), depth first, in name order; and every `episode_<k>` folder without one, which is a problem,
 * never skipped in silence.
 */
function episodeFolders(root: string): { folders: string[]; empty: string[] } {
  const folders: string[] = [];
  const empty: string[] = [];
  const walk = (dir: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
    if (entries.some((e) => e.name === 'interactions.json' && !e.isDirectory())) folders.push(dir);
    else if (/^episode_\d+$/.test(basename(dir))) empty.push(dir);
    for (const e of entries) if (e.isDirectory()) walk(join(dir, e.name));
  };
  walk(root);
  return { folders, empty };
}

/** The scores a logged episode has: NaN (JSON null or the string "NaN") is null, as clembench means "not scored". */
function numbers(record: unknown): Record<string, number | null> {
  if (!isRecord(record)) return {};
  return Object.fromEntries(
    Object.entries(record).flatMap(([k, v]) => (typeof v === 'number' ? [[k, Number.isFinite(v) ? v : null]] : v === null || v === 'NaN' ? [[k, null]] : typeof v === 'boolean' ? [[k, v ? 1 : 0]] : [])),
  );
}

export function readResultsTree(root: string): { episodes: LoggedEpisode[]; problems: TreeProblem[]; raw: Map<string, Record<string, number | null>> } {
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`${root} is not a folder: give the clembench results folder (the one holding <model-pair>/<game>/...).`);
  const problems: TreeProblem[] = [];
  const episodes: LoggedEpisode[] = [];
  const experiments = new Map<string, Record<string, unknown>>();
  const { folders, empty } = episodeFolders(root);
  for (const dir of empty) problems.push({ path: relative(root, dir), message: 'no interactions.json: the episode was not imported' });
  for (const dir of folders) {
    const rel = relative(root, dir);
    const parts = rel.split(sep);
    if (parts.length < 4) {
      problems.push({ path: rel, message: 'an episode folder must sit at <model-pair>/<game>/<N>_<experiment>/episode_<k>' });
      continue;
    }
    // Folder names become model, run and experiment names: they must be plain text like any name.
    const hostile = controlProblem(rel, 'the folder path');
    if (hostile) {
      problems.push({ path: rel, message: `${hostile}: rename the folder to import this episode` });
      continue;
    }
    const [pair, game, experimentFolder, episode] = parts.slice(-4) as [string, string, string, string];
    try {
      const interactions = readJson(join(dir, 'interactions.json'));
      if (!isRecord(interactions) || !Array.isArray(interactions.turns)) throw new Error('interactions.json has no "turns" list');
      const turns = (interactions.turns as unknown[]).map((t, i) => {
        if (!Array.isArray(t)) throw new Error(`interactions.json turn ${i} is not a list`);
        return t.filter(isRecord).map((a) => a as unknown as ClemAction);
      });
      const players = isRecord(interactions.players) ? Object.fromEntries(Object.entries(interactions.players).map(([k, v]) => [k, String(isRecord(v) ? (v.model_name ?? v.game_role ?? '') : v)])) : {};
      const instancePath = join(dir, 'instance.json');
      const instance = existsSync(instancePath) ? readJson(instancePath) : null;
      if (instance !== null && !isRecord(instance)) throw new Error('instance.json is not an object');
      const scoresPath = join(dir, 'scores.json');
      const scores = existsSync(scoresPath) ? numbers((readScores(scoresPath) as Record<string, unknown>)['episode scores']) : null;
      const name = experimentFolder.replace(/^\d+_/, '');
      const expKey = join(dir, '..');
      if (!experiments.has(expKey)) {
        const path = join(expKey, `experiment_${name}.json`);
        experiments.set(expKey, existsSync(path) && isRecord(readJson(path)) ? (readJson(path) as Record<string, unknown>) : {});
      }
      episodes.push({ path: rel, pair, game, experiment: name, experimentFolder, episode, turns, players, instance, experimentRecord: { ...experiments.get(expKey)!, name }, scores });
    } catch (error) {
      problems.push({ path: rel, message: error instanceof SyntaxError ? `malformed JSON: ${error.message}` : (error as Error).message });
    }
  }
  return { episodes, problems, raw: readRawCsv(root, problems) };
}

/** Every raw.csv in the tree (at its root, or per version folder when several runs sit side by side). */
function rawCsvFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isFile() && e.name === 'raw.csv') out.push(join(dir, e.name));
      else if (e.isDirectory() && depth < 2) walk(join(dir, e.name), depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

/** raw.csv rows keyed `game|model|experiment|episode` (experiment as its folder, e.g. `0_line_grids_rows`). */
function readRawCsv(root: string, problems: TreeProblem[]): Map<string, Record<string, number | null>> {
  const out = new Map<string, Record<string, number | null>>();
  for (const path of rawCsvFiles(root)) readRawFile(path, relative(root, path), out, problems);
  return out;
}

function readRawFile(path: string, rel: string, out: Map<string, Record<string, number | null>>, problems: TreeProblem[]): void {
  try {
    const rows = parse(readUtf8(path, basename(path), LOG_FILE), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    for (const r of rows) {
      if (!r.game || !r.model || !r.experiment || !r.episode || !r.metric) continue;
      const key = rawKey(r.game, r.model, r.experiment, r.episode);
      const scores = out.get(key) ?? {};
      const value = Number(r.value);
      scores[r.metric] = r.value === '' || !Number.isFinite(value) ? null : value;
      out.set(key, scores);
    }
  } catch (error) {
    problems.push({ path: rel, message: `unreadable: ${(error as Error).message}` });
  }
}

export function rawKey(game: string, model: string, experiment: string, episode: string): string {
  return [game, model, experiment, episode].join('|');
}
