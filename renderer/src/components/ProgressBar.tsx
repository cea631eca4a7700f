import { counted, percent } from '../format';
import { paceText } from '../run-rate';

/** Finished episodes out of all; errors are their own segment so they are never mistaken for wins. */
/** `pace`: the latest calls/s and ETA of a run being played (from its progress events). */
export function ProgressBar({ done, errors, total, label, pace }: { done: number; errors: number; total: number; label: string; pace?: { callsPerSecond: number; etaSeconds: number | null } | null }) {
  const finished = done + errors;
  const share = (n: number) => `${total ? (100 * n) / total : 0}%`;
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={finished}
        aria-valuetext={`${finished} of ${counted(total, 'episode')} (${percent(finished, total)})${errors ? `, ${counted(errors, 'error')}` : ''}`}
      >
        <div className="progress-done" style={{ width: share(done) }} />
        <div className="progress-errors" style={{ width: share(errors) }} />
      </div>
      <span className="progress-text" data-testid="progress-text">
        {percent(finished, total)} · {finished}/{total}
        {errors ? ` · ${errors} error${errors === 1 ? '' : 's'}` : ''}
      </span>
      {pace && finished < total && (
        <span className="progress-pace" data-testid="progress-pace">
          {paceText(pace)}
        </span>
      )}
    </div>
  );
}
