import { useEffect, useRef, useState } from 'react';
import type { AnnotationInfo, AnnotationItemView, AnnotationMineView } from '../../../shared/api/contract';
import { useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { ProgressBar } from '../components/ProgressBar';
import { href } from '../links';
import { AnnotationGuidelines, AnnotatorsProgress, ItemHistory, verdictText, YourLabels } from './AnnotationSidePanel';
import { AnnotatorBadge, AnnotatorPicker, useChosenAnnotator } from './AnnotatorPicker';
import { queueStage, useAnnotationQueue } from './useAnnotationQueue';
import { counted } from '../format';
import { KeysHelp } from './KeysHelp';
import { isPageKey } from './pageKeys';

/** The keys of a game's annotation: one per label (EDA: Y N M D), and the same keys for every game after them. */
const keysOf = (info: AnnotationInfo | null): [string, string][] => [
  ['Enter or A', `the ${info?.producer ?? 'label'}'s ${info?.labelNoun ?? 'label'} is correct`],
  [(info?.labels ?? []).map((l) => l.key.toUpperCase()).join(' / '), `the correct ${info?.labelNoun ?? 'label'} is ${(info?.labels ?? []).map((l) => l.label).join(' / ')}`],
  ['Q', 'ambiguous: no label is right'],
  ['S', 'skip (it comes back at the end)'],
  ['U or Backspace', 'undo your last label'],
  ['C', 'write a note for this item (Esc to leave it)'],
  ['T', 'show or hide the dialogue before'],
  ['L', 'go to your labels (arrows to move, Enter to relabel one, Esc to come back)'],
  ['G', 'show or hide the guidelines'],
  ['?', 'this help'],
];

/** Labelling a game's labels (EDA: the judge's answers), one key per decision. */
export function AnnotatePage({ setId }: { setId: number }) {
  const set = useQuery('annotations.get', { setId });
  // Taken without asking only by someone who has labelled this set already.
  const who = useChosenAnnotator(set.data ? (name) => set.data!.annotators.includes(name) : null);
  const annotator = who.name;
  const { current, progress, info, loaded, error, label, undo, reopen, cancelReopen, isReopened, revision, saving } = useAnnotationQueue(setId, annotator);
  const mine = useQuery('annotations.mine', annotator ? { setId, annotator } : null);
  const everyone = useQuery('annotations.progress', annotator ? { setId, annotator } : null);
  const history = useQuery('annotations.history', annotator && current ? { setId, itemId: current.itemId, annotator } : null);
  const [guidelines, setGuidelines] = useState(true);
  const [editing, setEditing] = useState<AnnotationMineView | null>(null);
  const labelsRef = useRef<HTMLOListElement>(null);
  const { reload: reloadMine } = mine;
  const { reload: reloadEveryone } = everyone;
  const { reload: reloadHistory } = history;
  useEffect(() => {
    if (revision === 0) return;
    reloadMine();
    reloadEveryone();
    reloadHistory();
  }, [revision, reloadMine, reloadEveryone, reloadHistory]);
  const [showContext, setShowContext] = useState(false);
  const [help, setHelp] = useState(false);
  const [note, setNote] = useState('');
  const [last, setLast] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The command keys below are ANNOTATION_COMMAND_KEYS: games' label keys are checked against them at registration.
    const onKey = (event: KeyboardEvent) => {
      // A held key, the page's own list ([data-your-labels]), a focused control or a field: not the page's.
      if (!isPageKey(event, '[data-your-labels]', noteRef, cardRef)) return;
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
      if (key === 'g') return void (event.preventDefault(), setGuidelines((v) => !v));
      if (key === 'l') {
        const first = labelsRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]') ?? labelsRef.current?.querySelector('button');
        return void (event.preventDefault(), first?.focus());
      }
      if (!current) return;
      if (key === 'Escape' && isReopened(current.itemId)) {
        event.preventDefault();
        cancelReopen(current.itemId);
        setEditing(null);
        return setLast(`#${current.position} left as it was.`);
      }
      if (key === 'c') return void (event.preventDefault(), noteRef.current?.focus());
      const labels = info?.labels ?? [];
      if (key === 'Enter' || key === 'a') {
        event.preventDefault();
        if (!labels.some((l) => l.id === current.label)) {
          return setHint(`The ${info?.producer} did not give a ${info?.labelNoun} of ${labels.map((l) => l.label).join('/')}: press ${labels.map((l) => l.key.toUpperCase()).join(', ')} for the correct one.`);
        }
        return decide(current, 'correct');
      }
      const byKey = labels.find((l) => l.key === key);
      if (byKey) {
        event.preventDefault();
        return decide(current, byKey.id === current.label ? 'correct' : 'wrong', byKey.id);
      }
      if (key === 'q') return void (event.preventDefault(), decide(current, 'ambiguous'));
      if (key === 's') return void (event.preventDefault(), decide(current, 'skip'));
    };
    const doUndo = (event: KeyboardEvent) => {
      event.preventDefault();
      void undo();
      setLast('Undone: the item is back.');
    };
    const decide = (item: AnnotationItemView, verdict: 'correct' | 'wrong' | 'ambiguous' | 'skip', answer?: string) => {
      const again = isReopened(item.itemId);
      label(item, verdict, answer, note);
      setNote('');
      setHint(null);
      setEditing(null);
      const who = info?.producer ?? 'label';
      const what = verdict === 'wrong' ? `${who} wrong → ${answer}` : verdict === 'correct' ? `${who} correct` : verdict === 'ambiguous' ? 'ambiguous' : 'skipped';
      setLast(`${again ? 'Relabelled ' : ''}#${item.position} “${item.question ?? item.prompt}”: ${what}. U to undo.`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, help, info, label, note, undo, isReopened, cancelReopen]);
  const open = (entry: AnnotationMineView) => {
    reopen(entry.item, entry.verdict !== 'skip');
    setEditing(entry);
    setHint(null);
  };
  // The reopened item's card takes the focus, so its keys work at once.
  useEffect(() => {
    if (editing) cardRef.current?.focus();
  }, [editing, current]);
  const labelText = (id: string | null) => info?.labels.find((l) => l.id === id)?.label ?? id ?? '';

  if (who.choosing && who.people) return <AnnotatorPicker people={who.people} purpose="label" onChosen={who.chosen} />;
  if (!annotator) return who.error || set.error ? <ErrorNote error={who.error ?? set.error} /> : <p aria-busy="true">Loading…</p>;
  const stage = queueStage(loaded, current !== null, progress?.remaining ?? null, saving);
  const finished = stage === 'finished';

  return (
    <section aria-labelledby="annotate-title" className="annotate">
      <header className="page-header">
        <h1 id="annotate-title">{set.data ? `#${set.data.id} ${set.data.name}` : `Set ${setId}`}</h1>
        <div className="actions">
          <AnnotatorBadge who={annotator} fixed={who.people?.fixed ?? false} onChange={who.change} />
          <button type="button" onClick={() => setHelp(true)} aria-keyshortcuts="?">Keys (?)</button>
          <a className="button" href={href.annotationReview(setId)}>Review disagreements</a>
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
      <div className="annotate-layout">
        <div className="annotate-main">
          {finished && (
            <div className="welcome" role="status">
              <h2>All labelled</h2>
              <p>Every item of this set that is yours to label has a label. U still undoes the last one.</p>
              <a className="button primary" href={href.annotationResults(setId)}>See the error rate</a>
            </div>
          )}
          {stage === 'loading' && <p aria-busy="true">Loading items…</p>}
          {stage === 'waiting' && <p aria-busy="true" data-testid="queue-waiting">Saving your label; the next items are on their way…</p>}
          {current && (
            <div className="annotation-card" ref={cardRef} tabIndex={-1} data-testid="annotation-card" aria-live="polite">
              {editing?.item.itemId === current.itemId && (
                <p className="relabel-banner" role="status" data-testid="relabel-banner">
                  Relabelling item {current.position}; your label: <strong>{verdictText(info, editing.verdict, editing.answer)}</strong>. Press a key to replace it, Esc to leave it.
                </p>
              )}
              <p className="meta">
                Item {current.position} · <strong className="entity">{current.instance}</strong> ({current.dataset}) · {info?.producer} {current.model} · round{' '}
                {current.round} of <a href={href.episode(current.episodeId)}>episode {current.episodeId}</a>
              </p>
              <details open={showContext} onToggle={(e) => setShowContext((e.target as HTMLDetailsElement).open)}>
                <summary>Before this ({counted(current.context.length, 'round')}) — T</summary>
                <ol className="context">
                  {current.context.map((c, i) => (
                    <li key={i}>
                      <span className="meta">{c.round}</span> {c.prompt} <span className={`chip label-${c.label ?? 'other'}`}>{c.reply}</span>
                    </li>
                  ))}
                </ol>
              </details>
              <p className="question" data-testid="question">“{current.question ?? current.prompt}”</p>
              {current.answers?.map((a) => (
                <div key={a.label} className="judged-answer" data-testid="judged-answer">
                  <span className="meta">{a.label}</span>
                  <blockquote>{a.text}</blockquote>
                </div>
              ))}
              <p className="produced-label">
                The {info?.producer} said <q data-testid="produced-text">{current.text}</q> → <span className={`chip label-${current.label}`}>{labelText(current.label)}</span>
              </p>
              <div className="key-row" aria-label="Decisions">
                <kbd>Enter</kbd> correct {info?.labels.map((l) => <span key={l.id}><kbd>{l.key.toUpperCase()}</kbd> {l.label.toLowerCase()} </span>)}
                <kbd>Q</kbd> ambiguous <kbd>S</kbd> skip <kbd>U</kbd> undo <kbd>C</kbd> note <kbd>?</kbd> help
              </div>
              <label className="note">
                Note (optional, kept with your next label)
                <textarea ref={noteRef} value={note} onChange={(e) => setNote(e.target.value)} rows={2} />
              </label>
              {hint && <p className="inline-error" role="alert">{hint}</p>}
            </div>
          )}
          {last && <p className="meta" data-testid="last-action">{last}</p>}
        </div>
        <aside className="annotate-side" aria-label="Guidelines, progress and your labels">
          <AnnotationGuidelines info={info} set={set.data} open={guidelines} onToggle={setGuidelines} />
          {current && (
            <section className="side-box" aria-labelledby="item-history-title">
              <h2 id="item-history-title">Your labels of item {current.position}</h2>
              <ItemHistory entries={history.data ?? []} info={info} empty="None yet: your first label of it is the one that counts." />
            </section>
          )}
          <section className="side-box" aria-labelledby="annotators-title">
            <h2 id="annotators-title">Annotators</h2>
            <AnnotatorsProgress rows={everyone.data ?? []} me={annotator} />
          </section>
          <section className="side-box" aria-labelledby="your-labels-title">
            <h2 id="your-labels-title">Your labels — L</h2>
            <YourLabels labels={mine.data ?? []} info={info} onOpen={open} onLeave={() => cardRef.current?.focus()} listRef={labelsRef} />
          </section>
        </aside>
      </div>
      {help && <KeysHelp titleId="keys-title" keys={keysOf(info)} note="Every label is saved as you press the key; close the app any time and continue later. Esc closes this." onClose={() => setHelp(false)} />}
    </section>
  );
}
