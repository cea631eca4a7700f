/**
 * SimulBench test scripts (paper 004, §2.4): a dialogue history between a user and a simulator that
 * ends with the user query the tested model must answer. The released 500 (`datasets/simulbench/`,
 * CC BY-NC 4.0) or a user's own JSONL file of the same shape, every line checked, every problem named
 * by file and line.
 */
import { z } from 'zod';
import type { DatasetProblem } from '../../core/game';
import { loadJsonl, parseJsonl, type JsonlKind } from '../../core/jsonl';

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

const SCRIPTS: JsonlKind<Script> = { noun: 'script', idLabel: 'id', idOf: (s) => String(s.id) };

/** Parses a JSONL text of scripts; every malformed line is a problem with its line number. */
export function parseScripts(text: string): { scripts: Script[]; problems: DatasetProblem[] } {
  const { records, problems } = parseJsonl(text, ScriptSchema, SCRIPTS);
  return { scripts: records, problems };
}

/** Reads and checks a scripts file; a DatasetError lists every problem. */
export function loadScripts(path: string): Script[] {
  return loadJsonl(path, ScriptSchema, SCRIPTS);
}
