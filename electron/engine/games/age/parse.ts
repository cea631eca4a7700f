/**
 * Reading an AGE word list: the bundled JSON shape (`{"id", "title", "topic", "pairs": [{"a", "b",
 * "synonyms": {"a": [...], "b": [...]}}]}`) or a CSV with the header
 * `word_a,word_b,synonyms_a,synonyms_b` and `;` between synonyms. Both end in the same checks.
 */
import { basename, extname } from 'node:path';
import type { DatasetProblem } from '../../core/game';
import { checkPairs, type AgePair, type FieldNames, type RawPair } from './check';

export interface ParsedAgeList {
  id: string;
  title: string;
  topic: string;
  pairs: AgePair[];
  problems: DatasetProblem[];
}

export const CSV_HEADER = ['word_a', 'word_b', 'synonyms_a', 'synonyms_b'] as const;
const CSV_NAMES: FieldNames = { a: 'word_a', b: 'word_b', synA: 'synonyms_a', synB: 'synonyms_b' };
const JSON_NAMES: FieldNames = { a: '"a"', b: '"b"', synA: 'synonyms.a', synB: 'synonyms.b' };
/** A user's list with no topic of its own. */
export const CUSTOM_TOPIC = 'custom';
/** Far longer than any pair with its synonyms: a longer line is a binary or minified file. */
const MAX_LINE = 10_000;

const fileId = (source: string): string => basename(source, extname(source)) || 'list';
const error = (line: number, message: string): DatasetProblem => ({ severity: 'error', line, message });
const failed = (source: string, problem: DatasetProblem): ParsedAgeList => ({ id: fileId(source), title: fileId(source), topic: CUSTOM_TOPIC, pairs: [], problems: [problem] });
const looksLikeJson = (text: string): boolean => /^\s*[[{]/.test(text);

/** One CSV line's fields (RFC 4180 quoting, `""` for a quote), or what is wrong with it. */
export function splitCsvLine(line: string): string[] | { error: string } {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length) return { error: 'a quoted field has no closing quote (a field cannot span lines)' };
        if (line[i] === '"' && line[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else field += line[i++];
      }
      const rest = line.slice(i).match(/^\s*/)![0].length;
      i += rest;
      if (i < line.length && line[i] !== ',') return { error: 'text after a closing quote (quote the whole field)' };
    } else {
      const end = line.indexOf(',', i);
      field = line.slice(i, end === -1 ? line.length : end);
      i = end === -1 ? line.length : end;
    }
    fields.push(field);
    if (i >= line.length) return fields;
    i++; // the comma
  }
}

const synonymList = (field: string | undefined): string[] => (field ?? '').split(';').filter((s) => s.trim() !== '');

/** A CSV word list: a header line, then one pair per line; blank lines are skipped. */
export function parseAgeCsv(text: string, source: string): ParsedAgeList {
  const body = text.replace(/^\uFEFF/, '');
  if (body.includes('\u0000')) return failed(source, error(0, 'this is not a text file'));
  if (looksLikeJson(body)) return failed(source, error(1, 'this is JSON, not CSV: give the file a .json name'));
  const lines = body.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? '');
  const names = Array.isArray(header) ? header.map((h) => h.trim().toLowerCase()) : [];
  const headerOk = names.length >= 2 && names.length <= CSV_HEADER.length && names.every((n, i) => n === CSV_HEADER[i]);
  if (!headerOk) {
    const hint = !(lines[0] ?? '').includes(',') && /[;\t]/.test(lines[0] ?? '') ? ' (separate the columns with commas)' : '';
    return failed(source, error(1, `the first line must be the header "${CSV_HEADER.join(',')}"${hint}; found ${JSON.stringify((lines[0] ?? '').slice(0, 80))}`));
  }
  const problems: DatasetProblem[] = [];
  const raws: RawPair[] = [];
  lines.slice(1).forEach((line, i) => {
    const lineNo = i + 2;
    if (line.trim() === '') return;
    if (line.length > MAX_LINE) return problems.push(error(lineNo, `the line is ${line.length.toLocaleString('en-US')} characters long; a pair with its synonyms fits in ${MAX_LINE.toLocaleString('en-US')}`));
    const fields = splitCsvLine(line);
    if (!Array.isArray(fields)) return problems.push(error(lineNo, fields.error));
    if (fields.length > names.length) return problems.push(error(lineNo, `${fields.length} fields but the header has ${names.length} (a comma inside a word? put the field in double quotes)`));
    if (fields.length < 2) return problems.push(error(lineNo, 'a pair needs word_a and word_b (only one field)'));
    raws.push({ line: lineNo, ref: '', a: fields[0]!, b: fields[1]!, synonyms: { a: synonymList(fields[2]), b: synonymList(fields[3]) } });
  });
  const id = fileId(source);
  return finish({ id, title: id, topic: CUSTOM_TOPIC }, raws, problems, CSV_NAMES);
}

