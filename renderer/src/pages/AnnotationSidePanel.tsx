import { useRef, type KeyboardEvent, type RefObject } from 'react';
import type { AnnotationHistoryEntry, AnnotationInfo, AnnotationMineView, AnnotationRulingView, AnnotationSetSummary, AnnotatorProgressRow, HistoryState } from '../../../shared/api/contract';
import { counted, percent } from '../format';

/** How a verdict reads in the lists: "No (judge wrong)", "ambiguous", "skipped". */
export function verdictText(info: AnnotationInfo | null, verdict: AnnotationMineView['verdict'], answer: string | null): string {
  const name = (id: string | null) => info?.labels.find((l) => l.id === id)?.label ?? id ?? '';
  const who = info?.producer ?? 'label';
  if (verdict === 'correct') return `${name(answer)} (${who} right)`;
  if (verdict === 'wrong') return `${name(answer)} (${who} wrong)`;
  return verdict === 'ambiguous' ? 'ambiguous' : 'skipped';
}

/** The game's guidance for annotators and what the set is; collapsible (G). */
export function AnnotationGuidelines({ info, set, open, onToggle }: { info: AnnotationInfo | null; set: AnnotationSetSummary | null; open: boolean; onToggle: (open: boolean) => void }) {
  const paragraphs = info?.guidelines?.split(/\n\s*\n/) ?? [];
  return (
    <details className="side-box" open={open} onToggle={(e) => onToggle((e.target as HTMLDetailsElement).open)} data-testid="annotation-guidelines">
      <summary>Guidelines — G</summary>
      {info && (
        <p>
          Is the {info.producer}'s {info.labelNoun} right? Give the correct one:{' '}
          {info.labels.map((l) => (l.label.toLowerCase() === l.key ? l.label : `${l.label} (${l.key.toUpperCase()})`)).join(', ')}.
        </p>
      )}
      {paragraphs.map((p, i) => <p key={i}>{p}</p>)}
      {set && (
        <p className="meta" data-testid="set-description">
          This set: {counted(set.items, info?.itemNoun ?? 'item', info?.itemsNoun)} drawn from run{set.runs.length === 1 ? '' : 's'} {set.runs.join(', ')} ({set.method} sample, seed {set.seed}).
        </p>
      )}
    </details>
  );
}

/** Every annotator's done/total; `me` is marked. */
export function AnnotatorsProgress({ rows, me }: { rows: AnnotatorProgressRow[]; me?: string | null }) {
  if (!rows.length) return <p className="meta">Nobody has labelled this set yet.</p>;
  return (
    <table className="data compact annotators-progress" data-testid="annotators-progress" aria-label="Progress per annotator">
      <thead>
        <tr><th scope="col">Annotator</th><th scope="col" className="num">Done</th><th scope="col" className="num">Share</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.annotator} aria-current={r.annotator === me ? 'true' : undefined}>
            <th scope="row">{r.annotator}{r.annotator === me ? ' (you)' : ''}</th>
            <td className="num">{r.done}/{r.total}</td>
            <td className="num">{percent(r.done, r.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The annotator's labels, newest first. Arrow keys, Home and End move between them; Enter opens one
 * to relabel with the same keys; Esc goes back to the item.
 */
export function YourLabels({ labels, info, onOpen, onLeave, listRef }: {
  labels: AnnotationMineView[];
  info: AnnotationInfo | null;
  onOpen: (entry: AnnotationMineView) => void;
  onLeave: () => void;
  listRef: RefObject<HTMLOListElement | null>;
}) {
  const active = useRef(0);
  const buttons = () => [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  const move = (event: KeyboardEvent<HTMLOListElement>) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const to = event.key === 'ArrowDown' ? at + 1 : event.key === 'ArrowUp' ? at - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? all.length - 1 : null;
    if (event.key === 'Escape') return void (event.preventDefault(), onLeave());
    if (to === null || !all.length) return;
    event.preventDefault();
    active.current = Math.max(0, Math.min(all.length - 1, to));
    all[active.current]!.focus();
  };
  if (!labels.length) return <p className="meta" data-testid="your-labels-empty">Your labels appear here; open any of them to change it.</p>;
  return (
    <ol className="your-labels" ref={listRef} onKeyDown={move} aria-label="Your labels, newest first" data-testid="your-labels" data-your-labels="">
      {labels.map((entry, i) => (
        <li key={entry.item.itemId}>
          <button type="button" tabIndex={i === Math.min(active.current, labels.length - 1) ? 0 : -1} onClick={() => onOpen(entry)} data-testid="your-label">
            <span className="meta">#{entry.item.position}</span> {entry.item.prompt.length > 60 ? `${entry.item.prompt.slice(0, 59)}…` : entry.item.prompt}{' '}
            <span className="chip">{verdictText(info, entry.verdict, entry.answer)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

const STATE_TEXT: Record<HistoryState, string> = { standing: 'counts', replaced: 'replaced', undone: 'undone' };

/** A time as the history lists it: the date and the time to the second, in the viewer's zone. */
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });

/**
 * An item's labels (and rulings), newest first: which one counts, which were replaced or undone.
 * `showWho` names the annotator of each (the review page); the labelling page lists one's own only.
 */
export function ItemHistory({ entries, rulings = [], info, showWho = false, empty }: {
  entries: AnnotationHistoryEntry[];
  rulings?: AnnotationRulingView[];
  info: AnnotationInfo | null;
  showWho?: boolean;
  empty: string;
}) {
  const rows = [
    ...entries.map((e) => ({ at: e.labelledAt, who: e.annotator, what: verdictText(info, e.verdict, e.answer), state: e.state, note: e.note, ruling: false })),
    ...rulings.map((r) => ({ at: r.ruledAt, who: r.adjudicator, what: verdictText(info, r.verdict, r.answer), state: r.state, note: r.note, ruling: true })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  if (!rows.length) return <p className="meta" data-testid="item-history-empty">{empty}</p>;
  return (
    <ol className="item-history" data-testid="item-history" aria-label="History of this item, newest first">
      {rows.map((r, i) => (
        <li key={i} data-testid="history-entry" data-state={r.state}>
          {r.state === 'standing' ? <strong>{r.what}</strong> : <s>{r.what}</s>}{' '}
          <span className="chip">{r.ruling ? `ruling, ${STATE_TEXT[r.state]}` : STATE_TEXT[r.state]}</span>
          <span className="meta"> {showWho ? `${r.who} · ` : ''}{when(r.at)}</span>
          {r.note && <div className="meta">“{r.note}”</div>}
        </li>
      ))}
    </ol>
  );
}
