import type { TranscriptView } from '../../../../shared/api/contract';
import { RawCall } from '../../components/RawCall';
import { LABEL_TEXT, settingsOf, turnsOf, type Turn } from './turns';

/** 20 questions as a chat: the guesser's questions, the judge's answers coloured (and named) by label. */
export function EdaTranscript({ view }: { view: TranscriptView }) {
  const turns = turnsOf(view.events, settingsOf(view.settings).mustGuessSuffix);
  if (turns.length === 0) return <p className="meta">No turn has been played yet.</p>;
  return (
    <ol className="chat" aria-label="Dialogue">
      {turns.map((turn) => (
        <li key={turn.idx} className="turn" data-testid="turn">
          <div className="bubble left">
            <span className="speaker">Q{turn.idx} · guesser</span>
            <p>{turn.question}</p>
            {turn.generated !== null && <p className="meta">generated: “{turn.generated}”</p>}
            {turn.flags.length > 0 && <p className="flags">{turn.flags.map((f) => <code key={f}>{f}</code>)}</p>}
            <RawCall callId={turn.guesserCallId} label="guesser call" />
          </div>
          <Answer turn={turn} />
        </li>
      ))}
    </ol>
  );
}

export function Answer({ turn, who = 'judge' }: { turn: Turn; who?: string }) {
  return (
    <div className={`bubble right label-${turn.label}`}>
      <span className="speaker">
        {who} · <span className={`chip label-${turn.label}`}>{LABEL_TEXT[turn.label] ?? turn.label}</span>
        {turn.mustGuess && <span className="chip must-guess">must guess now</span>}
      </span>
      <p>{turn.answer}</p>
      {turn.judgeCallId === null ? (turn.label === 'bingo' ? <span className="meta">(no judge call: decided by the rules)</span> : null) : <RawCall callId={turn.judgeCallId} label="judge call" />}
    </div>
  );
}

/** One turn in a side-by-side column. */
export function EdaRound({ view, round }: { view: TranscriptView; round: number }) {
  const turn = turnsOf(view.events, settingsOf(view.settings).mustGuessSuffix).find((t) => t.idx === round);
  if (!turn) return null;
  return (
    <>
      <div>{turn.question}</div>
      <span className={`chip label-${turn.label}`}>{LABEL_TEXT[turn.label] ?? turn.label}</span>
      {turn.mustGuess && <span className="mark">must guess</span>}
    </>
  );
}
