import { useEffect, useState } from 'react';
import type { RunSummary } from '../../../shared/api/contract';
import { useApi } from '../api/hooks';
import { download } from '../download';

/** A run's tags and note, edited in place, and the whole run exported as one file. */
export function RunLabels({ run, onChanged }: { run: RunSummary; onChanged: () => void }) {
  const api = useApi();
  const [tags, setTags] = useState((run.tags ?? []).join(' '));
  const [note, setNote] = useState(run.note ?? '');
  const [message, setMessage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const savedTags = (run.tags ?? []).join(' ');
  const savedNote = run.note ?? '';
  useEffect(() => setTags(savedTags), [savedTags]);
  useEffect(() => setNote(savedNote), [savedNote]);
  const dirty = tags.trim() !== savedTags || note.trim() !== savedNote;

  const save = async () => {
    try {
      await api.call('runs.label', { runId: run.id, tags: tags.split(/[\s,]+/).filter(Boolean), note });
      setFailed(false);
      setMessage('Saved.');
      onChanged();
    } catch (e) {
      setFailed(true);
      setMessage((e as Error).message);
    }
  };
  const exportRun = async (format: 'jsonl' | 'csv') => {
    try {
      download(await api.call('runs.export', { runId: run.id, format }));
    } catch (e) {
      setFailed(true);
      setMessage((e as Error).message);
    }
  };

  return (
    <form
      className="run-labels"
      aria-label="Tags and note"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label>
        Tags{' '}
        <input data-testid="run-tags-input" value={tags} placeholder="baseline temp-0.7" onChange={(e) => setTags(e.target.value)} />
      </label>
      <label>
        Note{' '}
        <textarea data-testid="run-note-input" rows={2} value={note} placeholder="What this run tried, what to remember" onChange={(e) => setNote(e.target.value)} />
      </label>
      <button type="submit" data-testid="run-labels-save" disabled={!dirty}>
        Save tags and note
      </button>
      <span className="run-export">
        Export episodes:{' '}
        <button type="button" data-testid="run-export-jsonl" onClick={() => void exportRun('jsonl')}>JSONL</button>{' '}
        <button type="button" data-testid="run-export-csv" onClick={() => void exportRun('csv')}>CSV</button>
      </span>
      {message && (
        <span className={failed ? 'inline-error' : 'meta'} role="status" data-testid="run-labels-status">
          {message}
        </span>
      )}
    </form>
  );
}
