import type { EventView, HintView } from '../../../shared/api/contract';
import { RawCall } from './RawCall';

/** Under a reply: "typed by <handle>" for a person's, else the call's tokens and time and its raw request. */
export function TurnMeta({ event, label }: { event: Pick<EventView, 'callId' | 'turn' | 'typedBy'>; label: string }) {
  if (event.typedBy) return <div className="turn-meta" data-testid="typed-by">typed by {event.typedBy}</div>;
  return <RawCall callId={event.callId} label={label} turn={event.turn ?? null} />;
}

/** A hint a person asked for, shown at the turn it was asked. */
export function HintNote({ hint }: { hint: HintView }) {
  return (
    <p className="hint-note" data-testid="hint">
      <span className="chip hinted">hint</span> asked in round {hint.round} ({hint.model}): <q>{hint.text}</q>
    </p>
  );
}
