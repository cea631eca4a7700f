import type { TranscriptView } from '../../../../shared/api/contract';
import { HintNote, TurnMeta } from '../../components/TurnMeta';
import { LABEL_TEXT, settingsOf, turnsOf, type Turn } from './turns';

/** 20 questions as a chat: the guesser's questions, the judge's answers coloured (and named) by label. */
export function EdaTranscript({ view }: { view: TranscriptView }) {
  const turns = turnsOf(view.events, settingsOf(view.settings).mustGuessSuffix);
  const hints = view.hints ?? [];
  if (turns.length === 0) return <p className="meta">No turn has been played yet.</p>;
  const late = hints.filter((h) => !turns.some((t) => t.idx === h.round));
  return (
    <>
    <ol className="chat dense" aria-label="Dialogue">
      {turns.map((turn) => (
        <li key={turn.idx} className="turn" data-testid="turn">
          {hints.filter((h) => h.round === turn.idx).map((h, i) => <HintNote key={i} hint={h} />)}
          <ProbeLine probe={view.probes?.find((p) => p.round === turn.idx && p.seat === 'guesser')} />
          <div className="bubble left">
            <span className="speaker">Q{turn.idx} · guesser</span>
            <p>{turn.question}</p>
            {turn.generated !== null && <p className="meta">generated: “{turn.generated}”</p>}
            {turn.flags.length > 0 && <p className="flags">{turn.flags.map((f) => <code key={f}>{f}</code>)}</p>}
            <TurnMeta event={turn.asked} label="guesser call" />
          </div>
          <Answer turn={turn} />
        </li>
      ))}
    </ol>
    {late.map((h, i) => <HintNote key={i} hint={h} />)}
    </>
  );
}

/** The guesser's top 5 before this question (a probe, never part of the game). */
function ProbeLine({ probe }: { probe: NonNullable<TranscriptView['probes']>[number] | undefined }) {
  if (!probe) return null;
  const candidates = (probe.result as { candidates?: unknown } | null)?.candidates;
  return (
    <p className="meta probe-line" data-testid="probe-line">
      Top 5 before asking (probe, outside the game):{' '}
      {Array.isArray(candidates) ? candidates.map(String).join(' · ') : <em>{probe.error ?? 'nothing read'}</em>}
    </p>
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
      {turn.judgeCallId === null && !turn.answered.typedBy ? (turn.label === 'bingo' ? <span className="meta">(no judge call: decided by the rules)</span> : null) : <TurnMeta event={turn.answered} label="judge call" />}
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
