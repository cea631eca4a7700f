import { runCost } from '../../engine/analysis/cost';
import { subjectLabel } from '../../engine/analysis/explore/leaderboard';
import { subjectOf } from '../../engine/analysis/explore/select';
import { runReport } from '../../engine/analysis/run-report';
import { orderSeats } from '../../engine/api/views';
import type { Store } from '../../engine/store/store';
import { openStore, parseId } from '../context';
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

export function reportCommand(runText: string, flags: { json?: boolean; db?: string }): number {
  const store = openStore(flags.db, { create: false });
  try {
    const runId = parseId(runText, 'Run id');
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
