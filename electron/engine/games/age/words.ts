/**
 * AGE's word pairs: the eleven bundled lists (`datasets/age/lists/<id>.json`, written for Parlor
 * after the paper's description, see `datasets/age/README.md`) and a user's own list in CSV or JSON.
 * A list with errors is refused with every problem named by file and line; warnings travel with it.
 */
import { existsSync, statSync } from 'node:fs';
import { readUtf8 } from '../../core/text-file';
import { DATASET_FILE } from '../../core/user-file';
import { extname, resolve } from 'node:path';
import { datasetsRoot, DatasetError, fileDatasetName, refuseErrors } from '../../core/datasets';
import type { DatasetProblem } from '../../core/game';
import { jaroClash, wordKey, type AgePair } from './check';
import { parseAgeCsv, parseAgeJson, type ParsedAgeList } from './parse';

export { parseAgeCsv, parseAgeJson, CSV_HEADER, CUSTOM_TOPIC, type ParsedAgeList } from './parse';
export { wordForms, wordKey, MAX_ENTRY, type AgePair } from './check';

/** The ten topic lists, named after news sections (the paper names business and entertainment, and
 * reports sports, technology, science and health; Parlor chose the other four, see the README). */
export const AGE_TOPICS = ['business', 'entertainment', 'sports', 'technology', 'science', 'health', 'world', 'politics', 'travel', 'food'] as const;
/** List A (general pairs, like the paper's cake / bread) and the topic lists, in this order. */
export const BUNDLED_AGE_LISTS = ['A', ...AGE_TOPICS] as const;
export type AgeListId = (typeof BUNDLED_AGE_LISTS)[number];

export interface AgeList {
  id: string;
  title: string;
  topic: string;
  /** Bundled: the list id; a user's file: its own name with a content hash (never a bundled name). */
  name: string;
  /** `bundled:age/<id>` or the file's absolute path. */
  source: string;
  /** sha256 of a user's file; null for bundled lists. */
  contentHash: string | null;
  pairs: AgePair[];
  /** Warnings only: a list with errors is refused. */
  problems: DatasetProblem[];
}

function readText(path: string): string {
  try {
    return readUtf8(path, `word list ${path}`, DATASET_FILE);
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    throw new DatasetError(`Cannot read word list ${path}: ${(error as Error).message}`);
  }
}

// The bundled lists never change while the app runs; the key is the datasets root (tests move it).
const bundledCache = new Map<string, AgeList[]>();

/** The eleven bundled lists, checked; a DatasetError if one is missing or broken, or a pair is in two lists. */
export function bundledAgeLists(): AgeList[] {
  const root = resolve(datasetsRoot(), 'age', 'lists');
  const known = bundledCache.get(root);
  if (known) return known;
  const lists = BUNDLED_AGE_LISTS.map((id): AgeList => {
    const path = resolve(root, `${id}.json`);
    if (!existsSync(path)) throw new DatasetError(`The bundled AGE word list ${path} is missing.`);
    const parsed = parseAgeJson(readText(path), path);
    refuseErrors(parsed.problems, `Word list bundled:age/${id}`);
    if (parsed.id !== id) throw new DatasetError(`The bundled AGE word list ${path} has the id "${parsed.id}"; it must be "${id}".`);
    return { ...parsed, name: id, source: `bundled:age/${id}`, contentHash: null };
  });
  const seen = new Map<string, string>();
  for (const list of lists) {
    for (const pair of list.pairs) {
      const key = [wordKey(pair.a), wordKey(pair.b)].sort().join(' / ');
      const other = seen.get(key);
      if (other) throw new DatasetError(`The pair ${key} is in two bundled AGE word lists: ${other} and ${list.id}.`);
      seen.set(key, list.id);
    }
  }
  bundledCache.set(root, lists);
  return lists;
}

/** Which reader a file needs: by its extension, else by its first character. */
function readerFor(path: string, text: string): (text: string, source: string) => ParsedAgeList {
  const ext = extname(path).toLowerCase();
  if (ext === '.json') return parseAgeJson;
  if (ext === '.csv') return parseAgeCsv;
  return /^\uFEFF?\s*[[{]/.test(text) ? parseAgeJson : parseAgeCsv;
}

/** A user's word list (CSV with a header, or JSON of the bundled shape); a DatasetError listing every error. */
export function loadAgeListFile(path: string): AgeList {
  const full = resolve(path);
  if (!existsSync(full)) throw new DatasetError(`Word list not found: ${full}`);
  if (statSync(full).isDirectory()) throw new DatasetError(`${full} is a folder; give the word list file itself (.csv or .json).`);
  const text = readText(full);
  const parsed = readerFor(full, text)(text, full);
  refuseErrors(parsed.problems, `Word list ${full}`);
  const { name, contentHash } = fileDatasetName(full, text);
  return { ...parsed, name, source: full, contentHash };
}

/**
 * Adds synonyms (a user's dictionary: word → more accepted forms) to every pair holding that word,
 * as new pairs. Pure. A form is left out when it is already there, or names or resembles (by the
 * paper's Jaro rule) the other word or one of its synonyms: it would make a wrong guess count.
 */
export function mergeSynonyms(pairs: readonly AgePair[], extra: Readonly<Record<string, readonly string[]>>): AgePair[] {
  const byWord = new Map<string, string[]>();
  for (const [word, forms] of Object.entries(extra)) {
    const key = wordKey(word);
    byWord.set(key, [...(byWord.get(key) ?? []), ...forms]);
  }
  const grow = (word: string, own: readonly string[], other: readonly string[]): string[] => {
    const out = [...own];
    const have = new Set([word, ...own].map(wordKey));
    for (const raw of byWord.get(wordKey(word)) ?? []) {
      const form = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
      if (!form || have.has(wordKey(form)) || jaroClash([form], other)) continue;
      have.add(wordKey(form));
      out.push(form);
    }
    return out;
  };
  return pairs.map((pair) => {
    const a = grow(pair.a, pair.synonyms.a, [pair.b, ...pair.synonyms.b]);
    // Checked against a's grown list: a form offered for both words goes to a only.
    const b = grow(pair.b, pair.synonyms.b, [pair.a, ...a]);
    return { ...pair, synonyms: { a, b } };
  });
}
