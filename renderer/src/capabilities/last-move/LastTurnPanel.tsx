/** The planning/reasoning ablation from a run page: swap another model into the last turn, or open the X → Y table. */
import { useState } from 'react';
import type { GameInfo } from '../../../../shared/api/contract';
import { RunConfigSchema } from '../../../../shared/contract/run';
import { useApi, useQuery } from '../../api/hooks';
import { href } from '../../links';
import { ablationHref } from './routes';

export function LastTurnPanel({ runId, game, config }: { runId: number; game: GameInfo; config: unknown }) {
  const api = useApi();
  const profiles = useQuery('models.list', {});
  const [picked, setPicked] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!game.lastMove) return null;
  const swapOf = RunConfigSchema.safeParse(config).data?.lastTurn?.run ?? null;
  if (swapOf !== null) {
    return (
      <p className="meta" data-testid="last-turn">
        A last-turn swap of <a href={href.run(swapOf)}>run #{swapOf}</a>: its games up to the {game.lastMove.seat}'s last move, made here by this run's model.{' '}
        <a href={ablationHref([swapOf, runId])}>X → Y table and the last turns side by side</a>
      </p>
    );
  }
  const start = async () => {
    const profile = profiles.data?.find((p) => String(p.id) === picked);
    if (!profile) return setError('Choose a model to take the last turn.');
    setBusy(true);
    setError(null);
    try {
      const swap = await api.call('ablation.start', { runId, model: profile.config });
      window.location.hash = href.run(swap.runId);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="last-turn" data-testid="last-turn">
      <summary>Swap the last turn (planning vs reasoning)</summary>
      <p className="meta">
        Replays every finished game of this run up to the {game.lastMove.seat}'s last move and lets another model make it, judged as usual (the paper's "X → Y",
        Tables 4 and 6). The CLI: <code>parlor ablate --trajectories {runId} --last-turn provider:model</code>.
      </p>
      <div className="inline-form">
        <label>
          Last turn by{' '}
          <select value={picked} onChange={(e) => setPicked(e.target.value)}>
            <option value="">choose a model…</option>
            {profiles.data?.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
          </select>
        </label>
        <button type="button" disabled={busy} onClick={() => void start()}>{busy ? 'Starting…' : 'Start the swap'}</button>
        <a href={ablationHref([runId])}>X → Y table</a>
      </div>
      {error && <p className="inline-error" role="alert">{error}</p>}
    </details>
  );
}
