/**
 * SimulBench test scripts (paper 004, §2.4): a dialogue history between a user and a simulator that
 * ends with the user query the tested model must answer. The released 500 (`datasets/simulbench/`,
 * CC BY-NC 4.0) or a user's own JSONL file of the same shape, every line checked, every problem named
 * by file and line.
 */
import { z } from 'zod';
import type { DatasetProblem } from '../../core/game';
import { loadJsonl, parseJsonl, type JsonlKind } from '../../core/jsonl';
import { boundedText } from '../../../../shared/contract/plain-text';

/**
 * What one field of a script may hold. The released scripts' longest message is 4,355 characters and
 * their longest task description 1,677: a field far past that is a broken file, not a script (a
 * 2-million-character message would be sent, and paid for, on every call). Text may hold tabs and line
 * breaks but no other control character (a NUL, an ESC).
 */
export const MAX_SCRIPT_TEXT = 50_000;
/** Ids, acts and file names. */
export const MAX_SCRIPT_LABEL = 200;
/** Messages of one dialogue (the released ones have at most 7). */
export const MAX_SCRIPT_MESSAGES = 500;

const text = (what: string) => boundedText(MAX_SCRIPT_TEXT, what, 'text');
const label = (what: string) => boundedText(MAX_SCRIPT_LABEL, what);

const Message = z.object({ role: z.enum(['user', 'assistant', 'system']), content: text('the message') }).strict();

export const ScriptSchema = z
  .object({
    id: z.union([z.number().int().min(0), label('the id').min(1)]),
    source_id: label('the source id').min(1),
    act: label('the act').min(1),
    task_description: text('the task description').min(1),
    type: z.enum(['stateful', 'stateless']),
    source_file_name: label('the file name').default(''),
    /** The turn the script stops at in its dialogue: 0 for the last turn (LastOnly), else a challenging turn. */
    turn_num: z.number().int().min(0),
    dialogue_history: z.array(Message).min(1).max(MAX_SCRIPT_MESSAGES, `at most ${MAX_SCRIPT_MESSAGES} messages`),
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
