import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AnnotationItemView, Answer } from '../../../shared/api/contract';
import type { JudgeLabel } from '../../../shared/contract/records';
import { useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { ProgressBar } from '../components/ProgressBar';
import { href } from '../router';
import { useAnnotationQueue } from './useAnnotationQueue';

const LABEL_TEXT: Record<JudgeLabel, string> = { yes: 'Yes', no: 'No', maybe: 'Maybe', dunno: 'Dunno', bingo: 'Bingo!', other: 'off-format' };
const ANSWER_KEYS: Record<string, Answer> = { y: 'yes', n: 'no', m: 'maybe', d: 'dunno' };
const KEYS: [string, string][] = [
  ['Enter or A', "the judge's answer is correct"],
  ['Y / N / M / D', 'the correct answer is Yes / No / Maybe / Dunno'],
  ['Q', 'the question is ambiguous'],
  ['S', 'skip (it comes back at the end)'],
  ['U or Backspace', 'undo your last label'],
  ['C', 'write a note for this item (Esc to leave it)'],
  ['T', 'show or hide the dialogue before'],
  ['?', 'this help'],
];

function useAnnotator(): [string | null, (name: string | null) => void] {
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

/** Labelling judge answers, one key per decision. */
export function AnnotatePage({ setId }: { setId: number }) {
  const set = useQuery('annotations.get', { setId });
  const [annotator, setAnnotator] = useAnnotator();
  const { current, progress, loaded, error, label, undo } = useAnnotationQueue(setId, annotator);
  const [showContext, setShowContext] = useState(false);
  const [help, setHelp] = useState(false);
  const [note, setNote] = useState('');
  const [last, setLast] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A held key must not label (or undo) a run of items.
      if (event.repeat) return;
      const target = event.target as HTMLElement | null;
      // Enter and Space on a focused button, link or summary do what they say, not a label.
      if (target instanceof Element && (event.key === 'Enter' || event.key === ' ') && target.closest('button, a, summary')) return;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) {
        if (event.key === 'Escape' && target === noteRef.current) {
          noteRef.current.blur();
          cardRef.current?.focus();
        }
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) {
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') doUndo(event);
        return;
      }
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (help) {
        if (key === 'Escape' || key === '?' || key === 'h') setHelp(false);
        event.preventDefault();
        return;
      }
      if (key === '?' || key === 'h') return void (event.preventDefault(), setHelp(true));
      if (key === 'u' || key === 'Backspace') return doUndo(event);
      if (key === 't') return void (event.preventDefault(), setShowContext((v) => !v));
      if (!current) return;
      if (key === 'c') return void (event.preventDefault(), noteRef.current?.focus());
      if (key === 'Enter' || key === 'a') {
        event.preventDefault();
        if (current.judgeLabel === 'other') return setHint('The judge did not answer Yes/No/Maybe/Dunno: press Y, N, M or D for the correct answer.');
        return decide(current, 'correct');
      }
      if (ANSWER_KEYS[key]) {
        event.preventDefault();
        const answer = ANSWER_KEYS[key];
        return decide(current, answer === current.judgeLabel ? 'correct' : 'wrong', answer);
      }
      if (key === 'q') return void (event.preventDefault(), decide(current, 'ambiguous'));
      if (key === 's') return void (event.preventDefault(), decide(current, 'skip'));
    };
    const doUndo = (event: KeyboardEvent) => {
      event.preventDefault();
      void undo();
      setLast('Undone: the item is back.');
    };
    const decide = (item: AnnotationItemView, verdict: 'correct' | 'wrong' | 'ambiguous' | 'skip', answer?: Answer) => {
      label(item, verdict, answer, note);
      setNote('');
      setHint(null);
      const what = verdict === 'wrong' ? `judge wrong → ${answer}` : verdict === 'correct' ? 'judge correct' : verdict === 'ambiguous' ? 'ambiguous question' : 'skipped';
      setLast(`#${item.position} “${item.question}”: ${what}. U to undo.`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, help, label, note, undo]);

  if (!annotator) return <NamePrompt onName={setAnnotator} />;
  const finished = loaded && !current && progress?.remaining === 0;

  return (
    <section aria-labelledby="annotate-title" className="annotate">
      <header className="page-header">
        <h1 id="annotate-title">{set.data ? `#${set.data.id} ${set.data.name}` : `Set ${setId}`}</h1>
        <div className="actions">
          <span className="meta">
            annotator <strong data-testid="annotator">{annotator}</strong>{' '}
            <button type="button" className="link-button" onClick={() => setAnnotator(null)}>change</button>
          </span>
          <button type="button" onClick={() => setHelp(true)} aria-keyshortcuts="?">Keys (?)</button>
          <a className="button" href={href.annotationResults(setId)}>Results</a>
        </div>
      </header>
      {progress && (
        <div className="run-progress" data-testid="annotation-progress">
          <ProgressBar done={progress.done} errors={0} total={progress.total} label="Labelled" />
          <span className="meta" data-testid="remaining">{progress.remaining} left</span>
        </div>
      )}
      <ErrorNote error={set.error ?? error} />
      {finished && (
        <div className="welcome" role="status">
          <h2>All labelled</h2>
          <p>Every item of this set that is yours to label has a label. U still undoes the last one.</p>
          <a className="button primary" href={href.annotationResults(setId)}>See the error rate</a>
        </div>
      )}
      {!loaded && <p aria-busy="true">Loading items…</p>}
      {current && (
        <div className="annotation-card" ref={cardRef} tabIndex={-1} data-testid="annotation-card" aria-live="polite">
          <p className="meta">
            Item {current.position} · entity <strong className="entity">{current.entity}</strong> ({current.dataset}) · judge {current.judgeModel} · turn{' '}
            {current.turn} of <a href={href.episode(current.episodeId)}>episode {current.episodeId}</a>
          </p>
          <details open={showContext} onToggle={(e) => setShowContext((e.target as HTMLDetailsElement).open)}>
            <summary>Dialogue before ({current.context.length} turns) — T</summary>
            <ol className="context">
              {current.context.map((c) => (
                <li key={c.turn}>
                  <span className="meta">Q{c.turn}</span> {c.question} <span className={`chip label-${c.label}`}>{c.answer}</span>
                </li>
              ))}
            </ol>
          </details>
          <p className="question" data-testid="question">“{current.question}”</p>
          <p className="judge-answer">
            The judge answered <q data-testid="judge-raw">{current.judgeRaw}</q> → <span className={`chip label-${current.judgeLabel}`}>{LABEL_TEXT[current.judgeLabel]}</span>
          </p>
          <div className="key-row" aria-label="Decisions">
            <kbd>Enter</kbd> correct <kbd>Y</kbd> yes <kbd>N</kbd> no <kbd>M</kbd> maybe <kbd>D</kbd> dunno <kbd>Q</kbd> ambiguous <kbd>S</kbd> skip <kbd>U</kbd> undo{' '}
            <kbd>C</kbd> note <kbd>?</kbd> help
          </div>
          <label className="note">
            Note (optional, kept with your next label)
            <textarea ref={noteRef} value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
          </label>
          {hint && <p className="inline-error" role="alert">{hint}</p>}
        </div>
      )}
      {last && <p className="meta" data-testid="last-action">{last}</p>}
      {help && (
        <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="keys-title">
          <div className="overlay-box">
            <h2 id="keys-title">Keys</h2>
            <table className="data">
              <tbody>
                {KEYS.map(([k, what]) => (
                  <tr key={k}><th scope="row"><kbd>{k}</kbd></th><td>{what}</td></tr>
                ))}
              </tbody>
            </table>
            <p className="meta">Every label is saved as you press the key; close the app any time and continue later. Esc closes this.</p>
            <button type="button" onClick={() => setHelp(false)} autoFocus>Close</button>
          </div>
        </div>
      )}
    </section>
  );
}

function NamePrompt({ onName }: { onName: (name: string) => void }) {
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) onName(name.trim());
  };
  return (
    <form className="welcome" onSubmit={submit}>
      <h2>Who is annotating?</h2>
      <p>Your name goes with every label, so several people can label the same set and their agreement can be measured.</p>
      <label htmlFor="annotator-name">Your name</label>{' '}
      <input id="annotator-name" value={name} onChange={(e) => setName(e.target.value)} autoFocus /> <button type="submit" className="primary">Start</button>
    </form>
  );
}
