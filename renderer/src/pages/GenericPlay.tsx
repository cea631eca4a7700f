import { useState, type FormEvent } from 'react';
import { useGames } from '../api/games';
import { ErrorNote } from '../components/ErrorNote';
import { GiveUpButton } from '../components/ConfirmDialog';
import { GenericTranscript } from '../components/GenericTranscript';
import { MediaImage } from '../components/MediaImage';
import type { PlayProps } from '../games';
import { usePlayActions } from '../games/usePlayActions';
import { href } from '../links';

/** Any seat of any game: what the seat has been told, the game so far as the seat sees it, a reply box. */
export function GenericPlay({ state, act, onAgain }: PlayProps) {
  const { gameOf } = useGames();
  const game = gameOf(state.game);
  const [text, setText] = useState('');
  const { busy, error, run } = usePlayActions(act);
  const over = state.status === 'done' || state.status === 'error';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const reply = text;
    setText('');
    void run({ say: reply });
  };
  const last = state.prompt?.at(-1);
  return (
    <div className="play">
      <p className="meta">
        <strong>{state.handle}</strong> as {game?.roles.find((r) => r.id === state.seat)?.label.toLowerCase() ?? state.seat} · {game?.shortTitle} · {state.dataset}/{state.subset}
        {state.hinted && <> · <span className="mark">hinted</span></>}
      </p>
      {state.instructions && (
        <details open={state.transcript.events.length === 0}>
          <summary>Your instructions</summary>
          <p className="instructions">{state.instructions}</p>
        </details>
      )}
      <GenericTranscript view={state.transcript} />
      {last && !over && (
        <div className="notice" data-testid="prompt">
          <strong>Your turn.</strong> <span className="instructions">{last.text}</span>
          {last.parts?.map((p, i) => p.type === 'image' && <MediaImage key={i} media={p.ref} alt={`image ${i + 1} you are shown`} />)}
        </div>
      )}
      {state.hints.map((h) => <p key={h.round} className="notice" data-testid="hint">{h.model} would say: “{h.text}”</p>)}
      <ErrorNote error={error ?? state.error} />
      {!over ? (
        <form className="ask" onSubmit={submit}>
          <label htmlFor="play-reply" className="sr-only">Your reply</label>
          <input id="play-reply" value={text} onChange={(e) => setText(e.target.value)} disabled={busy || !state.waiting} maxLength={300} autoComplete="off" autoFocus />
          <button type="submit" className="primary" disabled={busy || !text.trim()}>{busy ? 'The others are playing…' : 'Send'}</button>
          {state.hintModel && <button type="button" disabled={busy} onClick={() => run('hint')}>What would {state.hintModel} say?</button>}
          <GiveUpButton disabled={busy} onGiveUp={() => void run('abandon')} />
        </form>
      ) : (
        <div className="welcome" role="status" data-testid="result">
          <h2>{state.status === 'error' ? 'Game given up' : `Game over: ${game?.view.outcomeLabels[state.outcome ?? 'failure'] ?? state.outcome}`}</h2>
          <p>The {game?.view.nouns.instance ?? 'instance'} was <strong data-testid="revealed">{state.instance}</strong>.</p>
          <div className="actions">
            <button type="button" className="primary" onClick={onAgain} autoFocus>Play again</button>
            <a className="button" href={href.episode(state.episodeId)}>Transcript</a>
          </div>
        </div>
      )}
    </div>
  );
}
