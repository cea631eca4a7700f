import { runCost } from '../../engine/analysis/cost';
import { subjectLabel } from '../../engine/analysis/explore/leaderboard';
import { subjectOf } from '../../engine/analysis/explore/select';
import { runReport } from '../../engine/analysis/run-report';
import { orderSeats } from '../../engine/api/views';
import type { Store } from '../../engine/store/store';
import { join } from 'node:path';
import { HtmlReportInputSchema } from '../../../shared/contract/report';
import { describeZodError } from '../../../shared/contract/run';
import { buildHtmlReport, REPORT_MARKER } from '../../engine/api/report/build';
import { CliError, openStore, parseId, positiveWhole } from '../context';
import { checkOutputFolder, writeFolder } from '../output-folder';
import { metricMeanStdOf, table } from '../format';
import { fixed } from '../../../shared/text/number';

const ARROWS: Record<string, string> = { lower: ' ↓', higher: ' ↑', none: '' };

/** A run's table as its paper prints it (EDA: Table 1), with what was excluded and what it cost. */
export function printReport(store: Store, runId: number): void {
  const { run, game, report, rows } = runReport(store, runId);
  const conditions = orderSeats(run.seats, game).filter((s) => game.roles.find((r) => r.id === s.role)?.condition);
  const header = [subjectLabel(game), ...game.metrics.map((m) => `${m.label}${ARROWS[m.direction]}`), 'n', 'reps'];
  const line = (name: string, r: typeof report) => [name, ...game.metrics.map((m) => metricMeanStdOf(m, r.metrics[m.key])), r.done, r.repetitions.length];
  const lines = rows ? rows.map((r) => line(r.player, r.report)) : [line(subjectOf(run, game)?.name ?? '', report)];
  console.log(`Run ${run.id}${run.name ? ` "${run.name}"` : ''} · ${game.shortTitle} ${run.datasetName}/${run.subset}${conditions.map((s) => ` · ${s.role} ${s.player}`).join('')} · ${run.status}`);
  console.log(table(header, lines));
  const notes = [];
  if (report.errors) notes.push(`${report.errors} error${report.errors === 1 ? '' : 's'} excluded`);
  if (report.unfinished) notes.push(`${report.unfinished} unfinished excluded`);
  if (report.invalid) notes.push(`${report.invalid} marked invalid excluded`);
  console.log(`mean ± sample std of the per-repetition means${notes.length ? ` · ${notes.join(' · ')}` : ''}`);
  const usage = store.models.usage(runId);
  if (usage.length) {
    const cost = runCost(usage, store.models.listPrices());
    const n = (x: number) => x.toLocaleString('en-US');
    const parts = usage.map((u) => {
      const notes = [
        u.cachedCalls ? `${u.cachedCalls} cached` : '',
        u.batch.calls ? `${n(u.batch.calls)} in batches` : '',
        u.cachedInputTokens ? `${n(u.cachedInputTokens)} input tokens read from the prompt cache` : '',
        u.cacheWriteTokens ? `${n(u.cacheWriteTokens)} written to it` : '',
      ].filter(Boolean);
      return `${u.provider}:${u.model} ${u.calls} calls${notes.length ? ` (${notes.join(', ')})` : ''}, ${n(u.inputTokens)} in / ${n(u.outputTokens)} out tokens`;
    });
    const money = cost.unpriced.length ? `cost of priced models $${fixed(cost.usd, 4)}; no price for ${cost.unpriced.join(', ')}` : `cost $${fixed(cost.usd, 4)}`;
    console.log(`usage: ${parts.join('; ')} · ${money}`);
  }
}

export interface ReportFlags {
  json?: boolean;
  html?: boolean;
  out?: string;
  force?: boolean;
  instances?: string;
  minEpisodes?: string;
  commonWithHumans?: boolean;
  db?: string;
}

/** `parlor report <run>`: a run's table; `parlor report --html <runs…> -o dir`: the runs' static report. */
export function reportCommand(runs: string | readonly string[], flags: ReportFlags): number {
  // Runs as separate words or comma-separated (`1 2 3` or `1,2,3`), as other commands take them.
  const runIds = (typeof runs === 'string' ? [runs] : runs).flatMap((text) => text.split(',')).filter((text) => text.trim() !== '').map((text) => parseId(text.trim(), 'Run id'));
  if (flags.html) return htmlReportCommand(runIds, flags);
  const stray = (['out', 'force', 'instances', 'minEpisodes', 'commonWithHumans'] as const).find((k) => flags[k] !== undefined);
  if (stray) throw new CliError(`--${stray.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} belongs to the HTML report: add --html (parlor report --html <runs…> -o <folder>).`);
  if (runIds.length !== 1) throw new CliError(`parlor report prints one run's table (give one run id, not ${runIds.length}); --html -o <folder> writes a report of several.`);
  const store = openStore(flags.db, { create: false });
  try {
    const runId = runIds[0]!;
    if (flags.json) {
      const { run, game, report, rows } = runReport(store, runId);
      const players = Object.fromEntries(orderSeats(run.seats, game).map((s) => [s.seat, s.player]));
      console.log(JSON.stringify({ run: { id: run.id, name: run.name, status: run.status, game: run.game, dataset: run.datasetName, subset: run.subset }, players, ...report, ...(rows ? { rows } : {}) }, null, 2));
    } else {
      printReport(store, runId);
    }
    return 0;
  } finally {
    store.close();
  }
}

function htmlReportCommand(runIds: readonly number[], flags: ReportFlags): number {
  if (flags.json) throw new CliError('--json and --html are two different reports: give one.');
  if (!flags.out) throw new CliError('--html needs -o <folder>: the report is a folder of pages (index.html first) to open in a browser or send as it is.');
  if (flags.instances !== undefined && flags.instances !== 'common' && flags.instances !== 'all') throw new CliError(`--instances must be common or all, not "${flags.instances}".`);
  const target = checkOutputFolder(flags.out, REPORT_MARKER, flags.force ?? false);
  const input = HtmlReportInputSchema.safeParse({
    runIds,
    ...(flags.instances !== undefined ? { instances: flags.instances } : {}),
    ...(flags.minEpisodes !== undefined ? { minEpisodes: positiveWhole(flags.minEpisodes, '--min-episodes') } : {}),
    ...(flags.commonWithHumans ? { commonWithHumans: true } : {}),
  });
  if (!input.success) throw new CliError(describeZodError(input.error, 'report options'));
  const store = openStore(flags.db, { create: false });
  try {
    const files = buildHtmlReport(store, input.data);
    writeFolder(target, files);
    const pages = [...files.keys()].filter((p) => p.endsWith('.html')).length;
    process.stderr.write(`wrote the report of run${runIds.length === 1 ? '' : 's'} ${runIds.join(', ')} to ${target} (${pages} pages; open ${join(target, 'index.html')})\n`);
    return 0;
  } finally {
    store.close();
  }
}
