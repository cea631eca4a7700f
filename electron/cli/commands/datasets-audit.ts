import { auditDatasets, type SubsetAudit } from '../../engine/analysis/audit-runner';
import { countByKind, DEFAULT_MAX_LENGTH } from '../../engine/analysis/audit';
import { allGames } from '../../engine/games/registry';
import { UserError } from '../../engine/errors';
import { refuseBothDatasets } from '../context';

export interface DatasetsFlags {
  game?: string;
  dataset?: string;
  split?: string;
  datasetFile?: string;
  maxLength?: string;
  json?: boolean;
}

/** `parlor datasets audit`: a report, so findings still exit 0; bad input is a UserError (exit 2). */
export function datasetsCommand(action: string, flags: DatasetsFlags): number {
  if (action !== 'audit') throw new UserError(`Unknown datasets action "${action}". Known: audit.`);
  refuseBothDatasets(flags);
  const maxLength = flags.maxLength === undefined ? DEFAULT_MAX_LENGTH : Number(flags.maxLength);
  if (!Number.isInteger(maxLength) || maxLength < 1) throw new UserError(`--max-length must be a positive whole number, not "${flags.maxLength}".`);
  const audits = auditDatasets(allGames(), { game: flags.game, dataset: flags.dataset, subset: flags.split, file: flags.datasetFile }, { maxLength });
  process.stdout.write(flags.json ? `${JSON.stringify(audits, null, 2)}\n` : formatAudits(audits));
  return 0;
}

/** Grouped by subset, then by kind; a clean subset is one line. */
export function formatAudits(audits: readonly SubsetAudit[]): string {
  const lines: string[] = [];
  for (const a of audits) {
    const counts = Object.entries(countByKind(a.findings)).map(([k, n]) => `${k} ${n}`).join(', ');
    lines.push(`${a.game} ${a.dataset}/${a.subset} (${a.instances} instances): ${counts || 'clean'}`);
    const kinds = [...new Set(a.findings.map((f) => f.kind))];
    for (const kind of kinds) {
      lines.push(`  ${kind}:`);
      for (const f of a.findings.filter((x) => x.kind === kind)) lines.push(`    [${f.severity}] ${f.keys.slice(0, 5).join(', ')}${f.keys.length > 5 ? ', …' : ''}: ${f.message}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
