import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { AnnotationInfo, AnnotationReviewItemView } from '../../../shared/api/contract';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { counted } from '../format';
import { href } from '../links';
import { AnnotationGuidelines, ItemHistory, verdictText } from './AnnotationSidePanel';
import { AnnotationReviewCard } from './AnnotationReviewCard';
import { AnnotatorBadge, AnnotatorPicker, useChosenAnnotator } from './AnnotatorPicker';
import { KeysHelp } from './KeysHelp';
import { isPageKey } from './pageKeys';

type Ruling = 'correct' | 'wrong' | 'ambiguous';

const keysOf = (info: AnnotationInfo): [string, string][] => [
  ['Enter or A', `rule the ${info.producer}'s ${info.labelNoun} correct`],
  [info.labels.map((l) => l.key.toUpperCase()).join(' / '), `rule the correct ${info.labelNoun} ${info.labels.map((l) => l.label).join(' / ')}`],
  ['Q', 'rule the item ambiguous: no label is right'],
  ['S', 'later: to the end of the queue (nothing is stored)'],
  ['U or Backspace', 'undo your last ruling'],
  ['C', 'write a note for the ruling (Esc to leave it)'],
  ['T', 'show or hide the dialogue before'],
  ['L', 'go to the rulings (arrows to move, Enter to rule one again, Esc to come back)'],
  ['G', 'show or hide the guidelines'],
  ['?', 'this help'],
];

/**
 * The review queue: items whose annotators disagree (ties first), each ruled on by a third person
 * with the labelling page's keys. A ruling decides the item in every result but is not a vote.
 */
