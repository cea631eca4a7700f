import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { HumanGameState } from '../../../shared/api/contract';
import type { JudgeLabel } from '../../../shared/contract/records';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { href } from '../router';
import { Tutorial } from './Tutorial';

const LABEL: Record<string, string> = { yes: 'Yes', no: 'No', maybe: 'Maybe', dunno: 'Dunno', bingo: 'Bingo!', other: 'off-format' };

/** A person plays the guesser against a judge model, under the rules the models play by. */
export function PlayPage() {
  const api = useApi();
  const [game, setGame] = useState<HumanGameState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tutorial, setTutorial] = useState(false);
  const [pendingStart, setPendingStart] = useState<Parameters<typeof api.call<'human.start'>>[1] | null>(null);

  const start = async (input: Parameters<typeof api.call<'human.start'>>[1]) => {
    setError(null);
    if (!localStorage.getItem('parlor.tutorial.done')) {
      setPendingStart(input);
      return setTutorial(true);
    }
    try {
      setGame(await api.call('human.start', input));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section aria-labelledby="play-title">
      <header className="page-header">
        <h1 id="play-title">Play 20 questions</h1>
        <a className="button" href={href.review()}>Review human games</a>
      </header>
      <ErrorNote error={error} />
      {tutorial && (
        <Tutorial
          onDone={() => {
            localStorage.setItem('parlor.tutorial.done', '1');
            setTutorial(false);
            if (pendingStart) void start(pendingStart);
          }}
        />
      )}
      {!game && !tutorial && <Setup onStart={start} />}
      {game && <Game initial={game} onAgain={() => setGame(null)} />}
    </section>
  );
}

