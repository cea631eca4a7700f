import type { TranscriptView } from '../../../../shared/api/contract';
import { isMonospaceTask, preferredSeat } from './episode';
import { PairResult, simulEpisodeOfView, Text } from './SimulTranscript';

/** One round in a side-by-side column: a seat's answer, or a judgment (the pair's result after the last). */
export function SimulRound({ view, round }: { view: TranscriptView; round: number }) {
  const ep = simulEpisodeOfView(view);
  const mono = isMonospaceTask(ep.script?.act ?? '');
  const answers = ep.answers.filter((a) => a.round === round);
  const judgment = ep.judgments.find((j) => j.round === round);
  const last = ep.judgments.at(-1)?.round === round;
  return (
    <div className="simul simul-round">
      {answers.map((a) => (
        <div key={a.seat} data-testid="simul-answer" data-seat={a.seat}>
          {ep.pairwise && <span className="meta">{a.seat}: </span>}
          {a.answer === null ? <span className="meta">waiting…</span> : <Text text={a.answer} mono={mono} />}
        </div>
      ))}
      {judgment && (
        <div className="simul-judgment">
          {judgment.rating !== null && (
            <p className="simul-rating" data-testid="simul-rating">
              <strong>{judgment.rating}</strong> / 10
            </p>
          )}
          {judgment.verdict !== null && judgment.order !== null && (
            <p className="simul-verdict" data-testid="simul-verdict" data-order={judgment.order}>
              <span className="meta">order {judgment.order}:</span> [[{judgment.verdict}]] → {preferredSeat(judgment.verdict, judgment.order) ?? 'tie'}
            </p>
          )}
          {judgment.failed !== null && <span className="chip outcome-error" data-testid="simul-judge-failed">judge failed</span>}
          {judgment.retries.length > 0 && <span className="meta"> · {judgment.retries.length} unreadable</span>}
          {judgment.explanation !== null && (
            <details>
              <summary className="meta">explanation</summary>
              <pre className="simul-text">{judgment.explanation}</pre>
            </details>
          )}
        </div>
      )}
      {last && <PairResult ep={ep} />}
    </div>
  );
}