export function AnnotationReviewPage({ setId }: { setId: number }) {
  const api = useApi();
  const set = useQuery('annotations.get', { setId });
  const overview = useQuery('annotations.review', { setId });
  // Taken without asking only by someone who has ruled in this set already.
  const who = useChosenAnnotator(overview.data ? (name) => overview.data!.ruled.some((r) => r.rulings.some((x) => x.adjudicator === name)) : null);
  const adjudicator = who.name;
  const view = useQuery('annotations.review', adjudicator ? { setId, adjudicator } : null);
  const [later, setLater] = useState<number[]>([]);
  const [pending, setPending] = useState<number[]>([]);
  const [upNext, setUpNext] = useState<number | null>(null);
  const [reopened, setReopened] = useState<AnnotationReviewItemView | null>(null);
  const [note, setNote] = useState('');
  const [hint, setHint] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const [guidelines, setGuidelines] = useState(false);
  const [showContext, setShowContext] = useState(false);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const v = view.data;
  const { reload } = view;

  // A ruled item stays hidden until the store's queue no longer holds it (an answer fetched before the ruling was written still does).
  useEffect(() => {
    if (v) setPending((p) => p.filter((id) => v.queue.some((q) => q.item.itemId === id)));
  }, [v]);

  const queue = useMemo(() => {
    const open = (v?.queue ?? []).filter((q) => !pending.includes(q.item.itemId));
    // The item an undo brought back first, the ones put off with S last (in the order they were), the rest as the store ranks them.
    const rank = (q: AnnotationReviewItemView) => (q.item.itemId === upNext ? -2 : later.indexOf(q.item.itemId));
    return [...open].sort((a, b) => rank(a) - rank(b));
  }, [v, pending, later, upNext]);
  const current = reopened ?? queue[0] ?? null;
  const info = v?.info ?? null;

  const enqueue = useCallback((step: () => Promise<unknown>) => {
    chain.current = chain.current.then(step).catch((e: unknown) => setError((e as Error).message)).finally(reload);
  }, [reload]);

  const decide = useCallback((entry: AnnotationReviewItemView, verdict: Ruling, answer?: string) => {
    if (!adjudicator || !info) return;
    const id = entry.item.itemId;
    const again = reopened?.item.itemId === id;
    setPending((p) => [...p, id]);
    setReopened(null);
    setUpNext(null);
    setHint(null);
    const text = note.trim();
    setNote('');
    const said = verdict === 'ambiguous' ? 'ambiguous' : verdict === 'correct' ? `${info.producer} correct` : `${info.producer} wrong → ${answer}`;
    setLast(`${again ? 'Ruled again on' : 'Ruled on'} #${entry.item.position}: ${said}. U to undo.`);
    enqueue(async () => {
      try {
        await api.call('annotations.rule', { setId, itemId: id, adjudicator, verdict, ...(answer ? { answer } : {}), ...(text ? { note: text } : {}) });
        setError(null);
      } catch (e) {
        setPending((p) => p.filter((x) => x !== id));
        setError(`Not saved: ${(e as Error).message}`);
      }
    });
  }, [adjudicator, api, enqueue, info, note, reopened, setId]);

  const undo = useCallback(() => {
    if (!adjudicator) return;
    enqueue(async () => {
      const r = await api.call('annotations.undoRuling', { setId, adjudicator });
      setUpNext(r.itemId);
      setPending((p) => p.filter((x) => x !== r.itemId));
      setLast(r.itemId === null ? 'No ruling of yours to undo.' : 'Undone: the item is back.');
    });
  }, [adjudicator, api, enqueue, setId]);

  useEffect(() => {
    // The labelling page's keys (ANNOTATION_COMMAND_KEYS and the game's label keys), so nothing new to learn.
    const onKey = (event: KeyboardEvent) => {
      // A held key, the page's own list ([data-rulings]), a focused control or a field: not the page's.
      if (!isPageKey(event, '[data-rulings]', noteRef, cardRef)) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const stop = () => event.preventDefault();
      if (help) {
        if (key === 'Escape' || key === '?' || key === 'h') setHelp(false);
        return stop();
      }
      if (key === '?' || key === 'h') return void (stop(), setHelp(true));
      if (key === 'u' || key === 'Backspace') return void (stop(), undo());
      if (key === 't') return void (stop(), setShowContext((x) => !x));
      if (key === 'g') return void (stop(), setGuidelines((x) => !x));
      if (key === 'l') return void (stop(), listRef.current?.querySelector('button')?.focus());
      if (!current || !info) return;
      if (key === 'Escape' && reopened) return void (stop(), setReopened(null), setLast(`#${current.item.position} left as it was.`));
      if (key === 'c') return void (stop(), noteRef.current?.focus());
      if (key === 's' && !reopened) return void (stop(), setUpNext(null), setLater((l) => [...l.filter((x) => x !== current.item.itemId), current.item.itemId]));
      if (key === 'q') return void (stop(), decide(current, 'ambiguous'));
      if (key === 'Enter' || key === 'a') {
        stop();
        if (!info.labels.some((l) => l.id === current.item.label)) return setHint(`The ${info.producer} did not give a ${info.labelNoun}: press ${info.labels.map((l) => l.key.toUpperCase()).join(', ')} for the correct one.`);
        return decide(current, 'correct');
      }
      const byKey = info.labels.find((l) => l.key === key);
      if (byKey) return void (stop(), decide(current, byKey.id === current.item.label ? 'correct' : 'wrong', byKey.id));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, decide, help, info, reopened, undo]);

  useEffect(() => {
    if (reopened) cardRef.current?.focus();
  }, [reopened]);

  if (who.choosing && who.people) return <AnnotatorPicker people={who.people} purpose="rule" onChosen={who.chosen} />;
  if (!adjudicator || !v || !info) return who.error || overview.error || view.error ? <ErrorNote error={who.error ?? overview.error ?? view.error} /> : <p aria-busy="true">Loading…</p>;

  const moveInList = (event: ReactKeyboardEvent<HTMLOListElement>) => {
    const all = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') return void (event.preventDefault(), cardRef.current?.focus());
    const to = event.key === 'ArrowDown' ? at + 1 : event.key === 'ArrowUp' ? at - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? all.length - 1 : null;
    if (to === null || !all.length) return;
    event.preventDefault();
    all[Math.max(0, Math.min(all.length - 1, to))]!.focus();
  };

  return (
    <section aria-labelledby="review-title" className="annotate">
      <p className="breadcrumb"><a href={href.annotationResults(setId)}>← Results of the set</a></p>
      <header className="page-header">
        <h1 id="review-title">Review: {set.data ? `#${set.data.id} ${set.data.name}` : `set ${setId}`}</h1>
        <div className="actions">
          <AnnotatorBadge who={adjudicator} fixed={who.people?.fixed ?? false} onChange={who.change} role="adjudicator" />
          <button type="button" onClick={() => setHelp(true)} aria-keyshortcuts="?">Keys (?)</button>
          <a className="button" href={href.annotate(setId)}>Annotate</a>
          <a className="button" href={href.annotationResults(setId)}>Results</a>
        </div>
      </header>
      <p className="meta" data-testid="review-counts">
        {counted(queue.length, 'item')} waiting for your ruling · {v.ruled.length} ruled · {counted(v.disputed, 'disputed item')} in all
        {v.labelledByYou > 0 && ` · ${counted(v.labelledByYou, 'more item')} you labelled: someone else rules on ${v.labelledByYou === 1 ? 'it' : 'them'}`}
      </p>
      <ErrorNote error={error} />
      <div className="annotate-layout">
        <div className="annotate-main">
          {current ? (
            <AnnotationReviewCard entry={current} info={info} reopened={reopened !== null} showContext={showContext} onContext={setShowContext} note={note} onNote={setNote} noteRef={noteRef} cardRef={cardRef} hint={hint} />
          ) : (
            <div className="welcome" role="status" data-testid="review-done">
              <h2>Nothing waiting</h2>
              <p>Every disputed item you can rule on has a ruling. The results use each ruling as the item's correct {info.labelNoun}.</p>
              <a className="button primary" href={href.annotationResults(setId)}>See the results</a>
            </div>
          )}
          {last && <p className="meta" data-testid="last-action">{last}</p>}
        </div>
        <aside className="annotate-side" aria-label="Guidelines, the item's history and the rulings">
          <AnnotationGuidelines info={info} set={set.data} open={guidelines} onToggle={setGuidelines} />
          {current && (
            <section className="side-box" aria-labelledby="review-history-title">
              <h2 id="review-history-title">History of item {current.item.position}</h2>
              <ItemHistory entries={current.history} rulings={current.rulings} info={info} showWho empty="No labels." />
            </section>
          )}
          <section className="side-box" aria-labelledby="rulings-title">
            <h2 id="rulings-title">Rulings — L</h2>
            {v.ruled.length === 0 ? (
              <p className="meta">Rulings appear here; open any of them to rule again.</p>
            ) : (
              <ol className="your-labels" ref={listRef} onKeyDown={moveInList} data-rulings="" data-testid="rulings" aria-label="Rulings, newest first">
                {v.ruled.map((r) => (
                  <li key={r.item.itemId}>
                    <button type="button" onClick={() => setReopened(r)} data-testid="ruling">
                      <span className="meta">#{r.item.position}</span> {r.ruling ? verdictText(info, r.ruling.verdict, r.ruling.answer) : ''} <span className="meta">by {r.ruling?.adjudicator}</span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </aside>
      </div>
      {help && <KeysHelp titleId="review-keys-title" keys={keysOf(info)} note="Each ruling is saved as you press the key. Esc closes this." onClose={() => setHelp(false)} />}
    </section>
  );
}
