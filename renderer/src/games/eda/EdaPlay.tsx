import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { HumanGameState } from '../../../../shared/api/contract';
import { ErrorNote } from '../../components/ErrorNote';
import { GiveUpButton } from '../../components/ConfirmDialog';
import { href } from '../../links';
import type { PlayProps } from '../types';
import { usePlayActions } from '../usePlayActions';
import { Answer } from './EdaTranscript';
import { Tutorial } from './Tutorial';
import { settingsOf, turnsOf } from './turns';
import { counted } from '../../format';

/** 20 questions from the guesser's seat: the models' instructions, a question counter, the judge's answers. */
export function EdaPlay({ state, act, onAgain }: PlayProps) {
  // A first game is one where nothing has been asked yet (the seat's instructions, a prompt event, are there from the start).
  const [tutorial, setTutorial] = useState(() => !localStorage.getItem('parlor.tutorial.done') && state.transcript.events.every((e) => e.kind === 'prompt'));
  if (tutorial) {
    return (
      <Tutorial
        onDone={() => {
          localStorage.setItem('parlor.tutorial.done', '1');
          setTutorial(false);
        }}
      />
    );
  }
  return <Guessing state={state} act={act} onAgain={onAgain} />;
}

function Guessing({ state: game, act, onAgain }: PlayProps) {
  const [question, setQuestion] = useState('');
  const { busy, error, run } = usePlayActions(act);
  const input = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLLIElement>(null);
  const { maxTurns, mustGuessSuffix } = settingsOf(game.transcript.settings);
  const turns = turnsOf(game.transcript.events, mustGuessSuffix);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
    if (!busy) input.current?.focus();
  }, [game, busy]);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return;
    const text = question;
    setQuestion('');
    void run({ say: text });
  };
  const over = game.status === 'done' || game.status === 'error';
  const turn = Math.min(turns.length + 1, maxTurns);

  return (
    <div className="play">
      <p className="meta">
        <strong>{game.handle}</strong> · {game.dataset}/{game.subset} · <span data-testid="turn-counter">{over ? `${counted(turns.length, 'question')} asked` : `Question ${turn} of ${maxTurns}`}</span>
        {game.hinted && <> · <span className="mark">hinted</span></>}
      </p>
      <details>
        <summary>The instructions (what the model guessers are told)</summary>
        <p className="instructions">{game.instructions}</p>
      </details>
      <ol className="chat" aria-label="Your game" aria-live="polite">
        {turns.map((t) => (
          <li key={t.idx} className="turn">
            <div className="bubble left"><span className="speaker">Q{t.idx} · you</span><p>{t.question}</p></div>
            <Answer turn={{ ...t, judgeCallId: null, label: t.label }} />
          </li>
        ))}
        <li ref={end} />
      </ol>
      {game.hints.map((h) => (
        <p key={h.round} className="notice" data-testid="hint">{h.model} would ask: “{h.text}”</p>
      ))}
      <ErrorNote error={error ?? game.error} />
      {!over ? (
        <form className="ask" onSubmit={ask}>
          <label htmlFor="play-question" className="sr-only">Your question</label>
          <input id="play-question" ref={input} value={question} onChange={(e) => setQuestion(e.target.value)} placeholder={turns.length === 0 ? 'Ask a yes/no question, e.g. “Is it alive?”' : 'Your next question, or your guess'} disabled={busy} maxLength={300} autoComplete="off" />
          <button type="submit" className="primary" disabled={busy || !question.trim()}>{busy ? 'The judge is answering…' : 'Ask'}</button>
          {game.hintModel && <button type="button" disabled={busy} onClick={() => run('hint')}>What would {game.hintModel} ask?</button>}
          <GiveUpButton disabled={busy} onGiveUp={() => void run('abandon')} />
        </form>
      ) : (
        <Result game={game} questions={turns.length} onAgain={onAgain} />
      )}
    </div>
  );
}

function Result({ game, questions, onAgain }: { game: HumanGameState; questions: number; onAgain: () => void }) {
  return (
    <div className="welcome" role="status" data-testid="result">
      <h2>{game.outcome === 'success' ? `You got it in ${questions}!` : game.status === 'error' ? 'Game given up' : 'Out of questions'}</h2>
      <p>It was <strong data-testid="revealed">{game.instance}</strong>.</p>
      <div className="actions">
        <button type="button" className="primary" onClick={onAgain} autoFocus>Play again</button>
        <a className="button" href={href.episode(game.episodeId)}>Transcript</a>
        <a className="button" href={href.compare(game.episodeId)}>Compare with models on this entity</a>
      </div>
    </div>
  );
}
