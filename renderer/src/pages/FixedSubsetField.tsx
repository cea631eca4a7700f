/** Chooses a fixed subset of the split (EDA's things-30), or the whole split: the same items for every run and person. */
import { useQuery } from '../api/hooks';

interface Props {
  game: string;
  dataset: string;
  subset: string;
  value: string;
  onChange: (name: string) => void;
  /** The id of the select, for its label. */
  id: string;
}

export function FixedSubsetSelect({ game, dataset, subset, value, onChange, id }: Props) {
  const list = useQuery('subsets.list', game ? { game } : null);
  const fitting = (list.data ?? []).filter((f) => f.dataset === dataset && f.subset === subset);
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={fitting.length === 0 && !value}>
      <option value="">the whole split</option>
      {fitting.map((f) => (
        <option key={f.name} value={f.name} title={f.note ?? undefined}>
          {f.name} ({f.size}, seed {f.seed}{f.origin === 'user' ? ', yours' : ''})
        </option>
      ))}
    </select>
  );
}
