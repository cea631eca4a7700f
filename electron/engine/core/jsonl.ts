/**
 * A JSONL file of records, each line checked against a schema: every malformed line, and every id used
 * again, is a problem with its line number; an empty file is one too. Shared by the games whose data
 * are JSONL (SimulBench's scripts and tasks).
 */
import type { z } from 'zod';
import { refuseErrors } from './datasets';
import type { DatasetProblem } from './game';
import { readUtf8 } from './text-file';
import { DATASET_FILE } from './user-file';

export interface JsonlKind<T> {
  /** What a record is called in messages ("script"). */
  noun: string;
  /** Its id as messages name it ("id", "task id"), and its value. */
  idLabel: string;
  idOf(record: T): string;
}

export function parseJsonl<T>(text: string, schema: z.ZodType<T, unknown>, kind: JsonlKind<T>): { records: T[]; problems: DatasetProblem[] } {
  const records: T[] = [];
  const problems: DatasetProblem[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, k) => {
    const line = k + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      problems.push({ severity: 'error', line, message: `not JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      problems.push({ severity: 'error', line, message: parsed.error.issues.map((i) => `${i.path.join('.') || kind.noun}: ${i.message}`).join('; ') });
      return;
    }
    const id = kind.idOf(parsed.data);
    const first = seen.get(id);
    if (first !== undefined) problems.push({ severity: 'error', line, message: `${kind.idLabel} ${id} is used again (first on line ${first})` });
    else seen.set(id, line);
    records.push(parsed.data);
  });
  if (records.length === 0 && problems.length === 0) problems.push({ severity: 'error', line: 0, message: `no ${kind.noun}s: the file is empty` });
  return { records, problems };
}

/** Reads and checks a JSONL file (a byte-order mark is dropped); a DatasetError lists every problem. */
export function loadJsonl<T>(path: string, schema: z.ZodType<T, unknown>, kind: JsonlKind<T>): T[] {
  const text = readUtf8(path, `${kind.noun}s file ${path}`, DATASET_FILE);
  const { records, problems } = parseJsonl(text, schema, kind);
  refuseErrors(problems, path);
  return records;
}
