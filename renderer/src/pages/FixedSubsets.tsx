/** The chosen split's fixed subsets: listed with their items, a new one drawn by size and seed, a user's removed. */
import { useState, type FormEvent } from 'react';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';

interface Props {
  game: string;
  dataset: string;
  subset: string;
  /** What the game calls its instances. */
  noun: string;
}

export function FixedSubsets({ game, dataset, subset, noun }: Props) {
  const api = useApi();
  const list = useQuery('subsets.list', { game });
  const [draft, setDraft] = useState({ name: '', size: '30', seed: '0', note: '' });
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const here = (list.data ?? []).filter((f) => f.dataset === dataset && f.subset === subset);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const made = await api.call('subsets.create', { game, name: draft.name.trim(), dataset, subset, size: Number(draft.size), seed: Number(draft.seed), ...(draft.note.trim() ? { note: draft.note.trim() } : {}) });
      setDraft((d) => ({ ...d, name: '', note: '' }));
      setOpen(made.name);
      list.reload();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const remove = async (name: string) => {
    setError(null);
    try {
      await api.call('subsets.remove', { name });
      list.reload();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section aria-labelledby="fixed-subsets-title" className="fixed-subsets">
      <h2 id="fixed-subsets-title">Fixed subsets of {dataset}/{subset}</h2>
      <p className="meta">A named, seeded sample of this split: every run and every person who chooses it plays the same {noun}, so human and model numbers are on the same items.</p>
      <ErrorNote error={list.error ?? error} />
      {here.length === 0 ? (
        <p className="meta">None yet for this split.</p>
      ) : (
        <table className="data" aria-label="Fixed subsets">
          <thead>
            <tr><th>Name</th><th>Size</th><th>Seed</th><th>From</th><th>Note</th><th /></tr>
          </thead>
          <tbody>
            {here.map((f) => (
              <tr key={f.name}>
                <td>
                  <button type="button" className="link" aria-expanded={open === f.name} onClick={() => setOpen(open === f.name ? null : f.name)}>{f.name}</button>
                  {open === f.name && <p className="meta fixed-items">{f.instances.map((i) => i.name).join(' · ')}</p>}
                </td>
                <td>{f.size}</td>
                <td>{f.seed}</td>
                <td>{f.origin === 'game' ? 'the game' : 'you'}</td>
                <td>{f.note ?? ''}</td>
                <td>{f.origin === 'user' && <button type="button" onClick={() => void remove(f.name)} aria-label={`Remove ${f.name}`}>Remove</button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="inline-form" onSubmit={(e) => void create(e)} aria-label="New fixed subset">
        <label>Name <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} placeholder="things-pilot-20" required /></label>
        <label>Size <input inputMode="numeric" value={draft.size} onChange={(e) => setDraft({ ...draft, size: e.target.value })} size={5} /></label>
        <label>Seed <input inputMode="numeric" value={draft.seed} onChange={(e) => setDraft({ ...draft, seed: e.target.value })} size={8} /></label>
        <label>Note <input value={draft.note} onChange={(e) => setDraft({ ...draft, note: e.target.value })} maxLength={300} /></label>
        <button type="submit" disabled={!draft.name.trim()}>Draw and save</button>
      </form>
    </section>
  );
}
