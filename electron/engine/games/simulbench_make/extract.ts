/**
 * Script extraction (paper §2.4; the reference's script_collection): a dialogue and its first
 * challenging turn t become test scripts, each the dialogue up to a user query. t = 0 (none): one
 * LastOnly script, the dialogue without its last answer. t > 0: a FirstChan script ending with turn
 * t's query, and a SubseqChan script for every later turn. Pure, so it can be tested and rerun.
 */
import type { Script } from '../simulbench/scripts';
import type { ScriptKind } from '../simulbench/subsets';
import type { Task } from './tasks';

/** A message of a dialogue as scripts store it. */
export type DialogueMessage = Script['dialogue_history'][number];

export interface Cut {
  kind: ScriptKind;
  /** 0 for LastOnly, else the 1-based turn whose query the script ends with. */
  turn_num: number;
  dialogue_history: DialogueMessage[];
}

/**
 * The cuts of a complete dialogue (user and assistant alternating, ending with an answer). A turn
 * outside 0 to the number of turns gives none: the game master never accepts one (the reference,
 * reading a turn up to the number of messages, would cut past the last query).
 */
export function cutDialogue(dialogue: readonly DialogueMessage[], t: number): Cut[] {
  const turns = Math.floor(dialogue.length / 2);
  const upTo = (k: number) => dialogue.slice(0, 2 * k - 1).map((m) => ({ role: m.role, content: m.content }));
  if (!Number.isInteger(t) || t < 0 || t > turns || turns === 0) return [];
  if (t === 0) return [{ kind: 'last_only', turn_num: 0, dialogue_history: upTo(turns) }];
  const cuts: Cut[] = [{ kind: 'first_chan', turn_num: t, dialogue_history: upTo(t) }];
  for (let k = t + 1; k <= turns; k++) cuts.push({ kind: 'subseq_chan', turn_num: k, dialogue_history: upTo(k) });
  return cuts;
}

export type MadeScript = Omit<Script, 'id'>;

/** The scripts of one dialogue of a task, in the released file's field order, with their kinds. */
export function scriptsOf(task: Task, dialogue: readonly DialogueMessage[], t: number, sourceFile: string): { kind: ScriptKind; script: MadeScript }[] {
  return cutDialogue(dialogue, t).map((cut) => ({
    kind: cut.kind,
    script: {
      source_id: task.id,
      act: task.act,
      task_description: task.task_description,
      type: task.type,
      source_file_name: sourceFile,
      turn_num: cut.turn_num,
      dialogue_history: cut.dialogue_history,
    },
  }));
}

/** How many scripts a dialogue of `turns` turns yields with first challenging turn t. */
export function scriptCount(turns: number, t: number): number {
  if (!Number.isInteger(t) || t < 0 || t > turns || turns === 0) return 0;
  return t === 0 ? 1 : turns - t + 1;
}

/** Where a run's dialogue comes from, as the script's `source_file_name`. */
export const sourceFileName = (runId: number, repetition: number) => `run${runId}-rep${repetition}`;
