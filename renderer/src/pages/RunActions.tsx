import { useState } from 'react';
import type { RunSummary } from '../../../shared/api/contract';
import { useApi } from '../api/hooks';

/** Cancel, resume and retry-errors for one run, with the engine's refusals shown in words. */
export function RunActions({ run, onChanged, compact }: { run: RunSummary; onChanged: () => void; compact?: boolean }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const act = async (what: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await what();
      onChanged();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const unfinished = run.total - run.done - run.errors;
  // A person's games continue from the Play page, not as a batch.
  if (run.seats.some((s) => s.kind === 'human')) return null;
  return (
    <div className={`actions${compact ? ' compact' : ''}`}>
      {run.active && (
        <button type="button" disabled={busy} onClick={() => act(() => api.call('runs.cancel', { runId: run.id }))}>
          Cancel
        </button>
      )}
      {!run.active && run.status !== 'running' && unfinished > 0 && (
        <button type="button" disabled={busy} onClick={() => act(() => api.call('runs.resume', { runId: run.id }))}>
          Resume
        </button>
      )}
      {!run.active && run.status !== 'running' && run.errors > 0 && (
        <button type="button" disabled={busy} onClick={() => act(() => api.call('runs.retryErrors', { runId: run.id }))}>
          Retry {run.errors} error{run.errors === 1 ? '' : 's'}
        </button>
      )}
      {error && (
        <span className="inline-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