/** Checks the pairs and merges their problems with the parser's, in line order. */
function finish(meta: { id: string; title: string; topic: string }, raws: RawPair[], problems: DatasetProblem[], names: FieldNames): ParsedAgeList {
  const checked = checkPairs(raws, meta, names);
  // An empty list is worth saying only when nothing else was refused (else every pair was).
  if (raws.length === 0 && problems.every((p) => p.severity !== 'error')) problems.push(error(0, 'it has no word pairs'));
  return { ...meta, pairs: checked.pairs, problems: [...problems, ...checked.problems].sort((x, y) => x.line - y.line) };
}

/**
 * The 1-based line where each element of the top-level `"pairs"` array starts, so that JSON errors
 * can name a line too (JSON.parse keeps no positions). Best effort: [] when the shape is unusual.
 */
export function jsonPairLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let text1 = '';
  let lastAtTop = '';
  let pairsDepth = 0;
  let expecting = false;
  for (const ch of text) {
    if (ch === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') {
        inString = false;
        if (depth === 1) lastAtTop = text1;
      } else text1 += ch;
      continue;
    }
    if (expecting && !/[\s,\]]/.test(ch)) {
      lines.push(line);
      expecting = false;
    }
    if (ch === '"') {
      inString = true;
      text1 = '';
    } else if (ch === '{' || ch === '[') {
      depth++;
      if (ch === '[' && depth === 2 && lastAtTop === 'pairs' && pairsDepth === 0) {
        pairsDepth = 2;
        expecting = true;
      }
    } else if (ch === '}' || ch === ']') {
      depth--;
      if (pairsDepth > 0 && depth < pairsDepth) return lines;
    } else if (ch === ',' && pairsDepth > 0 && depth === pairsDepth) expecting = true;
  }
  return lines;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const PAIR_KEYS = new Set(['a', 'b', 'synonyms']);

/** One JSON pair as a RawPair, or why it is not one. */
function jsonPair(value: unknown, ref: string, line: number): { raw: RawPair; warnings: string[] } | { error: string } {
  if (!isRecord(value)) return { error: 'a pair must be an object {"a": …, "b": …, "synonyms": {"a": […], "b": […]}}' };
  for (const side of ['a', 'b'] as const) {
    if (value[side] === undefined) return { error: `"${side}" is missing` };
    if (typeof value[side] !== 'string') return { error: `"${side}" must be a string` };
  }
  const synonyms = value.synonyms ?? {};
  if (!isRecord(synonyms)) return { error: '"synonyms" must be an object {"a": […], "b": […]}' };
  const odd = Object.keys(synonyms).find((k) => k !== 'a' && k !== 'b');
  if (odd !== undefined) return { error: `"synonyms" has the key ${JSON.stringify(odd)}: use "a" and "b" for the synonyms of each word` };
  const lists: { a: string[]; b: string[] } = { a: [], b: [] };
  for (const side of ['a', 'b'] as const) {
    const list = synonyms[side] ?? [];
    if (!Array.isArray(list) || list.some((s) => typeof s !== 'string')) return { error: `synonyms.${side} must be a list of strings` };
    lists[side] = list as string[];
  }
  const warnings = Object.keys(value).filter((k) => !PAIR_KEYS.has(k)).map((k) => `unknown key ${JSON.stringify(k)} (ignored)`);
  return { raw: { line, ref, a: value.a as string, b: value.b as string, synonyms: lists }, warnings };
}

/** A JSON word list of the bundled shape; `id`, `title` and `topic` are optional for a user's file. */
export function parseAgeJson(text: string, source: string): ParsedAgeList {
  const body = text.replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (e) {
    const hint = /^\s*word_a\s*,/i.test(body) ? ' (it looks like CSV: give the file a .csv name)' : '';
    return failed(source, error(0, `this is not valid JSON${hint}: ${(e as Error).message}`));
  }
  if (Array.isArray(data)) return failed(source, error(0, 'the file is a bare list: wrap it as {"pairs": [...]}'));
  if (!isRecord(data)) return failed(source, error(0, 'expected an object with a "pairs" list'));
  const problems: DatasetProblem[] = [];
  const meta: Record<'id' | 'title' | 'topic', string | undefined> = { id: undefined, title: undefined, topic: undefined };
  for (const key of ['id', 'title', 'topic'] as const) {
    const v = data[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !v.trim()) problems.push(error(0, `"${key}" must be a non-empty string`));
    else meta[key] = v.trim();
  }
  const id = meta.id ?? fileId(source);
  const title = meta.title ?? id;
  const topic = meta.topic ?? CUSTOM_TOPIC;
  if (!Array.isArray(data.pairs)) return { id, title, topic, pairs: [], problems: [...problems, error(0, 'expected a "pairs" list')] };
  const pairs: unknown[] = data.pairs;
  const lines = jsonPairLines(body);
  const raws: RawPair[] = [];
  pairs.forEach((value, i) => {
    const line = lines.length === pairs.length ? lines[i]! : 0;
    const ref = `pairs[${i}]`;
    const got = jsonPair(value, ref, line);
    if ('error' in got) problems.push(error(line, `${ref}: ${got.error}`));
    else {
      raws.push(got.raw);
      got.warnings.forEach((message) => problems.push({ severity: 'warning', line, message: `${ref}: ${message}` }));
    }
  });
  return finish({ id, title, topic }, raws, problems, JSON_NAMES);
}
