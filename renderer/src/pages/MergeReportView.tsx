import type { Ref } from 'react';
import type { MergeConflict, MergeFileReport, MergeReport } from '../../../shared/contract/merge';
import { counted } from '../format';

/** The tables a person reads the report by, first (as `parlor merge` prints them); the others follow by name. */
const FIRST = ['runs', 'episodes', 'events', 'model_calls', 'datasets', 'instances', 'media', 'prices'];

function tableOrder(a: string, b: string): number {
  const at = (t: string) => (FIRST.includes(t) ? FIRST.indexOf(t) : FIRST.length);
  return at(a) - at(b) || a.localeCompare(b);
}

const tableName = (table: string) => table.replaceAll('_', ' ');

/** What a merge did, file by file: the rows that came in and those already here, by table, then every conflict and how it was settled. */
export function MergeReportView({ report, headingRef }: { report: MergeReport; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <section aria-labelledby="merge-report-title" data-testid="merge-report">
      <h2 id="merge-report-title" ref={headingRef} tabIndex={-1}>
        Merged into <code>{report.target}</code>
      </h2>
      {report.files.map((file, i) => (
        <FileReport key={`${i}:${file.file}`} file={file} />
      ))}
      {report.sumsRecomputed && <p className="meta">The sums behind leaderboards and heatmaps were recomputed from the scores.</p>}
    </section>
  );
}

function FileReport({ file }: { file: MergeFileReport }) {
  const tables = [...new Set([...Object.keys(file.added), ...Object.keys(file.alreadyThere)])]
    .filter((t) => (file.added[t] ?? 0) > 0 || (file.alreadyThere[t] ?? 0) > 0)
    .sort(tableOrder);
  const nothingCame = tables.every((t) => (file.added[t] ?? 0) === 0);
  const theirsStands = file.conflicts.some((c) => c.kept === 'source');
  return (
    <article className="merge-file" aria-label={`From ${file.file}`}>
      <h3>
        From <code>{file.file}</code> <span className="meta">(schema version {file.schemaVersion})</span>
      </h3>
      {tables.length === 0 ? (
        <p>This file holds nothing to merge.</p>
      ) : (
        <>
          {nothingCame && (
            <p data-testid="merge-nothing-new">
              {theirsStands ? 'No new rows: every row of this file was already here (the conflicts below say where its version now stands).' : 'Nothing new: everything in this file was already here.'}
            </p>
          )}
          <table className="data merge-counts">
            <caption className="sr-only">Rows of {file.file} by table</caption>
            <thead>
              <tr>
                <th scope="col">Table</th>
                <th scope="col" className="num">Came in</th>
                <th scope="col" className="num">Already here</th>
              </tr>
            </thead>
            <tbody>
              {tables.map((t) => (
                <tr key={t}>
                  <th scope="row">{tableName(t)}</th>
                  <td className="num">{(file.added[t] ?? 0).toLocaleString()}</td>
                  <td className="num">{(file.alreadyThere[t] ?? 0).toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <Conflicts conflicts={file.conflicts} />
    </article>
  );
}

function Conflicts({ conflicts }: { conflicts: readonly MergeConflict[] }) {
  if (conflicts.length === 0) return <p className="meta">No conflicts.</p>;
  return (
    <>
      <h4>{counted(conflicts.length, 'conflict')}, each settled by a rule that does not depend on which file is the target</h4>
      <div className="scroll-x">
        <table className="data merge-conflicts">
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col">Row</th>
              <th scope="col">What differed</th>
              <th scope="col">Stands</th>
              <th scope="col">Rule</th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map((c, i) => (
              <tr key={i}>
                <td>{tableName(c.table)}</td>
                <td className="merge-key">{c.key}</td>
                <td>{c.what}</td>
                <td className="merge-kept">{c.kept === 'source' ? 'the merged file’s' : 'this database’s'}</td>
                <td>{c.rule}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
