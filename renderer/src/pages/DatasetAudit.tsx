import { useState } from 'react';
import type { DatasetAuditFinding, DatasetAuditKind } from '../../../shared/api/contract';
import { useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { count, counted } from '../format';

const KINDS: { kind: DatasetAuditKind; title: string }[] = [
  { kind: 'duplicate', title: 'Exact duplicates' },
  { kind: 'near-duplicate', title: 'Near duplicates (case, plural, spacing)' },
  { kind: 'run-together', title: 'Two items run together' },
  { kind: 'missing-tag', title: 'Unknown category' },
  { kind: 'odd-tag', title: 'Placeholder category' },
  { kind: 'too-long', title: 'Over-long entries' },
];

/** The audit of the chosen dataset and subset: findings grouped by kind, each with its entries and reason. */
export function DatasetAudit({ game, name, subset }: { game: string; name: string; subset: string }) {
  const [asked, setAsked] = useState<string | null>(null);
  const key = `${game}/${name}/${subset}`;
  const audit = useQuery('datasets.audit', asked === key ? { game, name, subset } : null);
  const result = asked === key && !audit.loading ? audit.data?.[0] : undefined;
  return (
    <section className="dataset-audit" aria-labelledby="dataset-audit-title" data-testid="dataset-audit">
      <h2 id="dataset-audit-title">Audit</h2>
      <p className="meta">Looks for entries that would make a run wrong or uneven: duplicates, near duplicates, two items in one line, unknown categories and over-long lines.</p>
      <button type="button" data-testid="dataset-audit-run" onClick={() => (asked === key ? audit.reload() : setAsked(key))}>
        Audit {name}/{subset}
      </button>
      {asked === key && <ErrorNote error={audit.error} />}
      {asked === key && audit.loading && <p className="meta">Auditing…</p>}
      {result && (
        <div data-testid="dataset-audit-result">
          <p data-testid="dataset-audit-summary">
            {result.findings.length === 0
              ? `Nothing suspicious in ${counted(result.instances, 'entry', 'entries')}.`
              : `${counted(result.findings.length, 'finding')} in ${counted(result.instances, 'entry', 'entries')}.`}
          </p>
          {KINDS.filter(({ kind }) => (result.counts[kind] ?? 0) > 0).map(({ kind, title }) => (
            <FindingGroup key={kind} kind={kind} title={title} findings={result.findings.filter((f) => f.kind === kind)} />
          ))}
        </div>
      )}
    </section>
  );
}

function FindingGroup({ kind, title, findings }: { kind: DatasetAuditKind; title: string; findings: DatasetAuditFinding[] }) {
  return (
    <details open className="audit-group" data-testid={`dataset-audit-${kind}`}>
      <summary>
        {title} <span className="meta">({count(findings.length)})</span>
      </summary>
      <ul>
        {findings.map((f, i) => (
          <li key={i} className={f.severity === 'warning' ? 'audit-warning' : undefined}>
            <strong>{f.keys.join(' · ')}</strong> <span className="meta">{f.message}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
