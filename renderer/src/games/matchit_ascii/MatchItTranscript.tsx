import type { EventView, TranscriptView } from '../../../../shared/api/contract';
import { MediaImage } from '../../components/MediaImage';
import { RawCall } from '../../components/RawCall';

/** What the transcript needs of an instance: the two grids and the game master's fixed requests. */
interface Payload {
  gridA?: string;
  gridB?: string;
  qReprompt?: string;
  dReprompt?: string;
}

const WHO: Record<string, string> = { player_a: 'A', player_b: 'B' };
const who = (seat: string | null) => (seat === null ? 'game master' : `Player ${WHO[seat] ?? seat}`);
const actionOf = (e: EventView): Record<string, unknown> => (e.action && typeof e.action === 'object' ? (e.action as Record<string, unknown>) : {});

function payloadOf(view: TranscriptView): Payload {
  const payload = (view.episode.instanceView.payload ?? {}) as Payload;
  const given = (seat: string) => view.episode.seats.find((s) => s.seat === seat)?.given?.grid;
  const grid = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { ...payload, gridA: payload.gridA ?? grid(given('player_a')), gridB: payload.gridB ?? grid(given('player_b')) };
}

/** The two grids side by side, in monospace, as each player saw its own. */
export function MatchItGrids({ payload }: { payload: Payload }) {
  return (
    <div className="matchit-grids" aria-label="Grids">
      {(['A', 'B'] as const).map((p) => (
        <figure key={p}>
          <figcaption className="meta">Player {p}&rsquo;s grid</figcaption>
          <pre className="matchit-grid">{(p === 'A' ? payload.gridA : payload.gridB) ?? '(not recorded)'}</pre>
        </figure>
      ))}
    </div>
  );
}

type Picture = { ref: string; name?: string };

/** The images of a prompt (the image MatchIt's first message to each player). */
const picturesOf = (e: EventView): Picture[] => (e.parts ?? []).flatMap((p) => (p.type === 'image' ? [{ ref: p.ref, name: p.name }] : []));
const label = (p: Picture) => p.name?.split('/').at(-1) ?? 'image';

/** The image MatchIt: the photo each player was shown, side by side, as its first prompt carried it. */
export function MatchItPictures({ events }: { events: readonly EventView[] }) {
  const shown = (seat: string) => events.filter((e) => e.kind === 'prompt' && e.to === seat).flatMap(picturesOf)[0];
  return (
    <div className="matchit-grids" aria-label="Images">
      {(['player_a', 'player_b'] as const).map((seat) => {
        const picture = shown(seat);
        return (
          <figure key={seat}>
            <figcaption className="meta">{who(seat)}&rsquo;s image{picture?.name ? ` · ${label(picture)}` : ''}</figcaption>
            {picture ? <MediaImage media={picture.ref} alt={`${who(seat)}'s image ${label(picture)}`} /> : <p className="meta">(not shown yet)</p>}
          </figure>
        );
      })}
    </div>
  );
}

/** Why the game master sent a prompt: clembench's own "reprompts" ask for the next question or the decision. */
function promptChip(e: EventView, payload: Payload): string | null {
  if (e.text === payload.qReprompt) return 'reprompt: ask a question';
  if (payload.dReprompt && e.text?.endsWith(payload.dReprompt)) return 'reprompt: decide';
  return null;
}

function Reply({ event: e }: { event: EventView }) {
  const action = actionOf(e);
  const side = e.from === 'player_b' ? 'right' : 'left';
  const verdict = typeof action.decision === 'string' ? (action.decision === 'success' ? 'right' : 'wrong') : null;
  return (
    <li className={`event kind-${e.kind} ${e.valid === false ? 'invalid' : ''} matchit-${side}`} data-testid="event">
      <span className="who">
        {who(e.from)}
        {typeof action.expect === 'string' && ` · ${action.expect}`}
        {verdict && <span className={`chip ${verdict === 'right' ? 'outcome-success' : 'outcome-failure'}`}>{verdict} decision</span>}
        {e.valid === false && <span className="chip outcome-aborted">breaks the rules</span>}
      </span>
      <pre className="text matchit-text">{e.text ?? ''}</pre>
      {e.flags.length > 0 && <p className="flags">{e.flags.map((f) => <code key={f}>{f}</code>)}</p>}
      <RawCall callId={e.callId} label={`${WHO[e.from ?? ''] ?? e.from} call`} />
    </li>
  );
}

function Item({ event: e, payload }: { event: EventView; payload: Payload }) {
  if (e.kind === 'response' || e.kind === 'input') return <Reply event={e} />;
  if (e.kind === 'system') {
    const abort = actionOf(e).abort;
    return (
      <li className={`event from-game ${typeof abort === 'string' ? 'matchit-abort' : ''}`} data-testid="event">
        <span className="who">{typeof abort === 'string' ? <span className="chip outcome-aborted">aborted</span> : 'game master'}</span>
        <pre className="text">{typeof abort === 'string' ? abort : (e.text ?? '')}</pre>
      </li>
    );
  }
  const chip = e.kind === 'reprompt' ? 'reprompt' : promptChip(e, payload);
  return (
    <li className={`event from-game kind-${e.kind}`} data-testid="event">
      <span className="who">
        game master → {who(e.to)}
        {chip && <span className="chip">{chip}</span>}
      </span>
      <pre className="text matchit-text">{e.text ?? ''}</pre>
      {picturesOf(e).map((p, i) => <MediaImage key={i} media={p.ref} alt={`${who(e.to)}'s image ${label(p)}`} />)}
    </li>
  );
}

/** MatchIt (ASCII or images): both grids or both images, then each round's prompts and replies, rule breaks and the abort marked. */
export function MatchItTranscript({ view }: { view: TranscriptView }) {
  const payload = payloadOf(view);
  const rounds = [...new Set(view.events.map((e) => e.round))];
  return (
    <div>
      {payload.gridA === undefined && payload.gridB === undefined ? <MatchItPictures events={view.events} /> : <MatchItGrids payload={payload} />}
      {rounds.length === 0 && <p className="meta">No move has been made yet.</p>}
      {rounds.map((round) => (
        <section key={round} aria-label={`Round ${round}`}>
          <h3 className="meta">Round {round}</h3>
          <ol className="event-list">
            {view.events.filter((e) => e.round === round).map((e) => <Item key={e.idx} event={e} payload={payload} />)}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** One round in a side-by-side column: the players' replies only. */
export function MatchItRound({ view, round }: { view: TranscriptView; round: number }) {
  const events = view.events.filter((e) => e.round === round && (e.kind === 'response' || e.kind === 'input' || (e.kind === 'system' && actionOf(e).abort)));
  return (
    <ol className="event-list">
      {events.map((e) => (
        <Item key={e.idx} event={e} payload={{}} />
      ))}
    </ol>
  );
}
