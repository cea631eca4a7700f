/**
 * EDA's instances: the bundled Things and Celebrities lists (`datasets/eda/<kind>/<split>.txt`, with
 * their topics), or a user's own list of one entity per line (`|` between aliases), stored under its
 * own name and content hash.
 */
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { datasetsRoot, DatasetError, fileDatasetName, refuseErrors } from '../../core/datasets';
import type { DatasetProblem, DatasetRef, DatasetSource, InstanceInput, LoadedDataset } from '../../core/game';
import { readUtf8 } from '../../core/text-file';
import { DATASET_FILE } from '../../core/user-file';
import { parseEntityList, type ParsedEntity } from './lists';
import { EdaKindSchema, type EdaKind } from './settings';
import { loadTopics } from './topics';

export const BUNDLED_EDA = ['things', 'celebrities'] as const;
export const SPLITS = ['train', 'dev', 'test'] as const;
const TITLES: Record<EdaKind, string> = { things: 'Things', celebrities: 'Celebrities' };

function readList(path: string): string {
  return readUtf8(path, `entity list ${path}`, DATASET_FILE);
}

/** An entity as an instance: its first alias is its name; the whole line is its key. */
function toInstance(e: ParsedEntity, topics: Map<string, Record<string, string>>, split: string): InstanceInput {
  return { key: e.line, name: e.name, payload: { line: e.line, aliases: e.aliases }, tags: topics.get(`${split}\u0000${e.line}`) ?? {} };
}

export interface EdaPayload {
  line: string;
  aliases: string[];
}

export function edaPayload(payload: unknown): EdaPayload {
  const p = payload as Partial<EdaPayload> | null;
  if (!p || typeof p.line !== 'string' || !Array.isArray(p.aliases)) throw new DatasetError('This instance is not an EDA entity (it has no line and aliases).');
  return { line: p.line, aliases: p.aliases.map(String) };
}

export const edaDatasets: DatasetSource = {
  bundled: () => BUNDLED_EDA.map((name) => ({ name, title: TITLES[name], kind: name, subsets: [...SPLITS], defaultSubset: 'test' })),

  load(ref: DatasetRef): LoadedDataset {
    return ref.file ? loadFile(ref) : loadBundled(ref);
  },
};

function loadFile(ref: DatasetRef): LoadedDataset {
  const path = resolve(ref.file!);
  if (!existsSync(path)) throw new DatasetError(`Entity list not found: ${path}`);
  if (statSync(path).isDirectory()) throw new DatasetError(`${path} is a folder; give the entity list file itself.`);
  const bundledKind = EdaKindSchema.safeParse(ref.name);
  const kindText = ref.kind ?? (bundledKind.success ? bundledKind.data : undefined);
  if (!kindText) throw new DatasetError(`Say which prompts fit ${path}: set dataset.kind (--kind) to "things" or "celebrities".`);
  const kind = EdaKindSchema.safeParse(kindText);
  if (!kind.success) throw new DatasetError(`"${kindText}" is not a kind of EDA list: use "things" or "celebrities" (the kind picks the prompts).`);
  const text = readList(path);
  if (/^\s*[[{]/.test(text)) {
    try {
      JSON.parse(text);
      throw new DatasetError(`${path} is a JSON file, not an EDA entity list: give one entity per line (\`|\` between aliases).`);
    } catch (error) {
      if (error instanceof DatasetError) throw error;
    }
  }
  const parsed = parseEntityList(text, path);
  refuseErrors(parsed.problems, `Entity list ${path}`);
  const { name, contentHash } = fileDatasetName(path, text);
  const subset = ref.subset ?? 'all';
  return { name, kind: kind.data, subset, source: path, contentHash, instances: parsed.entities.map((e) => toInstance(e, new Map(), subset)), problems: parsed.problems };
}

function loadBundled(ref: DatasetRef): LoadedDataset {
  const kind = EdaKindSchema.safeParse(ref.name);
  if (!kind.success) {
    throw new DatasetError(`Unknown dataset "${ref.name}". Bundled: ${BUNDLED_EDA.join(', ')}; for your own list give its file (--dataset-file).`);
  }
  const split = ref.subset ?? 'test';
  if (!(SPLITS as readonly string[]).includes(split)) throw new DatasetError(`Unknown split "${split}" of ${ref.name}: use ${SPLITS.join(', ')}.`);
  const path = resolve(datasetsRoot(), 'eda', kind.data, `${split}.txt`);
  // Checking a list is quadratic (every alias against every name): remember it while its files are unchanged.
  const stamp = [path, ...SPLITS.map((s) => fileStamp(resolve(datasetsRoot(), 'eda', kind.data, `${s}.txt`)))].join('|');
  const known = bundledCache.get(stamp);
  if (known) return known;
  const parsed = parseEntityList(readList(path), `${kind.data}/${split}.txt`);
  parsed.problems.push(...crossSplitProblems(kind.data, split, parsed.entities));
  refuseErrors(parsed.problems, `Entity list bundled:${kind.data}/${split}`);
  const topics = loadTopics(datasetsRoot(), kind.data);
  const dataset: LoadedDataset = {
    name: kind.data,
    kind: kind.data,
    subset: split,
    source: `bundled:${kind.data}/${split}`,
    contentHash: null,
    instances: parsed.entities.map((e) => toInstance(e, topics, split)),
    problems: parsed.problems,
  };
  bundledCache.set(stamp, dataset);
  return dataset;
}

const bundledCache = new Map<string, LoadedDataset>();

function fileStamp(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return 'absent';
  }
}

/** The same entity in two splits leaks test items into training. */
function crossSplitProblems(kind: EdaKind, split: string, entities: ParsedEntity[]): DatasetProblem[] {
  const problems: DatasetProblem[] = [];
  for (const other of SPLITS.filter((s) => s !== split)) {
    const path = resolve(datasetsRoot(), 'eda', kind, `${other}.txt`);
    if (!existsSync(path)) continue;
    const names = new Set(parseEntityList(readList(path), path, { shadowing: false }).entities.flatMap((e) => e.aliases.map((a) => a.toLowerCase())));
    entities.forEach((e) => {
      const shared = e.aliases.find((a) => names.has(a.toLowerCase()));
      if (shared) problems.push({ severity: 'warning', line: e.lineNo, message: `"${shared}" is also in the ${other} split` });
    });
  }
  return problems;
}
