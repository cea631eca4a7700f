import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_MERGE_FILES, type MergeReport } from '../../../shared/contract/merge';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { href } from '../links';
import { MergeReportView } from './MergeReportView';

interface PathField {
  id: number;
  path: string;
}

/**
 * "Merge a database": `parlor merge` in the app. The paths are read by the engine, on the machine that
 * runs Parlor; one request does the whole merge, then the report says what came in, what was here and
 * every conflict. The engine announces the new runs (`runs-changed`), so the runs list follows.
 */
export function MergePage() {
  const api = useApi();
  const info = useQuery('app.info', {});
  const nextId = useRef(1);
  const [fields, setFields] = useState<PathField[]>([{ id: 0, path: '' }]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<MergeReport | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [focusId, setFocusId] = useState<number | null>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (focusId !== null) inputs.current.get(focusId)?.focus();
  }, [focusId]);
  useEffect(() => {
    if (report) reportHeading.current?.focus();
  }, [report]);

  const edit = (id: number, path: string) => setFields((list) => list.map((f) => (f.id === id ? { ...f, path } : f)));
  const add = () => {
    const id = nextId.current++;
    setFields((list) => [...list, { id, path: '' }]);
    setFocusId(id);
  };
  const remove = (index: number) => {
    setFocusId(fields[index - 1]?.id ?? fields[index + 1]?.id ?? null);
    setFields((list) => list.filter((_, i) => i !== index));
  };
  const merge = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    setReport(null);
    try {
      setReport(await api.call('db.merge', { files: fields.map((f) => f.path.trim()).filter(Boolean) }));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="merge-title" aria-busy={busy}>
      <header className="page-header">
        <h1 id="merge-title">Merge a database</h1>
      </header>
      <p className="meta">
        Brings into this database{info.data && <> (<code>{info.data.dbPath}</code>)</>} everything the files hold that it lacks: runs with their
        episodes and scores, datasets, images, models, prices, annotations. The files are never written, the merge is one transaction, and
        merging a file again changes nothing. A run both files hold is one run (shards of a run come together).
      </p>
      <p className="meta">
        Give paths of files on the machine running Parlor{info.data?.mode === 'browser' && <>: in browser mode that is your own machine, where <code>parlor serve</code> runs</>}.
        Nothing is uploaded. Up to {MAX_MERGE_FILES} files at once.
      </p>
      <form className="merge-form" onSubmit={(e) => void merge(e)}>
        <ol className="merge-paths">
          {fields.map((f, i) => (
            <li key={f.id}>
              <label>
                Database file {i + 1}{' '}
                <input
                  ref={(el) => {
                    if (el) inputs.current.set(f.id, el);
                    else inputs.current.delete(f.id);
                  }}
                  type="text"
                  value={f.path}
                  onChange={(e) => edit(f.id, e.target.value)}
                  placeholder="/home/ada/parlor-laptop.db"
                  spellCheck={false}
                  autoComplete="off"
                  size={60}
                />
              </label>
              {fields.length > 1 && (
                <button type="button" onClick={() => remove(i)} aria-label={`Remove database file ${i + 1}`}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ol>
        <div className="form-actions">
          {fields.length < MAX_MERGE_FILES && (
            <button type="button" onClick={add}>
              Add another file
            </button>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Merging…' : 'Merge'}
          </button>
          <span role="status" className="meta">
            {busy ? 'Merging: copying the files, then bringing in what this database lacks, in one transaction…' : ''}
          </span>
        </div>
      </form>
      <ErrorNote error={error} />
      {report && (
        <>
          <MergeReportView report={report} headingRef={reportHeading} />
          <p>
            <a href={href.runs()}>See the runs</a>
          </p>
        </>
      )}
    </section>
  );
}
