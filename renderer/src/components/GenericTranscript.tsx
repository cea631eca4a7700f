import type { EventView, HintView, TranscriptView } from '../../../shared/api/contract';
import { MediaImage } from './MediaImage';
import { HintNote, TurnMeta } from './TurnMeta';
import { placeHints } from './turn-text';

/** Any game's episode: every event in order, who spoke to whom, what was said (images inline) and what the game read from it. */
export function GenericTranscript({ view }: { view: TranscriptView }) {
  const marks = new Map(view.marks.map((m) => [m.round, m]));
  const hints = placeHints(view.events, view.hints ?? []);
  return (
    <>
      <ol className="event-list dense" aria-label="Events">
        {view.events.map((e) => (
          <EventItem key={e.idx} event={e} marks={marks.get(e.round)?.marks ?? []} hints={hints.at.get(e.idx) ?? []} />
        ))}
      </ol>
      {hints.end.map((h, i) => <HintNote key={i} hint={h} />)}
    </>
  );
}

function EventItem({ event: e, marks, hints }: { event: EventView; marks: string[]; hints: HintView[] }) {
  const images = e.parts?.filter((p) => p.type === 'image') ?? [];
  const classes = ['event', `kind-${e.kind}`, e.from === null ? 'from-game' : '', e.valid === false ? 'invalid' : '', e.typedBy ? 'by-person' : ''].filter(Boolean).join(' ');
  return (
    <li className={classes} data-testid="event" data-kind={e.kind}>
      {hints.map((h, i) => <HintNote key={i} hint={h} />)}
      <div className="event-head">
        <span className="who">
          round {e.round} · {e.kind} · {e.from ?? 'game'}{e.to ? ` → ${e.to}` : ''}
          {e.valid === false && <span className="chip outcome-error">invalid</span>}
          {marks.map((m) => <span key={m} className="chip">{m}</span>)}
        </span>
        <TurnMeta event={e} label={`${e.from ?? 'game'} call`} />
      </div>
      {e.text !== null && e.text !== '' && <pre className="text">{e.text}</pre>}
      {images.map((p, i) => p.type === 'image' && <MediaImage key={i} media={p.ref} name={p.name} alt={`image ${i + 1} of round ${e.round}`} />)}
      {e.action !== null && e.action !== undefined && <code className="action">{JSON.stringify(e.action)}</code>}
      {e.flags.length > 0 && <p className="flags">{e.flags.map((f) => <code key={f}>{f}</code>)}</p>}
    </li>
  );
}
