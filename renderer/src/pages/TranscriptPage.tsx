import { useState } from 'react';
import type { JudgeLabel } from '../../../shared/contract/records';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { href } from '../router';
import { OutcomeBadge } from './RunPage';

const LABEL_TEXT: Record<JudgeLabel, string> = { yes: 'Yes', no: 'No', maybe: 'Maybe', dunno: 'Dunno', bingo: 'Bingo!', other: 'off-format' };

/** One game as a chat: the guesser's questions, the judge's answers coloured (and named) by label. */
export function TranscriptPage({ episodeId }: { episodeId: number }) {
  const transcript = useQuery('episodes.transcript', { episodeId });
  if (transcript.error && !transcript.data) return <ErrorNote error={transcript.error} />;
  if (!transcript.data) return <p aria-busy="true">Loading episode {episodeId}…</p>;
  const { episode, turns } = transcript.data;

  return (
    <section aria-labelledby="transcript-title">
      <p className="breadcrumb">
        <a href={href.run(episode.runId)}>← Run #{episode.runId}</a> · <a href={href.compare(episode.id)}>Compare with other players on this entity</a>
      </p>
      <header className="page-header">
        <h1 id="transcript-title">
          {episode.entity} <span className="meta">· repetition {episode.repetition}</span>
        </h1>
        <OutcomeBadge episode={episode} />
      </header>
      <p className="meta">
        {episode.aliases.length > 1 && <>Also accepted: {episode.aliases.slice(1).join(', ')} · </>}
        guesser <strong>{episode.guesser}</strong> · judge <strong>{episode.judge}</strong> · seed {episode.seed}
        {episode.turns !== null && (
          <>
            {' '}· #Turns {episode.turns} · #Yes {episode.yes} · Score {episode.score?.toFixed(2)}
          </>
        )}
      </p>
      {episode.error && <ErrorNote error={`${episode.errorKind ?? 'error'}: ${episode.error}`} />}
      <ol className="chat" aria-label="Dialogue">
        {turns.map((turn) => (
          <li key={turn.idx} className="turn" data-testid="turn">
            <div className="bubble guesser">
              <span className="speaker">Q{turn.idx} · guesser</span>
              <p>{turn.question}</p>
              {turn.generated !== null && <p className="meta">generated: “{turn.generated}”</p>}
              {turn.flags.length > 0 && <p className="flags">{turn.flags.map((f) => <code key={f}>{f}</code>)}</p>}
              <RawCall callId={turn.guesserCallId} label="guesser call" />
            </div>
            <div className={`bubble judge label-${turn.label}`}>
              <span className="speaker">
                judge · <span className={`chip label-${turn.label}`}>{LABEL_TEXT[turn.label]}</span>
                {turn.mustGuess && <span className="chip must-guess">must guess now</span>}
              </span>
              <p>{turn.answer}</p>
              <RawCall callId={turn.judgeCallId} label="judge call" />
            </div>
          </li>
        ))}
      </ol>
      {turns.length === 0 && <p className="meta">No turn has been played yet.</p>}
    </section>
  );
}

/** The stored request and response of a call, fetched only when asked for. */
function RawCall({ callId, label }: { callId: number | null; label: string }) {
  const api = useApi();
  const [raw, setRaw] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (callId === null) return label === 'judge call' ? <span className="meta">(no judge call: decided by the rules)</span> : null;
  const toggle = async () => {
    if (raw !== null) return setRaw(null);
    try {
      const call = await api.call('calls.get', { callId });
      setRaw(JSON.stringify({ request: call.request, response: call.response, status: call.status, latencyMs: call.latencyMs, attempt: call.attempt, cached: call.cached }, null, 2));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div className="raw">
      <button type="button" className="link-button" aria-expanded={raw !== null} onClick={toggle}>
        {raw === null ? `raw ${label}` : `hide raw ${label}`}
      </button>
      {raw !== null && <pre className="raw-json">{raw}</pre>}
      {error && <span className="inline-error">{error}</span>}
    </div>
  );
}