function Setup({ onStart }: { onStart: (input: { handle: string; dataset: 'things' | 'celebrities'; split: 'train' | 'dev' | 'test'; judgeModelId: number; hintModelId?: number }) => void }) {
  const models = useQuery('models.list', {});
  const [handle, setHandle] = useState(() => localStorage.getItem('parlor.player') ?? '');
  const [dataset, setDataset] = useState<'things' | 'celebrities'>('things');
  const [split, setSplit] = useState<'train' | 'dev' | 'test'>('test');
  const [judge, setJudge] = useState('');
  const [hint, setHint] = useState('');
  const profiles = models.data ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!handle.trim() || !judge) return;
    localStorage.setItem('parlor.player', handle.trim());
    onStart({ handle: handle.trim(), dataset, split, judgeModelId: Number(judge), ...(hint ? { hintModelId: Number(hint) } : {}) });
  };
  return (
    <>
      <p className="meta">
        You get the instructions the model guessers get, the same judge prompt and the same rules: name the entity to win, at most 20
        questions, and after the judge's 19th answer you must guess. Only your handle is stored with your games.
      </p>
      {models.data && profiles.length === 0 && <p className="notice">Add a judge model first: <a href={href.models()}>Models &amp; keys</a>.</p>}
      <form className="form-grid" onSubmit={submit}>
        <div className="field"><label htmlFor="play-handle">Your name or handle</label><input id="play-handle" value={handle} onChange={(e) => setHandle(e.target.value)} maxLength={40} autoFocus /></div>
        <div className="field">
          <label htmlFor="play-dataset">Dataset</label>
          <select id="play-dataset" value={dataset} onChange={(e) => setDataset(e.target.value as 'things' | 'celebrities')}><option value="things">Things</option><option value="celebrities">Celebrities</option></select>
        </div>
        <div className="field">
          <label htmlFor="play-split">Split</label>
          <select id="play-split" value={split} onChange={(e) => setSplit(e.target.value as 'train' | 'dev' | 'test')}><option>test</option><option>dev</option><option>train</option></select>
        </div>
        <div className="field">
          <label htmlFor="play-judge">Judge</label>
          <select id="play-judge" value={judge} onChange={(e) => setJudge(e.target.value)}>
            <option value="">Choose a model…</option>
            {profiles.map((p) => <option key={p.id} value={p.id}>{p.name} ({p.config.provider}:{p.config.model})</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="play-hint">Hints from (optional)</label>
          <select id="play-hint" value={hint} onChange={(e) => setHint(e.target.value)}>
            <option value="">no hints</option>
            {profiles.map((p) => <option key={p.id} value={p.id}>{p.name} ({p.config.provider}:{p.config.model})</option>)}
          </select>
          <small className="hint">You may ask what this model would ask next; the game is then marked hinted.</small>
        </div>
        <div className="form-actions"><button type="submit" className="primary" disabled={!handle.trim() || !judge}>Play</button></div>
      </form>
      <PlayerBoard dataset={dataset} />
    </>
  );
}

function Game({ initial, onAgain }: { initial: HumanGameState; onAgain: () => void }) {
  const api = useApi();
  const [game, setGame] = useState(initial);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
    if (!busy) input.current?.focus();
  }, [game, busy]);

  const act = async (what: () => Promise<HumanGameState>) => {
    setBusy(true);
    setError(null);
    try {
      setGame(await what());
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return;
    const text = question;
    setQuestion('');
    void act(() => api.call('human.ask', { episodeId: game.episodeId, question: text }));
  };
  const over = game.status === 'done' || game.status === 'error';
  const turn = Math.min(game.turns.length + 1, game.maxTurns);

  return (
    <div className="play">
      <p className="meta">
        <strong>{game.handle}</strong> · {game.dataset}/{game.split} · <span data-testid="turn-counter">{over ? `${game.turns.length} questions asked` : `Question ${turn} of ${game.maxTurns}`}</span>
        {game.hinted && <span className="mark">hinted</span>}
      </p>
      <details>
        <summary>The instructions (what the model guessers are told)</summary>
        <p className="instructions">{game.instructions}</p>
      </details>
      <ol className="chat" aria-label="Your game" aria-live="polite">
        {game.turns.map((t) => (
          <li key={t.idx} className="turn">
            <div className="bubble guesser"><span className="speaker">Q{t.idx} · you</span><p>{t.question}</p></div>
            <div className={`bubble judge label-${t.label}`}>
              <span className="speaker">judge · <span className={`chip label-${t.label as JudgeLabel}`}>{LABEL[t.label] ?? t.label}</span>{t.mustGuess && <span className="chip must-guess">must guess now</span>}</span>
              <p>{t.answer}</p>
            </div>
          </li>
        ))}
        <li ref={end} />
      </ol>
      {game.hints.map((h) => (
        <p key={h.turn} className="notice" data-testid="hint">{h.model} would ask: “{h.text}”</p>
      ))}
      <ErrorNote error={error ?? game.error} />
      {!over ? (
        <form className="ask" onSubmit={ask}>
          <label htmlFor="play-question" className="sr-only">Your question</label>
          <input id="play-question" ref={input} value={question} onChange={(e) => setQuestion(e.target.value)} placeholder={game.turns.length === 0 ? 'Ask a yes/no question, e.g. “Is it alive?”' : 'Your next question, or your guess'} disabled={busy} maxLength={300} autoComplete="off" />
          <button type="submit" className="primary" disabled={busy || !question.trim()}>{busy ? 'The judge is answering…' : 'Ask'}</button>
          {game.hintModel && <button type="button" disabled={busy} onClick={() => act(() => api.call('human.hint', { episodeId: game.episodeId }))}>What would {game.hintModel} ask?</button>}
          <button type="button" disabled={busy} onClick={() => act(() => api.call('human.abandon', { episodeId: game.episodeId }))}>Give up</button>
        </form>
      ) : (
        <div className="welcome" role="status" data-testid="result">
          <h2>{game.outcome === 'win' ? `You got it in ${game.turns.length}!` : game.status === 'error' ? 'Game given up' : 'Out of questions'}</h2>
          <p>It was <strong data-testid="revealed">{game.entity}</strong>.</p>
          <div className="actions">
            <button type="button" className="primary" onClick={onAgain} autoFocus>Play again</button>
            <a className="button" href={href.episode(game.episodeId)}>Transcript</a>
            <a className="button" href={href.compare(game.episodeId)}>Compare with models on this entity</a>
          </div>
        </div>
      )}
      {over && <PlayerBoard dataset={game.dataset} />}
    </div>
  );
}

/** Humans and models side by side: games, success with its Wilson interval, mean score with its interval. */
function PlayerBoard({ dataset }: { dataset: string }) {
  const board = useQuery('explore.leaderboard', { filters: { dataset } });
  const rows = board.data?.rows ?? [];
  if (!rows.length) return null;
  const pct = (x: number | null) => (x === null ? '—' : `${(100 * x).toFixed(0)}%`);
  const two = (x: number | null) => (x === null ? '—' : x.toFixed(2));
  return (
    <>
      <h2>Players on {dataset}</h2>
      <table className="data" data-testid="player-board">
        <thead>
          <tr><th scope="col">Player</th><th scope="col" className="num">Games</th><th scope="col" className="num">Success (95% CI)</th><th scope="col" className="num">Score (95% CI)</th></tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.player} data-player={r.player}>
              <th scope="row">{r.player.replace(/^human:/, '')} {r.kind === 'human' ? <span className="mark">human</span> : null}</th>
              <td className="num">{r.episodes}</td>
              <td className="num">{pct(r.metrics.success.pooled)} ({pct(r.metrics.success.low)}–{pct(r.metrics.success.high)})</td>
              <td className="num">{two(r.metrics.score.pooled)} ({two(r.metrics.score.low)}–{two(r.metrics.score.high)})</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="meta">Over all of a player's games: success with its Wilson 95% interval, mean score with a normal-approximation interval. Sessions a reviewer marked invalid are left out.</p>
    </>
  );
}
