/**
 * SimulBench's subsets (paper §2.4, §4.2; REPORT in datasets/simulbench/README.md). LastOnly and
 * Hard follow from `turn_num`; stateful and stateless from `type`. FirstChan is the first challenging
 * script of each dialogue (grouped by source_id and source_file_name) except id 154, whose real first
 * script was among the ten the authors discarded: that gives the paper's 93 / 182 and its 38
 * stateless + 55 stateful FirstChan scripts; grouping alone gives 94 / 181 (subset
 * `firstchan-by-dialogue`). The paper's lists ship as files; the v1 repository lists (objective,
 * subjective, system, tool) label tasks, mapped to today's scripts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { datasetsRoot } from '../../core/datasets';
import type { Script } from './scripts';

export type ScriptKind = 'last_only' | 'first_chan' | 'subseq_chan';

/** The first challenging script of each dialogue, by grouping alone (the naive rule). */
export function firstByDialogue(scripts: readonly Script[]): Set<string> {
  const first = new Map<string, Script>();
  for (const s of scripts) {
    if (s.turn_num === 0) continue;
    const key = `${s.source_id}\u0000${s.source_file_name}`;
    const known = first.get(key);
    if (!known || s.turn_num < known.turn_num) first.set(key, s);
  }
  return new Set([...first.values()].map((s) => String(s.id)));
}

function idList(name: string): Set<string> {
  const ids = JSON.parse(readFileSync(resolve(datasetsRoot(), 'simulbench', 'subsets', `${name}.json`), 'utf8')) as unknown[];
  return new Set(ids.map(String));
}

/** Each script's kind: LastOnly, or FirstChan / SubseqChan by the paper's list (a user's file: by dialogue). */
export function kindsOf(scripts: readonly Script[], paperList: boolean): Map<string, ScriptKind> {
  const first = paperList ? idList('firstchan') : firstByDialogue(scripts);
  return new Map(scripts.map((s) => [String(s.id), s.turn_num === 0 ? 'last_only' : first.has(String(s.id)) ? 'first_chan' : 'subseq_chan']));
}

/** The repository's v1 task labels (objective/subjective, system/tool) of the released scripts. */
export function v1Labels(): Map<string, { judging?: string; role?: string }> {
  const out = new Map<string, { judging?: string; role?: string }>();
  const add = (list: string, key: 'judging' | 'role', value: string) => {
    for (const id of idList(list)) out.set(id, { ...out.get(id), [key]: value });
  };
  add('v1_objective', 'judging', 'objective');
  add('v1_subjective', 'judging', 'subjective');
  add('v1_system', 'role', 'system');
  add('v1_tool', 'role', 'tool');
  return out;
}

/** The subsets a dataset offers, each a filter on instance tags (`all` keeps every script). */
export const SUBSETS: Readonly<Record<string, { title: string; keep(tags: Readonly<Record<string, string>>): boolean }>> = {
  all: { title: 'SimulBench-All (500)', keep: () => true },
  hard: { title: 'SimulBench-Hard (275): FirstChan and SubseqChan', keep: (t) => t.kind !== 'last_only' },
  lastonly: { title: 'LastOnly (225)', keep: (t) => t.kind === 'last_only' },
  firstchan: { title: 'FirstChan (93, the paper’s)', keep: (t) => t.kind === 'first_chan' },
  subseqchan: { title: 'SubseqChan (182, the paper’s)', keep: (t) => t.kind === 'subseq_chan' },
  'firstchan-by-dialogue': { title: 'FirstChan by dialogue alone (94)', keep: (t) => t.first_in_dialogue === 'yes' },
  'subseqchan-by-dialogue': { title: 'SubseqChan by dialogue alone (181)', keep: (t) => t.kind !== 'last_only' && t.first_in_dialogue !== 'yes' },
  stateful: { title: 'Stateful (266)', keep: (t) => t.type === 'stateful' },
  stateless: { title: 'Stateless (234)', keep: (t) => t.type === 'stateless' },
  objective: { title: 'Objective tasks (v1 repository list)', keep: (t) => t.judging === 'objective' },
  subjective: { title: 'Subjective tasks (v1 repository list)', keep: (t) => t.judging === 'subjective' },
  system: { title: 'System tasks (v1 repository list)', keep: (t) => t.role === 'system' },
  tool: { title: 'Tool tasks (v1 repository list)', keep: (t) => t.role === 'tool' },
};
