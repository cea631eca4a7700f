/** `parlor file <run> <id> [-o file|folder]`: a file the run's game makes from it (SimulBench's pipeline: `scripts`). */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runFile } from '../../engine/runner/run-files';
import { checkOutput, openStore, parseId } from '../context';
import { writeOutput } from '../output';

export function fileCommand(runText: string, id: string, flags: { out?: string; json?: boolean; db?: string }): number {
  const runId = parseId(runText, 'Run id');
  // A folder takes the file's own name; anything else is the file to write.
  const folder = flags.out !== undefined && existsSync(flags.out) && statSync(flags.out).isDirectory();
  const out = flags.out === undefined || folder ? flags.out : checkOutput(flags.out);
  const store = openStore(flags.db, { create: false });
  try {
    const file = runFile(store, runId, id);
    const path = out === undefined ? resolve(file.filename) : folder ? join(resolve(out), file.filename) : resolve(out);
    writeOutput(path, file.content);
    console.log(flags.json ? JSON.stringify({ path, summary: file.summary }) : `wrote ${path}: ${file.summary}`);
    return 0;
  } finally {
    store.close();
  }
}
