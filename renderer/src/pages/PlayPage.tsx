import { useEffect, useState, type FormEvent } from 'react';
import type { ApiInput, GameInfo, HumanGameState } from '../../../shared/api/contract';
import { useGames } from '../api/games';
import { useApi, useQuery } from '../api/hooks';
import { ErrorNote } from '../components/ErrorNote';
import { gameViews, type PlayAction } from '../games';
import { href, navigate } from '../links';
import { FixedSubsetSelect } from './FixedSubsetField';
import { GenericPlay } from './GenericPlay';
import { PausedGames, usePausedGames } from './PausedGames';
import { PlayerBoard } from './PlayerBoard';
import { defaultSubset } from './newRunForm';

/** A person takes a seat of a game against models in the others, under the rules the models play by. */
export function PlayPage({ resume }: { resume?: number }) {
  const api = useApi();
  const { games, gameOf } = useGames();
  const [state, setState] = useState<HumanGameState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const paused = usePausedGames();
  // A Resume link opens the game again with its players, then leaves the plain Play address behind.
  useEffect(() => {
    if (resume === undefined) return;
    let live = true;
    setError(null);
    api
      .call('human.resume', { episodeId: resume })
      .then(({ episodeId }) => api.call('human.state', { episodeId }))
      .then(
        (next) => {
          if (!live) return;
          setState(next);
          navigate(href.play());
        },
        (e: unknown) => live && setError((e as Error).message),
      );
    return () => {
      live = false;
    };
  }, [api, resume]);

  const start = async (input: ApiInput<'human.start'>) => {
    setError(null);
    try {
      setState(await api.call('human.start', input));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const act = async (action: PlayAction) => {
    if (!state) return;
    const episodeId = state.episodeId;
    setState(
      action === 'hint'
        ? await api.call('human.hint', { episodeId })
        : action === 'abandon'
          ? await api.call('human.abandon', { episodeId })
          : await api.call('human.say', { episodeId, text: action.say }),
    );
  };
  const game = gameOf(state?.game);
  const Play = (state && gameViews(state.game).Play?.[state.seat]) ?? GenericPlay;

  return (
    <section aria-labelledby="play-title">
      <header className="page-header">
        <h1 id="play-title">Play</h1>
        <a className="button" href={href.review()}>Review human games</a>
      </header>
      <ErrorNote error={error} />
      {!state && resume === undefined && <PausedGames games={paused} />}
      {!state && games.length > 0 && <Setup games={games} onStart={start} />}
      {state && (
        <>
          <Play state={state} act={act} onAgain={() => setState(null)} />
          {(state.status === 'done' || state.status === 'error') && game && <PlayerBoard game={game} dataset={state.dataset} role={state.role} />}
        </>
      )}
    </section>
  );
}

function Setup({ games, onStart }: { games: GameInfo[]; onStart: (input: ApiInput<'human.start'>) => void }) {
  const models = useQuery('models.list', {});
  const [handle, setHandle] = useState(() => localStorage.getItem('parlor.player') ?? '');
  const [gameId, setGameId] = useState(games[0]!.id);
  const game = games.find((g) => g.id === gameId) ?? games[0]!;
  const seats = game.roles.filter((r) => r.human);
  const [seat, setSeat] = useState(seats[0]?.id ?? '');
  const [dataset, setDataset] = useState(game.datasets[0]?.name ?? '');
  const subsets = game.datasets.find((d) => d.name === dataset)?.subsets ?? [];
  const [subset, setSubset] = useState(() => defaultSubset(game, dataset));
  const [fixed, setFixed] = useState('');
  const [others, setOthers] = useState<Record<string, string>>({});
  const [hint, setHint] = useState('');
  // Seat, dataset and the other seats' models belong to a game: a new game starts them afresh.
  const chooseGame = (id: string) => {
    const next = games.find((g) => g.id === id) ?? games[0]!;
    setGameId(next.id);
    setSeat(next.roles.find((r) => r.human)?.id ?? '');
    setDataset(next.datasets[0]?.name ?? '');
    setSubset(next.datasets[0]?.defaultSubset ?? '');
    setFixed('');
    setOthers({});
  };
  const profiles = models.data ?? [];
  const otherRoles = game.roles.filter((r) => r.id !== seat);
  const ready = !!handle.trim() && otherRoles.every((r) => others[r.id]) && !!dataset && !!subset;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    localStorage.setItem('parlor.player', handle.trim());
    onStart({
      game: game.id, handle: handle.trim(), dataset, subset, seat,
      models: Object.fromEntries(otherRoles.map((r) => [r.id, Number(others[r.id])])),
      ...(hint ? { hintModelId: Number(hint) } : {}),
      ...(fixed ? { fixed } : {}),
    });
  };
  const options = profiles.map((p) => <option key={p.id} value={p.id}>{p.name} ({p.config.provider}:{p.config.model})</option>);
  const seatLabel = game.roles.find((r) => r.id === seat)?.label.toLowerCase() ?? seat;
  return (
    <>
      <p className="meta">
        You take a seat under the same rules and prompts as the models: the same game master plays your game, and your game is stored
        next to theirs. Only your handle is stored with your games.
      </p>
      {models.data && profiles.length === 0 && <p className="notice">Add a model for the other seats first: <a href={href.models()}>Models &amp; keys</a>.</p>}
      <form className="form-grid" onSubmit={submit}>
        <div className="field"><label htmlFor="play-handle">Your name or handle</label><input id="play-handle" value={handle} onChange={(e) => setHandle(e.target.value)} maxLength={40} autoFocus /></div>
        <div className="field">
          <label htmlFor="play-game">Game</label>
          <select id="play-game" value={gameId} onChange={(e) => chooseGame(e.target.value)}>{games.map((g) => <option key={g.id} value={g.id}>{g.title}</option>)}</select>
        </div>
        <div className="field">
          <label htmlFor="play-seat">Your seat</label>
          <select id="play-seat" value={seat} onChange={(e) => setSeat(e.target.value)}>{seats.map((r) => <option key={r.id} value={r.id}>{r.label}</option>)}</select>
        </div>
        <div className="field">
          <label htmlFor="play-dataset">Dataset</label>
          <select id="play-dataset" value={dataset} onChange={(e) => { setDataset(e.target.value); setFixed(''); setSubset(defaultSubset(game, e.target.value)); }}>
            {game.datasets.map((d) => <option key={d.name} value={d.name}>{d.title}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="play-subset">{game.view.nouns.subset.charAt(0).toUpperCase() + game.view.nouns.subset.slice(1)}</label>
          <select id="play-subset" value={subset} onChange={(e) => { setSubset(e.target.value); setFixed(''); }}>{[...subsets].reverse().map((s) => <option key={s.name} value={s.name}>{s.name}</option>)}</select>
        </div>
        <div className="field">
          <label htmlFor="play-fixed">Fixed subset</label>
          <FixedSubsetSelect id="play-fixed" game={game.id} dataset={dataset} subset={subset} value={fixed} onChange={setFixed} />
          <small className="hint">The items model runs on it play, so your numbers sit beside theirs.</small>
        </div>
        {otherRoles.map((role) => (
          <div className="field" key={role.id}>
            <label htmlFor={`play-role-${role.id}`}>{role.label}</label>
            <select id={`play-role-${role.id}`} value={others[role.id] ?? ''} onChange={(e) => setOthers((o) => ({ ...o, [role.id]: e.target.value }))}>
              <option value="">Choose a model…</option>
              {options}
            </select>
          </div>
        ))}
        <div className="field">
          <label htmlFor="play-hint">Hints from (optional)</label>
          <select id="play-hint" value={hint} onChange={(e) => setHint(e.target.value)}>
            <option value="">no hints</option>
            {options}
          </select>
          <small className="hint">You may ask what this model would do in your seat; the game is then marked hinted.</small>
        </div>
        <div className="form-actions"><button type="submit" className="primary" disabled={!ready}>Play as {seatLabel}</button></div>
      </form>
      {seat && <PlayerBoard game={game} dataset={dataset} role={seat} />}
    </>
  );
}
