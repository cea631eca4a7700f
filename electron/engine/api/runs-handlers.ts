import type { RunBatchView, RunErrorGroup, RunErrorItem } from '../../../shared/api/runs-views';
import { toCsv, toJsonl } from '../io/csv';
import { episodeExportRows } from '../io/episodes';
import { htmlReportZip } from './report/build';
import type { Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';

/** Errored episodes grouped by kind, the most frequent kind first, each with its last failed call. */
export function errorGroups(store: Store, runId: number): RunErrorGroup[] {
  store.runs.get(runId);
  const calls = store.runs.lastFailedCalls(runId);
  const groups = new Map<string, RunErrorItem[]>();
  for (const e of store.episodes.list(runId)) {
    if (e.status !== 'error') continue;
    const kind = e.errorKind ?? 'error';
    const items = groups.get(kind) ?? [];
    items.push({ episodeId: e.id, instance: e.instance.name, repetition: e.repetition, message: e.error, callId: calls.get(e.id) ?? null });
    groups.set(kind, items);
  }
  return [...groups]
    .map(([kind, items]) => ({ kind, count: items.length, items }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

/** A run's provider batches, oldest first. */
export function runBatches(store: Store, runId: number): RunBatchView[] {
  store.runs.get(runId);
  return store.batches.list(runId).map(({ id, model, remoteId, state, requests, succeeded, failed, error, submittedAt, endedAt }) => ({
    id, model, remoteId, state, requests, succeeded, failed, error, submittedAt, endedAt,
  }));
}

/** Tags and notes, grouped errors, the whole-run export and the static HTML report. */
export function registerRuns(registry: HandlerRegistry, store: Store, onChanged: () => void): void {
  registry
    .handle('runs.label', ({ runId, tags, note }) => {
      if (tags !== undefined) store.runs.setTags(runId, tags);
      if (note !== undefined) store.runs.setNote(runId, note);
      const row = store.runs.list(runId)[0]!;
      if (tags !== undefined || note !== undefined) onChanged();
      return { tags: row.tags, note: row.note };
    })
    .handle('runs.errorGroups', ({ runId }) => errorGroups(store, runId))
    .handle('runs.batches', ({ runId }) => runBatches(store, runId))
    .handle('runs.export', ({ runId, format }) => {
      const rows = episodeExportRows(store, runId);
      return format === 'csv'
        ? { filename: `run-${runId}-episodes.csv`, mime: 'text/csv', content: toCsv(rows) }
        : { filename: `run-${runId}-episodes.jsonl`, mime: 'application/x-ndjson', content: toJsonl(rows) };
    })
    .handle('runs.htmlReport', (input) => htmlReportZip(store, input));
}
