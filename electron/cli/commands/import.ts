import { resolve } from 'node:path';
import { logSourceFor } from '../../engine/capabilities/log-import/provision';
import { importLogs, type ImportReport } from '../../engine/runner/import-logs';
import { CliError, openStore } from '../context';
import { table } from '../format';
import { rawStream } from '../terminal';

const show = (v: number | null) => (v === null ? 'NaN' : String(v));

function printReport(report: ImportReport): void {
  const out = (line = '') => process.stdout.write(`${line}\n`);
  if (report.runs.length) {
    out(table(['run', 'game', 'players', 'dataset', 'episodes', ''], report.runs.map((r) => [r.runId, r.game, r.group, r.dataset, r.episodes, r.skipped ? 'already imported: left as it was' : ''])));
  }
  out();
  const known = new Map<string, number>();
  for (const d of report.differences) if (d.why) known.set(`${d.key}: ${d.why}`, (known.get(`${d.key}: ${d.why}`) ?? 0) + 1);
  out(`${report.episodes} episodes replayed; ${report.compared} had logged scores, and Parlor's scorer agrees on every score of ${report.agreed}${known.size ? ' (differences of a known kind aside)' : ''}.`);
  if (known.size) {
    out('\nDifferences of a known kind (the other harness reads these scores another way; see the README):');
    for (const [why, n] of known) out(`  ${n} × ${why}`);
  }
  const open = report.differences.filter((d) => !d.why);
  if (open.length) {
    out(`\n${open.length} score${open.length === 1 ? '' : 's'} differ (logged vs Parlor):`);
    out(table(['episode', 'score', 'logged', 'parlor'], open.map((d) => [d.path, d.key, show(d.logged), show(d.parlor)])));
  }
  if (report.errors.length) {
    out(`\n${report.errors.length} episode${report.errors.length === 1 ? '' : 's'} could not be replayed (stored as errors, out of every denominator):`);
    for (const e of report.errors) out(`  ${e.path}: ${e.message}`);
  }
  if (report.extraReplies.length) {
    out(`\n${report.extraReplies.length} episode${report.extraReplies.length === 1 ? '' : 's'} logged replies Parlor's rules never asked for:`);
    for (const e of report.extraReplies) out(`  ${e.path}: ${Object.entries(e.seats).map(([seat, n]) => `${n} of the ${seat}`).join(', ')}`);
  }
  if (report.problems.length) {
    out(`\n${report.problems.length} file problem${report.problems.length === 1 ? '' : 's'} (those episodes were not imported):`);
    for (const p of report.problems) out(`  ${p.path}: ${p.message}`);
  }
  if (report.images.needed) {
    out(`\nImages: ${report.images.found} of ${report.images.needed} found (in the log's folder or --images) and stored with the episodes.`);
    if (report.images.missing.length) out(`  ${report.images.missing.length} not found; their transcripts show an "image not available" card: ${report.images.missing.slice(0, 5).join(', ')}${report.images.missing.length > 5 ? ', …' : ''}`);
  }
  const unknown = Object.entries(report.unknownGames);
  if (unknown.length) out(`\nGames Parlor does not play (left out): ${unknown.map(([g, n]) => `${g} (${n})`).join(', ')}`);
}

function nothingWhy(report: ImportReport, format: string): string {
  const unknown = Object.keys(report.unknownGames);
  const why = [
    report.problems.length ? `${report.problems.length} episode${report.problems.length === 1 ? '' : 's'} could not be read (see the report)` : '',
    unknown.length ? `it holds only games Parlor does not play (${unknown.join(', ')})` : '',
  ].filter(Boolean);
  return why.length ? why.join('; ') : `nothing in it reads as ${format}`;
}

/** `parlor import <format> <folder>`: another harness's logged episodes, replayed and rescored by Parlor. */
export async function importCommand(format: string, folder: string, flags: { db?: string; json?: boolean; images?: string[]; dataset?: string; split?: string }): Promise<number> {
  const source = logSourceFor(format);
  const reading = source.read(folder, { dataset: flags.dataset, subset: flags.split });
  const store = openStore(flags.db);
  try {
    // A live count on a terminal; on a pipe, one line at the end.
    const live = Boolean(process.stderr.isTTY) && !flags.json;
    const report = await importLogs(store, reading, {
      onEpisode: (done, total) => {
        if (live) rawStream(process.stderr).write(`\rimporting: ${done}/${total} episodes`);
      },
      imageFolders: (flags.images ?? []).map((f) => resolve(f)),
    });
    if (!flags.json) process.stderr.write(`${live ? '\n' : ''}imported ${report.episodes} episodes into ${store.path}\n`);
    if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else printReport(report);
    // Nothing imported and nothing imported before: the folder was the wrong one, or every episode in it unreadable.
    if (report.runs.length === 0) throw new CliError(`Nothing was imported from ${reading.root ?? folder}: ${nothingWhy(report, source.title)}.`);
    return report.differences.some((d) => !d.why) || report.errors.length ? 1 : 0;
  } finally {
    store.close();
  }
}
