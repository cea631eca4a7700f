import type { RunBatchView } from '../../../shared/api/contract';
import { useEvents, useQuery, useThrottled } from '../api/hooks';
import { count, counted, when } from '../format';

const STATE_TEXT: Record<RunBatchView['state'], string> = {
  submitting: 'being sent',
  in_progress: 'out',
  ended: 'ended',
  expired: 'expired',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** A batch-mode run's provider batches: what is out, what came back, and what is sent again. */
export function RunBatches({ runId }: { runId: number }) {
  const batches = useQuery('runs.batches', { runId });
  const reload = useThrottled(() => batches.reload(), 750);
  useEvents((event) => {
    if ((event.type === 'batches' || event.type === 'run-finished' || event.type === 'run-changed') && event.runId === runId) reload();
  });
  const list = batches.data ?? [];
  if (!list.length) return null;
  // A batch being sent has not ended either: "every batch has ended" only once none is on its way or out.
  const out = list.filter((b) => b.state === 'in_progress' || b.state === 'submitting').length;
  const requests = list.reduce((a, b) => a + b.requests, 0);
  const answered = list.reduce((a, b) => a + b.succeeded, 0);
  const failed = list.reduce((a, b) => a + b.failed, 0);
  return (
    <section data-testid="run-batches">
      <h2>Batches ({count(list.length)})</h2>
      <p className="meta">
        Calls of this run went to the providers&apos; batch services at half price. {out ? `${counted(out, 'batch', 'batches')} still out: Parlor may be closed; resuming the run collects them.` : 'Every batch has ended.'} Requests a batch did not answer (expired or failed) go out again in a later batch.
      </p>
      <details open={list.length <= 8 || out > 0}>
        <summary>
          {counted(list.length, 'batch', 'batches')}: {count(requests)} requests, {count(answered)} answered{failed ? `, ${count(failed)} not (sent again or failed)` : ''}
        </summary>
      <table className="data">
        <thead>
          <tr>
            <th>#</th>
            <th>Model</th>
            <th>State</th>
            <th className="num">Requests</th>
            <th className="num">Answered</th>
            <th className="num">Failed</th>
            <th>Sent</th>
            <th>Ended</th>
          </tr>
        </thead>
        <tbody>
          {list.map((b) => (
            <tr key={b.id} data-testid="batch-row" title={b.remoteId ?? undefined}>
              <td>{b.id}</td>
              <td>{b.model}</td>
              <td>
                {STATE_TEXT[b.state]}
                {b.error ? <span className="meta"> — {b.error}</span> : null}
              </td>
              <td className="num">{count(b.requests)}</td>
              <td className="num">{count(b.succeeded)}</td>
              <td className="num">{count(b.failed)}</td>
              <td>{when(b.submittedAt)}</td>
              <td>{b.endedAt ? when(b.endedAt) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </details>
    </section>
  );
}
