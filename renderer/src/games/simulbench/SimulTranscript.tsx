import type { TranscriptView } from '../../../../shared/api/contract';
import { RawCall } from '../../components/RawCall';
import { isMonospaceTask, preferredSeat, simulEpisodeOf, type SimulAnswer, type SimulEpisodeView, type SimulJudgment, type SimulScript } from './episode';

const KIND_LABELS: Record<string, string> = { last_only: 'LastOnly', first_chan: 'FirstChan', subseq_chan: 'SubseqChan' };
const RESULT_LABELS = { win: 'a wins', tie: 'tie', lose: 'b wins' } as const;
/** Longer task descriptions fold away so the query and the answers stay in view. */
const LONG_TASK = { chars: 320, lines: 5 };

export const simulEpisodeOfView = (view: TranscriptView): SimulEpisodeView =>
  simulEpisodeOf({ events: view.events, payload: view.episode.instanceView.payload, tags: view.episode.instanceView.tags, seats: view.episode.seats, game: view.episode.game });

export function Text({ text, mono }: { text: string; mono: boolean }) {
  return <pre className={mono ? 'simul-text simul-mono' : 'simul-text'}>{text}</pre>;
}

const isLong = (text: string) => text.length > LONG_TASK.chars || text.split('\n').length > LONG_TASK.lines;

function TaskTurn({ text, mono }: { text: string; mono: boolean }) {
  if (!isLong(text)) return <Text text={text} mono={mono} />;
  return (
    <details className="simul-task">
      <summary>
        <span className="meta">task description ({text.length} characters):</span> {text.slice(0, 120).replace(/\s+/g, ' ')}…
      </summary>
      <Text text={text} mono={mono} />
    </details>
  );
}

function Header({ script }: { script: SimulScript }) {
  return (
    <p className="simul-header">
      <strong>{script.act}</strong> <span className="chip">{script.type}</span>
      {script.kind && <span className="chip">{KIND_LABELS[script.kind] ?? script.kind}</span>}
      {script.turn !== null && <span className="meta">turn {script.turn}</span>}
    </p>
  );
}

/** The dialogue so far (its first user turn is the task), then the query every answer replies to. */
function Script({ script, mono }: { script: SimulScript; mono: boolean }) {
  const first = script.history.findIndex((t) => t.role === 'user');
  return (
    <>
      <ol className="chat simul-history" data-testid="simul-history" aria-label="Dialogue history">
        {script.history.length === 0 && <li className="meta">The task description is the query itself.</li>}
        {script.history.map((t, i) => (
          <li key={i} className={`bubble ${t.role === 'user' ? 'right simul-user' : 'left simul-sim'}`}>
            <span className="speaker">{i === first ? 'user · task' : t.role === 'user' ? 'user' : 'simulator'}</span>
            {i === first ? <TaskTurn text={t.content} mono={mono} /> : <Text text={t.content} mono={mono} />}
          </li>
        ))}
      </ol>
      <div className="chat">
        <div className="bubble right simul-query" data-testid="simul-query">
          <span className="speaker">user · the query to answer</span>
          {script.history.length === 0 ? <TaskTurn text={script.query} mono={mono} /> : <Text text={script.query} mono={mono} />}
        </div>
      </div>
    </>
  );
}

export function Answer({ answer, mono }: { answer: SimulAnswer; mono: boolean }) {
  return (
    <div className="bubble left simul-answer" data-testid="simul-answer" data-seat={answer.seat}>
      <span className="speaker">
        <strong>{answer.seat}</strong> {answer.model && <span>{answer.model}</span>}
      </span>
      {answer.answer === null ? <p className="meta">waiting for the answer…</p> : answer.answer === '' ? <p className="meta">(empty answer)</p> : <Text text={answer.answer} mono={mono} />}
      <RawCall callId={answer.callId} label={`${answer.seat} call`} />
    </div>
  );
}

function Retries({ judgment }: { judgment: SimulJudgment }) {
  return (
    <>
      {judgment.retries.map((r, i) => (
        <details key={i} className="simul-retry" data-testid="simul-retry">
          <summary className="meta">unreadable judge reply{r.reason ? ` (${r.reason})` : ''}{r.correction !== null ? ': asked again' : ''}</summary>
          <pre className="simul-text">{r.reply}</pre>
          {r.correction !== null && <pre className="simul-text meta">→ {r.correction}</pre>}
        </details>
      ))}
    </>
  );
}

