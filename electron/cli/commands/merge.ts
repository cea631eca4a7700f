/**
 * `parlor merge <file>…`: brings into the database (--db) what the files hold that it lacks, in one
 * transaction, never writing to them; prints what came in, what was there already, and every conflict
 * with how it was settled (`--json`: the report as JSON).
 */
import type { MergeReport } from '../../../shared/contract/merge';
import { mergeDatabases } from '../../engine/merge/merge';
import { resolveDbPath } from '../../engine/paths';
import { printData } from '../terminal';

export interface MergeFlags {
  db?: string;
  json?: boolean;
}

/** The tables a person reads the report by, first; the others follow by name. */
const FIRST = ['runs', 'episodes', 'events', 'model_calls', 'datasets', 'instances', 'media', 'prices'];

export function mergeCommand(files: string[], flags: MergeFlags): number {
  const target = resolveDbPath(flags.db);
  const report = mergeDatabases(target, files, {
    onProgress: (line) => process.stderr.write(`merge: ${line}\n`),
    onUpgrade: (file, from, to) => process.stderr.write(`parlor: upgrading ${file === target ? file : `a copy of ${file}`} from schema version ${from} to ${to}, once…\n`),
  });
  printData(flags.json ? `${JSON.stringify(report, null, 2)}\n` : mergeReportText(report));
  return 0;
}

/** The report as a person reads it. */
export function mergeReportText(report: MergeReport): string {
  const lines: string[] = [];
  for (const file of report.files) {
    lines.push(`Merged ${file.file} (schema version ${file.schemaVersion}) into ${report.target}:`);
    lines.push(`  came in:      ${counts(file.added) || 'nothing'}`);
    lines.push(`  already here: ${counts(file.alreadyThere) || 'nothing'}`);
    if (file.conflicts.length === 0) lines.push('  no conflicts');
    else {
      lines.push(`  ${file.conflicts.length} conflict${file.conflicts.length === 1 ? '' : 's'}:`);
      for (const c of file.conflicts) lines.push(`    ${c.table} ${c.key}: ${c.what}; kept ${c.kept === 'source' ? 'the merged file’s' : 'this database’s'} (${c.rule})`);
    }
  }
  if (report.sumsRecomputed) lines.push('The sums behind leaderboards and heatmaps were recomputed from the scores.');
  return `${lines.join('\n')}\n`;
}

function counts(byTable: Record<string, number>): string {
  const order = (t: string) => (FIRST.includes(t) ? FIRST.indexOf(t) : FIRST.length);
  return Object.entries(byTable)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([table, n]) => `${table.replaceAll('_', ' ')} ${n}`)
    .join(', ');
}
