import { writeFileSync } from 'node:fs';
import { episodeExportRows, toCsv, toJsonl } from '../../engine/io/export';
import { CliError, openStore, parseId } from '../context';

export function exportCommand(runText: string, flags: { format: string; out?: string; db?: string }): number {
  if (flags.format !== 'csv' && flags.format !== 'jsonl') throw new CliError(`--format must be csv or jsonl, not "${flags.format}".`);
  const store = openStore(flags.db);
  try {
    const rows = episodeExportRows(store, parseId(runText, 'Run id'));
    const text = flags.format === 'csv' ? toCsv(rows) : toJsonl(rows);
    if (flags.out) {
      writeFileSync(flags.out, text);
      process.stderr.write(`wrote ${rows.length} episodes to ${flags.out}\n`);
    } else {
      process.stdout.write(text);
    }
    return 0;
  } finally {
    store.close();
  }
}
