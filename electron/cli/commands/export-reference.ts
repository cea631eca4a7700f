/** `parlor export <run> --format <id> -o <folder>`: a run in its game's reference harness's own files (EDA: eda-txt). */
import { referenceFormatsOf } from '../../engine/capabilities/reference-export/provision';
import { gameById } from '../../engine/games/registry';
import { runFileEpisodes } from '../../engine/runner/run-files';
import { CliError, openStore, parseId } from '../context';
import { checkOutputFolder, writeFolder } from '../output-folder';

export function exportReference(runText: string, flags: { format: string; out?: string; db?: string }): number {
  const runId = parseId(runText, 'Run id');
  const store = openStore(flags.db, { create: false });
  try {
    const run = store.runs.get(runId);
    const game = gameById(run.game);
    const format = referenceFormatsOf(game).find((f) => f.id === flags.format);
    if (!format) throw new CliError(`--format for a run must be csv, jsonl${referenceFormatsOf(game).map((f) => ` or ${f.id}`).join('')}, not "${flags.format}".`);
    if (flags.out === undefined) throw new CliError(`--format ${format.id} writes a folder of files (${format.title}): give it with -o <folder>.`);
    // A new or empty folder only: these files carry no marker of Parlor's, so nothing is ever replaced.
    const target = checkOutputFolder(flags.out, '.parlor-never-replaced', false);
    const files = format.files(runFileEpisodes(store, runId), run);
    if (files.length === 0) throw new CliError(`Run ${runId} has no finished game to write as ${format.id}.`);
    writeFolder(target, new Map(files.map((f) => [f.path, Buffer.from(f.content, 'utf8')])));
    process.stderr.write(`wrote ${files.length} ${format.id} file${files.length === 1 ? '' : 's'} to ${target}\n`);
    return 0;
  } finally {
    store.close();
  }
}
