import { EDA_METRICS } from '../../../shared/games/eda';
import { runCost } from '../../engine/analysis/cost';
import { runReport } from '../../engine/analysis/run-report';
import type { Store } from '../../engine/store/store';
import { openStore, parseId } from '../context';
import { meanStd, table } from '../format';

export function printReport(store: Store, runId: number): void {
  const { run, guesser, judge, report } = runReport(store, runId);
  const arrows: Record<string, string> = { lower: ' ↓', higher: ' ↑', none: '' };
  const header = ['Guesser', ...EDA_METRICS.map((m) => `${m.label}${arrows[m.better]}`), 'n', 'reps'];
  const row = [
    guesser,
    ...EDA_METRICS.map((m) => meanStd(report.metrics[m.key], m.digits)),
    report.done,
    report.repetitions.length,
  ];
  console.log(`Run ${run.id}${run.name ? ` "${run.name}"` : ''} · EDA ${run.datasetName}/${run.split} · judge ${judge} · ${run.status}`);
  console.log(table(header, [row]));
  const notes = [];
  if (report.errors) notes.push(`${report.errors} error${report.errors === 1 ? '' : 's'} excluded`);
  if (report.unfinished) notes.push(`${report.unfinished} unfinished excluded`);
  if (report.invalid) notes.push(`${report.invalid} marked invalid excluded`);
  console.log(`mean ± sample std of the per-repetition means${notes.length ? ` · ${notes.join(' · ')}` : ''}`);
  const usage = store.usage(runId);
  if (usage.length) {
    const cost = runCost(usage, store.listPrices());
    const parts = usage.map((u) => `${u.provider}:${u.model} ${u.calls} calls${u.cachedCalls ? ` (${u.cachedCalls} cached)` : ''}, ${u.inputTokens.toLocaleString('en-US')} in / ${u.outputTokens.toLocaleString('en-US')} out tokens`);
    const money = cost.unpriced.length ? `cost of priced models $${cost.usd.toFixed(4)}; no price for ${cost.unpriced.join(', ')}` : `cost $${cost.usd.toFixed(4)}`;
    console.log(`usage: ${parts.join('; ')} · ${money}`);
  }
}

export function reportCommand(runText: string, flags: { json?: boolean; db?: string }): number {
  const store = openStore(flags.db);
  try {
    const runId = parseId(runText, 'Run id');
    if (flags.json) {
      const { run, guesser, judge, report } = runReport(store, runId);
      console.log(JSON.stringify({ run: { id: run.id, name: run.name, status: run.status, dataset: run.datasetName, split: run.split }, guesser, judge, ...report }, null, 2));
    } else {
      printReport(store, runId);
    }
    return 0;
  } finally {
    store.close();
  }
}
