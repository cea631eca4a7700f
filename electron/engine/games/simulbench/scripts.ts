/**
 * SimulBench test scripts (paper 004, §2.4): a dialogue history between a user and a simulator that
 * ends with the user query the tested model must answer. The released 500 (`datasets/simulbench/`,
 * CC BY-NC 4.0) or a user's own JSONL file of the same shape, every line checked, every problem named
 * by file and line.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DatasetError, refuseErrors } from '../../core/datasets';
import type { DatasetProblem } from '../../core/game';

const Message = z.object({ role: z.enum(['user', 'assistant', 'system']), content: z.string() }).strict();

export const ScriptSchema = z
  .object({
    id: z.union([z.number().int().min(0), z.string().min(1)]),
    source_id: z.string().min(1),
    act: z.string().min(1),
    task_description: z.string().min(1),
    type: z.enum(['stateful', 'stateless']),
    source_file_name: z.string().default(''),
    /** The turn the script stops at in its dialogue: 0 for the last turn (LastOnly), else a challenging turn. */
    turn_num: z.number().int().min(0),
    dialogue_history: z.array(Message).min(1),
  })
  .strict()
  .refine((s) => s.dialogue_history.at(-1)!.role === 'user', { message: 'dialogue_history must end with the user query to answer' });

export type Script = z.infer<typeof ScriptSchema>;

/** Parses a JSONL text of scripts; every malformed line is a problem with its line number. */
export function parseScripts(text: string): { scripts: Script[]; problems: DatasetProblem[] } {
  const scripts: Script[] = [];
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
    const parsed = ScriptSchema.safeParse(value);
    if (!parsed.success) {
      problems.push({ severity: 'error', line, message: parsed.error.issues.map((i) => `${i.path.join('.') || 'script'}: ${i.message}`).join('; ') });
      return;
    }
    const id = String(parsed.data.id);
    const first = seen.get(id);
    if (first !== undefined) problems.push({ severity: 'error', line, message: `id ${id} is used again (first on line ${first})` });
    else seen.set(id, line);
    scripts.push(parsed.data);
  });
  if (scripts.length === 0 && problems.length === 0) problems.push({ severity: 'error', line: 0, message: 'no scripts: the file is empty' });
  return { scripts, problems };
}

/** Reads and checks a scripts file; a DatasetError lists every problem. */
export function loadScripts(path: string): Script[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new DatasetError(`Cannot read scripts file ${path}: ${(error as Error).message}`);
  }
  const { scripts, problems } = parseScripts(text.replace(/^\uFEFF/, ''));
  refuseErrors(problems, path);
  return scripts;
}
