/**
 * A versioned script set from a run of the pipeline (the game's run file `scripts`): the scripts of
 * its finished dialogues, cut from their stored events, numbered from 0 with the Hard ones
 * (FirstChan, SubseqChan) first and LastOnly after, as the released file is, written as the JSONL the
 * evaluation games read (`parlor run --game simulbench --dataset-file <file>`) and named by its run
 * and content hash.
 */
import { createHash } from 'node:crypto';
import type { RunFileEpisode, RunFileSpec } from '../../capabilities/run-files/provision';
import { UserError } from '../../errors';
import { parseScripts, type Script } from '../simulbench/scripts';
import type { ScriptKind } from '../simulbench/subsets';
import { scriptsOf, sourceFileName } from './extract';
import { taskOf } from './master';
import { dialogueOf, judgedTurn } from './record';

export type KindCounts = Record<ScriptKind, number>;

/** The run's scripts with their kinds, numbered: from successful episodes whose dialogue was judged. */
export function runScripts(runId: number, episodes: readonly RunFileEpisode[]): { kind: ScriptKind; script: Script }[] {
  const made = episodes
    .filter((e) => e.outcome === 'success')
    .flatMap((e) => {
      const t = judgedTurn(e.events);
      const task = taskOf(e.instance.payload);
      return t === null ? [] : scriptsOf(task, dialogueOf(e.events, task), t, sourceFileName(runId, e.repetition));
    });
  const ordered = [...made.filter((m) => m.kind !== 'last_only'), ...made.filter((m) => m.kind === 'last_only')];
  return ordered.map(({ kind, script }, id) => ({ kind, script: { id, ...script } }));
}

export function scriptSet(runId: number, episodes: readonly RunFileEpisode[]): { filename: string; content: string; scripts: number; byKind: KindCounts } {
  const scripts = runScripts(runId, episodes);
  if (scripts.length === 0) throw new UserError(`Run ${runId} has no finished dialogue with a judged challenging turn yet, so no scripts.`, 'bad_request');
  const content = scripts.map((s) => `${JSON.stringify(s.script)}\n`).join('');
  // What is written must be what the evaluation games accept.
  const { problems } = parseScripts(content);
  if (problems.length) throw new Error(`The scripts of run ${runId} do not read back: ${problems.map((p) => `line ${p.line}: ${p.message}`).join('; ')}`);
  const byKind: KindCounts = { last_only: 0, first_chan: 0, subseq_chan: 0 };
  for (const s of scripts) byKind[s.kind] += 1;
  const sha8 = createHash('sha256').update(content).digest('hex').slice(0, 8);
  return { filename: `simulbench-scripts-run${runId}-${sha8}.jsonl`, content, scripts: scripts.length, byKind };
}

export const SCRIPTS_FILE: RunFileSpec = {
  id: 'scripts',
  label: 'Download test scripts',
  make(runId, episodes) {
    const set = scriptSet(runId, episodes);
    const { last_only, first_chan, subseq_chan } = set.byKind;
    return { filename: set.filename, mime: 'application/jsonl', content: set.content, summary: `${set.scripts} scripts (LastOnly ${last_only}, FirstChan ${first_chan}, SubseqChan ${subseq_chan}); evaluate a model on them: parlor run --game simulbench --dataset-file <file>` };
  },
};