const seatLabel = (seat: 'a' | 'b', answers: readonly SimulAnswer[]) => {
  const model = answers.find((x) => x.seat === seat)?.model;
  return model ? `${seat} (${model})` : seat;
};

/** One judgment: the rating or the verdict read as the seat it preferred, the explanation, retries, failure. */
export function Judgment({ judgment, answers }: { judgment: SimulJudgment; answers: readonly SimulAnswer[] }) {
  const j = judgment;
  const order = j.order ? `order ${j.order}: A = ${j.order[0]}, B = ${j.order[1]}` : null;
  const preferred = j.verdict && j.order ? preferredSeat(j.verdict, j.order) : null;
  return (
    <section className={`simul-judgment${j.failed !== null ? ' simul-failed' : ''}`} aria-label={order ?? 'Judgment'}>
      {order && <h5>{order}</h5>}
      <Retries judgment={j} />
      {j.rating !== null && (
        <p className="simul-rating" data-testid="simul-rating">
          <strong>{j.rating}</strong> / 10
        </p>
      )}
      {j.verdict !== null && (
        <p className="simul-verdict" data-testid="simul-verdict" data-order={j.order ?? ''}>
          <span className="chip">[[{j.verdict}]]</span> {preferred ? <>prefers <strong>{seatLabel(preferred, answers)}</strong></> : 'a tie'}
        </p>
      )}
      {j.failed !== null && (
        <p className="simul-failure" data-testid="simul-judge-failed">
          <span className="chip outcome-error">judge failed</span> {j.failed}: not scored
        </p>
      )}
      {j.explanation !== null && <pre className="simul-text simul-explanation">{j.explanation}</pre>}
      {j.rating === null && j.verdict === null && j.failed === null && <p className="meta">waiting for the judge…</p>}
      <RawCall callId={j.callId} label="judge call" />
    </section>
  );
}

export function PairResult({ ep }: { ep: SimulEpisodeView }) {
  const pair = ep.pair;
  if (!pair || pair.result === null) return null;
  const winner = pair.result === 'win' ? seatLabel('a', ep.answers) : pair.result === 'lose' ? seatLabel('b', ep.answers) : null;
  return (
    <>
      <p className={`simul-result simul-${pair.result}`} data-testid="simul-result" data-result={pair.result}>
        <span className="chip">{RESULT_LABELS[pair.result]}</span> {winner ? `${winner} preferred in both orders` : 'neither answer preferred in both orders'}
      </p>
      {pair.flipped && (
        <p className="simul-flip" data-testid="simul-flip">
          ⚠ verdict flipped with the order: the judge did not prefer the same answer when they swapped places (position bias)
        </p>
      )}
    </>
  );
}

/** SimulBench: the script as a chat, the tested answer(s), then the judge's rating or both-order verdicts. */
export function SimulTranscript({ view }: { view: TranscriptView }) {
  const ep = simulEpisodeOfView(view);
  const mono = isMonospaceTask(ep.script?.act ?? '');
  return (
    <div className="simul" aria-label="SimulBench">
      {ep.script ? (
        <>
          <Header script={ep.script} />
          <Script script={ep.script} mono={mono} />
        </>
      ) : (
        <p className="meta">The script could not be read from the instance.</p>
      )}
      <h4>{ep.pairwise ? 'Answers' : 'Answer'}</h4>
      <div className={ep.pairwise ? 'simul-columns' : undefined}>
        {ep.answers.map((a) => <Answer key={a.seat} answer={a} mono={mono} />)}
      </div>
      <h4>Judge</h4>
      {ep.judgments.length === 0 && <p className="meta">Not judged yet.</p>}
      <div className={ep.pairwise ? 'simul-columns' : undefined}>
        {ep.judgments.map((j) => <Judgment key={j.round} judgment={j} answers={ep.answers} />)}
      </div>
      <PairResult ep={ep} />
      {ep.notes.map((n, i) => <p key={i} className="meta">Round {n.round}: {n.text}</p>)}
    </div>
  );
}
