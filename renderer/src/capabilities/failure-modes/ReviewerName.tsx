import { useState, type FormEvent } from 'react';

/**
 * The failure-mode reviewer's name, kept in this browser (failure-tag reviews store a name, not an
 * annotator: annotation labels go through AnnotatorPicker and the database's current annotator).
 */
export function useReviewerName(): [string | null, (name: string | null) => void] {
  const [name, setName] = useState<string | null>(() => localStorage.getItem('parlor.annotator'));
  return [
    name,
    (next) => {
      if (next) localStorage.setItem('parlor.annotator', next);
      else localStorage.removeItem('parlor.annotator');
      setName(next);
    },
  ];
}

export function NamePrompt({ onName }: { onName: (name: string) => void }) {
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onName(name.trim());
  };
  return (
    <form className="welcome" onSubmit={submit}>
      <h2>Who is reviewing?</h2>
      <p>Your name goes with every verdict, so several people can review the same tags.</p>
      <label htmlFor="annotator-name">Your name</label>{' '}
      <input id="annotator-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus /> <button type="submit" className="primary">Start</button>
    </form>
  );
}
