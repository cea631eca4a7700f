import { useState } from 'react';
import type { AnnotationApplyView, AnnotationInfo } from '../../../shared/api/contract';
import { useApi } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';

/**
 * Carrying a set's accepted labels into its game's rules (AGE: the synonym lists), for a game that can.
 * The button asks for a preview first; the dialog shows what the rules gain and which runs' scores
 * would change, and only its Apply writes.
 */
export function ApplyAnnotations({ setId, apply, onApplied }: { setId: number; apply: NonNullable<AnnotationInfo['apply']>; onApplied: () => void }) {
  const api = useApi();
  const [preview, setPreview] = useState<AnnotationApplyView | null>(null);
  const [done, setDone] = useState<AnnotationApplyView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const call = (dryRun: boolean) => {
    setBusy(true);
    setError(null);
    return api.call('annotations.apply', { setId, dryRun }).finally(() => setBusy(false));
  };
  const open = () => call(true).then(setPreview, (e: Error) => setError(e.message));
  const confirm = () =>
    call(false).then(
      (result) => {
        setPreview(null);
        setDone(result);
        onApplied();
      },
      (e: Error) => setError(e.message),
    );
  const changed = (v: AnnotationApplyView) => v.runs.reduce((n, r) => n + r.changed, 0);

  return (
    <>
      <button type="button" onClick={() => void open()} disabled={busy} data-testid="apply-annotations">{apply.action}…</button>
      {!preview && <ErrorNote error={error} />}
      {done && (
        <p role="status" data-testid="apply-result">
          {done.changes.length
            ? `Applied ${done.changes.length} change${done.changes.length === 1 ? '' : 's'}; ${done.runs.length} run${done.runs.length === 1 ? '' : 's'} rescored, ${changed(done)} episode${changed(done) === 1 ? '' : 's'} changed.`
            : 'Nothing to change: every run already agrees with these labels.'}
        </p>
      )}
      {preview && (
        <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="apply-title" data-testid="apply-dialog" onKeyDown={(e) => e.key === 'Escape' && setPreview(null)}>
          <div className="overlay-box">
            <h2 id="apply-title">{apply.action}</h2>
            <p className="meta">{preview.accepted} items with an accepted label, {preview.corrections} differing from the game's own.</p>
            {preview.changes.length ? (
              <>
                <p>These will be added:</p>
                <ul data-testid="apply-changes">{preview.changes.map((c) => <li key={c}>{c}</li>)}</ul>
                <table className="data">
                  <thead><tr><th scope="col">run</th><th scope="col" className="num">episodes</th><th scope="col" className="num">scores that change</th></tr></thead>
                  <tbody>
                    {preview.runs.map((r) => (
                      <tr key={r.runId}><td>#{r.runId} {r.name ?? ''}</td><td className="num">{r.episodes}</td><td className="num">{r.changed}</td></tr>
                    ))}
                  </tbody>
                </table>
              </>
            ) : (
              <p data-testid="apply-changes">Nothing to change: every run already agrees with these labels.</p>
            )}
            {preview.unresolved.length > 0 && <ul className="meta">{preview.unresolved.map((u) => <li key={u}>{u}</li>)}</ul>}
            {preview.skipped.map((s) => <p key={s.runId} className="meta">Run #{s.runId} is left alone: {s.reason}.</p>)}
            <p className="meta">{apply.note}</p>
            <ErrorNote error={error} />
            <div className="actions">
              <button type="button" className="primary" onClick={() => void confirm()} disabled={busy || !preview.changes.length} data-testid="apply-confirm">Apply</button>{' '}
              <button type="button" onClick={() => setPreview(null)} autoFocus>Cancel</button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
