import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AnnotatorsView } from '../../../shared/api/contract';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';

/** Who a labelling or review page acts as, and the means to change it. */
export interface ChosenAnnotator {
  /** The name labels (or rulings) are given as; null while someone must be chosen. */
  name: string | null;
  people: AnnotatorsView | null;
  /** Whether to show the picker (nobody chosen yet, or the person asked to change). */
  choosing: boolean;
  /** Still loading who labels in this database, or whether they worked in this set. */
  loading: boolean;
  error: string | null;
  /** Opens the picker (the "change" button). */
  change: () => void;
  /** Called by the picker once the database's current annotator is set. */
  chosen: (name: string) => void;
}

/**
 * The database's current annotator, taken without asking only where they have worked in this set
 * already (`workedHere`; null while that is unknown) or a pack fixed them: a new set never silently
 * carries over the last person's name, the page asks and offers that person first.
 */
export function useChosenAnnotator(workedHere: ((name: string) => boolean) | null): ChosenAnnotator {
  const people = useQuery('annotators.list', {});
  const [chosen, setChosen] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const current = people.data?.current?.name ?? null;
  const settled = current !== null && workedHere !== null && (people.data!.fixed || workedHere(current));
  const name = changing ? null : (chosen ?? (settled ? current : null));
  return {
    name,
    people: people.data,
    choosing: name === null && people.data !== null && workedHere !== null,
    loading: people.data === null || workedHere === null,
    error: people.error,
    change: () => setChanging(true),
    chosen: (next) => {
      setChosen(next);
      setChanging(false);
      people.reload();
    },
  };
}

/**
 * "Who is annotating?": the database's annotators to choose from (the current one filled in and
 * selected, so Enter goes on as them and typing replaces the name), or a new name, which adds a person.
 */
export function AnnotatorPicker({ people, purpose, onChosen }: { people: AnnotatorsView; purpose: 'label' | 'rule'; onChosen: (name: string) => void }) {
  const api = useApi();
  const [name, setName] = useState(people.current?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The name offered is selected, so Enter takes it and typing replaces it.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const typed = name.trim();
  const match = people.annotators.find((a) => a.name === typed) ?? people.annotators.find((a) => a.name.toLowerCase() === typed.toLowerCase());
  const start = async (who: string) => {
    if (!who || busy) return;
    setBusy(true);
    setError(null);
    try {
      const known = people.annotators.find((a) => a.name === who) ?? people.annotators.find((a) => a.name.toLowerCase() === who.toLowerCase());
      const person = known ?? (await api.call('annotators.create', { name: who }));
      await api.call('annotators.use', { name: person.name });
      onChosen(person.name);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void start(typed);
  };
  const doing = purpose === 'label' ? 'annotating' : 'ruling';
  return (
    <form className="welcome" onSubmit={submit} data-testid="annotator-picker">
      <h2>Who is {doing}?</h2>
      <p>
        {purpose === 'label'
          ? 'Every label is kept with the person who gave it, so several people can label the same set and their agreement can be measured.'
          : 'A ruling is kept with the person who gave it; it decides a disputed item but is not counted as a vote.'}{' '}
        {people.current ? `This database last worked as ${people.current.name}: Enter goes on as them, or type another name.` : 'Choose yourself, or type your name to add yourself.'}
      </p>
      {people.annotators.length > 0 && (
        <p className="meta">
          Annotators here:{' '}
          {people.annotators.map((a) => (
            <button key={a.id} type="button" className="link-button" onClick={() => void start(a.name)}>{a.name}</button>
          ))}
        </p>
      )}
      <label htmlFor="annotator-name">Your name</label>{' '}
      <input id="annotator-name" ref={input} value={name} list="annotator-names" onChange={(e) => setName(e.target.value)} aria-describedby="annotator-new" />
      <datalist id="annotator-names">{people.annotators.map((a) => <option key={a.id} value={a.name} />)}</datalist>{' '}
      <button type="submit" className="primary" disabled={busy}>Start</button>
      <p className="meta" id="annotator-new" aria-live="polite">{typed && !match ? `“${typed}” is new here: Start adds them as an annotator.` : ''}</p>
      <ErrorNote error={error} />
    </form>
  );
}

/** The annotator (or adjudicator) in a page's header, with the way to change it (none where a pack fixed it). */
export function AnnotatorBadge({ who, fixed, onChange, role = 'annotator' }: { who: string; fixed: boolean; onChange: () => void; role?: 'annotator' | 'adjudicator' }) {
  return (
    <span className="meta">
      {fixed ? `${role} (fixed by this pack)` : role} <strong data-testid="annotator">{who}</strong>{' '}
      {!fixed && <button type="button" className="link-button" onClick={onChange}>change</button>}
    </span>
  );
}
