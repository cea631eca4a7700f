import { useState, type FormEvent } from 'react';

/** Three short steps before the first game, the middle one a practice round against a toy judge. */
export function Tutorial({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState(0);
  const [question, setQuestion] = useState('');
  const [practice, setPractice] = useState<{ q: string; a: string }[]>([]);
  // The practice judge knows one thing, a guitar, and answers only the obvious questions.
  const answer = (q: string) => {
    const t = q.toLowerCase();
    if (/\bguitar\b/.test(t)) return 'Bingo!';
    if (/instrument|music|strings?|wood|hold/.test(t)) return 'Yes.';
    if (/maybe|sometimes/.test(t)) return 'Maybe.';
    return 'No.';
  };
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return;
    setPractice((p) => [...p, { q: question.trim(), a: answer(question) }]);
    setQuestion('');
  };
  const won = practice.some((p) => p.a === 'Bingo!');
  return (
    <div className="tutorial welcome" role="dialog" aria-labelledby="tutorial-title">
      <h2 id="tutorial-title">How to play ({step + 1}/3)</h2>
      {step === 0 && (
        <p>
          The judge, a language model, thinks of an entity: a thing, or a celebrity. You ask yes/no questions; it answers Yes, No or Maybe
          (Dunno for celebrities). Name the entity in a question — “Is it a guitar?” — and you win.
        </p>
      )}
      {step === 1 && (
        <>
          <p>Practice: this toy judge is thinking of a musical instrument you can hold. Ask it questions, then guess.</p>
          <ol className="chat">
            {practice.map((p, i) => (
              <li key={i}>
                <strong>You:</strong> {p.q} — <strong>Judge:</strong> {p.a}
              </li>
            ))}
          </ol>
          <form onSubmit={ask} className="ask">
            <label htmlFor="tutorial-question" className="sr-only">Practice question</label>
            <input id="tutorial-question" value={question} onChange={(e) => setQuestion(e.target.value)} placeholder="Is it a musical instrument?" autoFocus />
            <button type="submit">Ask</button>
          </form>
          {won && <p role="status">Bingo! That is how a game is won.</p>}
        </>
      )}
      {step === 2 && (
        <p>
          You have at most 20 questions, and fewer is better: the score drops by 0.02 for every question after the fifth. After the judge's
          19th answer it tells you to guess. Your games are stored under your handle next to the models' games.
        </p>
      )}
      <div className="actions">
        {step < 2 ? <button type="button" className="primary" onClick={() => setStep(step + 1)}>Next</button> : <button type="button" className="primary" onClick={onDone}>Start my game</button>}
        <button type="button" onClick={onDone}>Skip</button>
      </div>
    </div>
  );
}
