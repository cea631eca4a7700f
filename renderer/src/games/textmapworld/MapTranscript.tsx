import type { TranscriptView } from '../../../../shared/api/contract';
import { MediaImage } from '../../components/MediaImage';
import { RawCall } from '../../components/RawCall';
import { layoutOf, turnsOf, type MapTurn } from './episode';
import { MapView } from './MapView';

/**
 * A MapWorld episode (the text and the image games): the map explored so far, then per round the
 * message the explorer read (with the room's photograph in the image games), its reply (a broken
 * format marked) and the game master's decision — the move it logged, an unavailable direction,
 * DONE, or the abort.
 */
export function MapTranscript({ view }: { view: TranscriptView }) {
  const turns = turnsOf(view.events);
  const layout = layoutOf(view.episode.instanceView.payload);
  if (turns.length === 0) return <p className="meta">No turn has been played yet.</p>;
  return (
    <>
      <MapView turns={turns} layout={layout} />
      <ol className="chat" aria-label="Dialogue">
        {turns.map((turn) => (
          <li key={turn.round} className="turn" data-testid="turn">
            {turn.corrected.map((reply, i) => (
              <p key={i} className="meta">
                <span className="chip tmw-bad">broke the format</span> {reply} — the game master asked again:
              </p>
            ))}
            {turn.prompt !== null && (
              <div className="bubble right">
                <span className="speaker">game master → explorer · round {turn.round}</span>
                <pre className="tmw-text">{turn.prompt}</pre>
                {turn.images.map((p, i) => (
                  <MediaImage key={i} media={p.ref} alt={`the room shown in round ${turn.round}${p.name ? `: ${p.name.split('/').at(-1)}` : ''}`} />
                ))}
              </div>
            )}
            {turn.reply !== null && (
              <div className={`bubble left${turn.valid === false ? ' tmw-invalid' : ''}`}>
                <span className="speaker">
                  explorer{turn.valid === false && <span className="chip tmw-bad">broke the format</span>}
                </span>
                <pre className="tmw-text">{turn.reply}</pre>
                <RawCall callId={turn.callId} label="explorer call" />
              </div>
            )}
            <Decision turn={turn} />
          </li>
        ))}
      </ol>
    </>
  );
}

function Decision({ turn }: { turn: MapTurn }) {
  if (turn.abort !== null) return <p className="tmw-abort">Aborted: {turn.abort}</p>;
  const move = turn.move ? `${turn.move.old ?? 'start'} → ${turn.move.new}` : null;
  if (turn.done) return <p className="meta">DONE{move ? ` (the reference logs its last move again: ${move})` : ''}</p>;
  if (turn.answer === null) return null;
  return (
    <p className="meta">
      {turn.validDirection ? <span className="mark">moved {move}</span> : <span className="mark tmw-blocked">direction not available</span>}
      {turn.category !== null && <span className="mark">now in a {turn.category.replace(/_/g, ' ')}</span>}
      {turn.reminders.length > 0 && <span className="mark">reminder sent</span>}
    </p>
  );
}

/** One round in a side-by-side column. */
export function MapRound({ view, round }: { view: TranscriptView; round: number }) {
  const turn = turnsOf(view.events).find((t) => t.round === round);
  if (!turn) return null;
  return (
    <>
      <div className={turn.valid === false ? 'tmw-invalid' : undefined}>{turn.reply ?? ''}</div>
      {turn.abort !== null ? <span className="mark tmw-abort">aborted</span> : turn.done ? <span className="mark">DONE</span> : turn.move ? <span className="mark">→ {turn.move.new}</span> : turn.answer !== null ? <span className="mark tmw-blocked">blocked</span> : null}
    </>
  );
}
