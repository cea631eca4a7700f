import type { RefObject } from 'react';
import type { AnnotationInfo, AnnotationReviewItemView } from '../../../shared/api/contract';
import { counted } from '../format';
import { href } from '../links';
import { verdictText } from './AnnotationSidePanel';

/** A disputed item as an adjudicator reads it: the event, each annotator's label and note, the majority or the tie. */
export function AnnotationReviewCard({ entry, info, reopened, showContext, onContext, note, onNote, noteRef, cardRef, hint }: {
  entry: AnnotationReviewItemView;
  info: AnnotationInfo;
  /** Reopened from the rulings list, to rule again. */
  reopened: boolean;
  showContext: boolean;
  onContext: (open: boolean) => void;
  note: string;
  onNote: (note: string) => void;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  cardRef: RefObject<HTMLDivElement | null>;
  hint: string | null;
}) {
  const item = entry.item;
  const labelText = (id: string | null) => (id === 'ambiguous' ? 'ambiguous' : (info.labels.find((l) => l.id === id)?.label ?? id ?? ''));
  return (
    <div className="annotation-card" ref={cardRef} tabIndex={-1} data-testid="review-card" aria-live="polite">
      {reopened && entry.ruling && (
        <p className="relabel-banner" role="status" data-testid="reruling-banner">
          Ruled <strong>{verdictText(info, entry.ruling.verdict, entry.ruling.answer)}</strong> by {entry.ruling.adjudicator}. Press a key to rule again, Esc to leave it.
        </p>
      )}
      <p className="meta">
        Item {item.position} · <strong className="entity">{item.instance}</strong> ({item.dataset}) · {info.producer} {item.model} · round {item.round} of{' '}
        <a href={href.episode(item.episodeId)}>episode {item.episodeId}</a>
      </p>
      <details open={showContext} onToggle={(e) => onContext((e.target as HTMLDetailsElement).open)}>
        <summary>Before this ({counted(item.context.length, 'round')}) — T</summary>
        <ol className="context">
          {item.context.map((c, i) => (
            <li key={i}>
              <span className="meta">{c.round}</span> {c.prompt} <span className={`chip label-${c.label ?? 'other'}`}>{c.reply}</span>
            </li>
          ))}
        </ol>
      </details>
      <p className="question" data-testid="question">“{item.question ?? item.prompt}”</p>
      {item.answers?.map((a) => (
        <div key={a.label} className="judged-answer">
          <span className="meta">{a.label}</span>
          <blockquote>{a.text}</blockquote>
        </div>
      ))}
      <p className="produced-label">
        The {info.producer} said <q>{item.text}</q> → <span className={`chip label-${item.label}`}>{labelText(item.label)}</span>
      </p>
      <table className="data compact review-labels" data-testid="review-labels" aria-label="Each annotator's label">
        <thead>
          <tr><th scope="col">Annotator</th><th scope="col">Correct {info.labelNoun}</th><th scope="col">Note</th></tr>
        </thead>
        <tbody>
          {entry.labels.map((l) => (
            <tr key={l.annotator}>
              <th scope="row">{l.annotator}</th>
              <td>{verdictText(info, l.verdict, l.answer)}</td>
              <td>{l.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="review-majority">
        {entry.majority === null ? <strong>Tie: the annotators split evenly, so without a ruling the item has no correct {info.labelNoun}.</strong> : <>Majority: <strong>{labelText(entry.majority)}</strong> (a ruling decides instead).</>}
      </p>
      <div className="key-row" aria-label="Rulings">
        <kbd>Enter</kbd> {info.producer} correct {info.labels.map((l) => <span key={l.id}><kbd>{l.key.toUpperCase()}</kbd> {l.label.toLowerCase()} </span>)}
        <kbd>Q</kbd> ambiguous <kbd>S</kbd> later <kbd>U</kbd> undo <kbd>C</kbd> note <kbd>?</kbd> help
      </div>
      <label className="note">
        Note (optional, kept with your ruling)
        <textarea ref={noteRef} value={note} onChange={(e) => onNote(e.target.value)} rows={2} />
      </label>
      {hint && <p className="inline-error" role="alert">{hint}</p>}
    </div>
  );
}
