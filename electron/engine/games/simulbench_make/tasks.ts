/**
 * SimulBench's simulation tasks (paper §2.2), the seeds of the script-making pipeline: the 109 released
 * in `datasets/simulbench/simulbench_tasks.jsonl`, or a user's own JSONL of the same shape, every line
 * checked and every problem named by line. The optional per-task strategy overrides of the v1
 * configuration are read here too, from the copy keyed by today's task ids.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DatasetError, datasetsRoot, refuseErrors } from '../../core/datasets';
import type { DatasetProblem } from '../../core/game';

export const TaskSchema = z
  .object({
    id: z.union([z.string().min(1), z.number().int().min(0)]).transform(String),
    task_description: z.string().min(1),
    /** What the user agent is asked to fill in as its next request (Appendix B.2). */
    request_type: z.string().min(1),
    type: z.enum(['stateful', 'stateless']),
    act: z.string().min(1),
  })
  .strict();

export type Task = z.output<typeof TaskSchema>;

function parseLine(raw: string, line: number): { task: Task } | { problem: DatasetProblem } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    return { problem: { severity: 'error', line, message: `not JSON: ${(error as Error).message}` } };
  }
  const parsed = TaskSchema.safeParse(value);
  if (parsed.success) return { task: parsed.data };
  return { problem: { severity: 'error', line, message: parsed.error.issues.map((i) => `${i.path.join('.') || 'task'}: ${i.message}`).join('; ') } };
}

/** Parses a JSONL text of tasks; a malformed line, or an id used twice, is a problem with its line number. */
export function parseTasks(text: string): { tasks: Task[]; problems: DatasetProblem[] } {
  const tasks: Task[] = [];
  const problems: DatasetProblem[] = [];
  const firstLine = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, k) => {
    if (raw.trim() === '') return;
    const read = parseLine(raw, k + 1);
    if ('problem' in read) return void problems.push(read.problem);
    const first = firstLine.get(read.task.id);
    if (first !== undefined) problems.push({ severity: 'error', line: k + 1, message: `task id ${read.task.id} is used again (first on line ${first})` });
    else firstLine.set(read.task.id, k + 1);
    tasks.push(read.task);
  });
  if (tasks.length === 0 && problems.length === 0) problems.push({ severity: 'error', line: 0, message: 'no tasks: the file is empty' });
  return { tasks, problems };
}

/** Reads and checks a tasks file; a DatasetError lists every problem. */
export function loadTasks(path: string): Task[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new DatasetError(`Cannot read tasks file ${path}: ${(error as Error).message}`);
  }
  const { tasks, problems } = parseTasks(text.replace(/^\uFEFF/, ''));
  refuseErrors(problems, path);
  return tasks;
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
