import { useEffect, useState } from 'react';
import type { ExploreOptions } from '../../../../shared/api/contract';
import type { ExploreFiltersInput } from '../../../../shared/contract/explore';
import { useQuery } from '../../api/hooks';

export type Filters = ExploreFiltersInput;

/** The filters every explore view shares, remembered across views and visits. */
export function useFilters(): [Filters | null, (f: Filters) => void, ExploreOptions | null] {
  const options = useQuery('explore.options', {});
  const [filters, setFilters] = useState<Filters | null>(() => {
    const saved = localStorage.getItem('parlor.explore.filters');
    return saved ? (JSON.parse(saved) as Filters) : null;
  });
  useEffect(() => {
    const datasets = options.data?.datasets ?? [];
    if (!datasets.length) return;
    if (!filters || !datasets.some((d) => d.name === filters.dataset)) setFilters({ dataset: datasets[0]!.name });
  }, [options.data, filters]);
  const update = (f: Filters) => {
    localStorage.setItem('parlor.explore.filters', JSON.stringify(f));
    setFilters(f);
  };
  return [filters, update, options.data];
}

export function FiltersBar({ filters, onChange, options }: { filters: Filters; onChange: (f: Filters) => void; options: ExploreOptions }) {
  const dataset = options.datasets.find((d) => d.name === filters.dataset);
  const set = (patch: Partial<Filters>) => {
    const next: Filters = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof Filters)[]) if (next[key] === '' || next[key] === undefined) delete next[key];
    onChange(next);
  };
  return (
    <div className="filters" role="group" aria-label="Filters">
      <label>
        Dataset{' '}
        <select value={filters.dataset} onChange={(e) => onChange({ dataset: e.target.value })}>
          {options.datasets.map((d) => <option key={d.name} value={d.name}>{d.name}</option>)}
        </select>
      </label>
      <label>
        Split{' '}
        <select value={filters.split ?? ''} onChange={(e) => set({ split: e.target.value })}>
          <option value="">all</option>
          {dataset?.splits.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </label>
      <label>
        Judge{' '}
        <select value={filters.judge ?? ''} onChange={(e) => set({ judge: e.target.value })}>
          <option value="">all</option>
          {dataset?.judges.map((j) => <option key={j} value={j}>{j}</option>)}
        </select>
      </label>
      <label>
        From <input type="date" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
      </label>
      <label>
        To <input type="date" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
      </label>
    </div>
  );
}

export function NoRunsYet() {
  return <p className="notice">No finished runs yet: the explore views compare runs once some have played. <a href="#/runs/new">Start a run</a>.</p>;
}
