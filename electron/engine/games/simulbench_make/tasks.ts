/**
 * SimulBench's simulation tasks (paper §2.2), the seeds of the script-making pipeline: the 109 released
 * in `datasets/simulbench/simulbench_tasks.jsonl`, or a user's own JSONL of the same shape, every line
 * checked and every problem named by line. The optional per-task strategy overrides of the v1
 * configuration are read here too, from the copy keyed by today's task ids.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { datasetsRoot } from '../../core/datasets';
import type { DatasetProblem } from '../../core/game';
import { loadJsonl, parseJsonl, type JsonlKind } from '../../core/jsonl';
import { boundedText } from '../../../../shared/contract/plain-text';
import { MAX_SCRIPT_LABEL, MAX_SCRIPT_TEXT } from '../simulbench/scripts';

/** A task's fields are bounded and plain as a script's (MAX_SCRIPT_TEXT, MAX_SCRIPT_LABEL: see simulbench/scripts.ts). */
export const TaskSchema = z
  .object({
    id: z.union([boundedText(MAX_SCRIPT_LABEL, 'the id').min(1), z.number().int().min(0)]).transform(String),
    task_description: boundedText(MAX_SCRIPT_TEXT, 'the task description', 'text').min(1),
    /** What the user agent is asked to fill in as its next request (Appendix B.2). */
    request_type: boundedText(MAX_SCRIPT_TEXT, 'the request type', 'text').min(1),
    type: z.enum(['stateful', 'stateless']),
    act: boundedText(MAX_SCRIPT_LABEL, 'the act').min(1),
  })
  .strict();

export type Task = z.output<typeof TaskSchema>;

const TASKS: JsonlKind<Task> = { noun: 'task', idLabel: 'task id', idOf: (t) => t.id };

/** Parses a JSONL text of tasks; a malformed line, or an id used twice, is a problem with its line number. */
export function parseTasks(text: string): { tasks: Task[]; problems: DatasetProblem[] } {
  const { records, problems } = parseJsonl(text, TaskSchema, TASKS);
  return { tasks: records, problems };
}

/** Reads and checks a tasks file; a DatasetError lists every problem. */
export function loadTasks(path: string): Task[] {
  return loadJsonl(path, TaskSchema, TASKS);
}

export function bundledTasks(): Task[] {
  return loadTasks(resolve(datasetsRoot(), 'simulbench', 'simulbench_tasks.jsonl'));
}

const ConfigSchema = z.object({ tasks: z.record(z.string(), z.object({ strategy_type: z.string().min(1).optional() }).passthrough()) }).passthrough();

let strategies: ReadonlyMap<string, string> | null = null;

/**
 * The v1 configuration's strategy text for a task, by today's id (datasets/simulbench/
 * task_specific_config.current.json); undefined where it has none. Read only with `taskConfig: true`:
 * the repository's current collection code does not read the configuration at all.
 */
export function strategyOverride(taskId: string): string | undefined {
  if (!strategies) {
    const config = ConfigSchema.parse(JSON.parse(readFileSync(resolve(datasetsRoot(), 'simulbench', 'task_specific_config.current.json'), 'utf8')));
    strategies = new Map(Object.entries(config.tasks).flatMap(([id, c]) => (c.strategy_type ? [[id, c.strategy_type] as const] : [])));
  }
  return strategies.get(taskId);
}
