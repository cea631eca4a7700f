import { useMemo, useState } from 'react';
import type { EntityView } from '../../../shared/api/contract';
import { useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { VirtualTable, type Column } from '../components/VirtualTable';

const COLUMNS: Column<EntityView>[] = [
  { key: 'pos', header: '#', width: '4rem', align: 'right', render: (e) => e.position, sortValue: (e) => e.position },
  { key: 'name', header: 'Entity', width: 'minmax(12rem, 1fr)', render: (e) => e.name, sortValue: (e) => e.name.toLowerCase() },
  { key: 'aliases', header: 'Also accepted', width: 'minmax(12rem, 2fr)', render: (e) => e.aliases.slice(1).join(', ') || '—' },
];

/** The bundled entity lists, per split. */
export function DatasetsPage() {
  const datasets = useQuery('datasets.list', {});
  const [choice, setChoice] = useState({ name: 'things', split: 'test' as 'train' | 'dev' | 'test' });
  const entities = useQuery('datasets.entities', choice);
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (entities.data ?? []).filter((e) => !needle || e.aliases.some((a) => a.toLowerCase().includes(needle)));
  }, [entities.data, filter]);

  return (
    <section aria-labelledby="datasets-title">
      <header className="page-header">
        <h1 id="datasets-title">Datasets</h1>
      </header>
      <ErrorNote error={datasets.error ?? entities.error} />
      <p className="meta">
        Entity-Deduction Arena lists (Zhang et al., 2024): Things and Celebrities, each with train/dev/test splits. The game counts a guess
        as right when it names any of an entity’s aliases.
      </p>
      <div className="split-picker" role="group" aria-label="Dataset and split">
        {(datasets.data ?? []).map((d) =>
          d.splits.map((s) => {
            const selected = choice.name === d.name && choice.split === s.split;
            return (
              <button key={`${d.name}/${s.split}`} type="button" aria-pressed={selected} className={selected ? 'selected' : undefined}
                onClick={() => setChoice({ name: d.name, split: s.split as 'train' | 'dev' | 'test' })}>
                {d.name}/{s.split} <span className="meta">({s.entities})</span>
              </button>
            );
          }),
        )}
      </div>
      <div className="filters">
        <label>
          Find <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="entity or alias" />
        </label>
        <span className="meta" aria-live="polite">{rows.length} entities</span>
      </div>
      <VirtualTable rows={rows} columns={COLUMNS} rowKey={(e) => e.position} label="entities" />
    </section>
  );
}
