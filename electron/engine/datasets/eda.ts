import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EdaKind } from '../../../shared/games/eda';
import type { DatasetRef, Split } from '../../../shared/contract/run';
import { formatProblems, parseEntityList, type DatasetProblem, type ParsedEntity } from './validate';

export const BUNDLED_EDA = ['things', 'celebrities'] as const;
const SPLITS: readonly Split[] = ['train', 'dev', 'test'];

export class DatasetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatasetError';
  }
}

export interface LoadedDataset {
  name: string;
  kind: EdaKind;
  split: Split;
  /** Where the list came from: `bundled:things/test` or an absolute path. */
  source: string;
  entities: ParsedEntity[];
  problems: DatasetProblem[];
}

/** The bundled lists live in `datasets/eda/<name>/<split>.txt` (PARLOR_DATASETS_DIR overrides the root). */
export function datasetsRoot(): string {
  return process.env.PARLOR_DATASETS_DIR ?? fileURLToPath(new URL('../../../datasets/', import.meta.url));
}

function readList(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new DatasetError(`Cannot read entity list ${path}: ${(error as Error).message}`);
  }
}

/**
 * Loads and validates one split. Errors (duplicates, empty aliases, control characters, an empty
 * list) refuse the dataset; warnings are returned for the caller to show.
 */
export function loadEdaDataset(ref: DatasetRef): LoadedDataset {
  if (ref.file) {
    const path = resolve(ref.file);
    if (!existsSync(path)) throw new DatasetError(`Entity list not found: ${path}`);
    const kind = ref.kind ?? (BUNDLED_EDA.includes(ref.name as EdaKind) ? (ref.name as EdaKind) : undefined);
    if (!kind) {
      throw new DatasetError(`Say which prompts fit ${basename(path)}: set dataset.kind to "things" or "celebrities".`);
    }
    return checked({ name: ref.name, kind, split: ref.split, source: path, ...parseEntityList(readList(path), path) });
  }
  if (!BUNDLED_EDA.includes(ref.name as EdaKind)) {
    throw new DatasetError(
      `Unknown dataset "${ref.name}". Bundled: ${BUNDLED_EDA.join(', ')}; for your own list give its file (--dataset-file).`,
    );
  }
  const kind = ref.name as EdaKind;
  const path = resolve(datasetsRoot(), 'eda', kind, `${ref.split}.txt`);
  // Checking a list is quadratic (every alias against every name): remember it while its files are unchanged.
  const stamp = [path, ...SPLITS.map((s) => fileStamp(resolve(datasetsRoot(), 'eda', kind, `${s}.txt`)))].join('|');
  const known = bundledCache.get(stamp);
  if (known) return known;
  const parsed = parseEntityList(readList(path), `${kind}/${ref.split}.txt`);
  parsed.problems.push(...crossSplitProblems(kind, ref.split, parsed.entities));
  const dataset = checked({ name: kind, kind, split: ref.split, source: `bundled:${kind}/${ref.split}`, ...parsed });
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

function checked(dataset: LoadedDataset): LoadedDataset {
  const errors = dataset.problems.filter((p) => p.severity === 'error');
  if (errors.length) {
    throw new DatasetError(`Entity list ${dataset.source} has ${errors.length} error(s):\n${formatProblems(errors, dataset.source)}`);
  }
  return dataset;
}

/** The same entity in two splits leaks test items into training. */
function crossSplitProblems(kind: EdaKind, split: Split, entities: ParsedEntity[]): DatasetProblem[] {
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
