/** A run's games as training data: the trained seat's chats (fine-tuning) or per-turn rewards (RL), as JSONL. */
import { useState } from 'react';
import type { GameInfo } from '../../../../shared/api/contract';
import { useApi } from '../../api/hooks';
import { download } from '../../download';

export function TrainingExport({ runId, game, subset }: { runId: number; game: GameInfo; subset: string | null }) {
  const api = useApi();
  const training = game.training;
  const [format, setFormat] = useState<'chat' | 'rewards'>('chat');
  const [games, setGames] = useState<'successful' | 'all'>('successful');
  const [allowHeldOut, setAllowHeldOut] = useState(false);
  const [yesStart, setYesStart] = useState('0.2');
  const [yesSlope, setYesSlope] = useState('0.025');
  const [notes, setNotes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  if (!training) return null;
  const heldOut = subset !== null && training.heldOut.includes(subset);

  const save = async () => {
    setError(null);
    try {
      const rule = format === 'rewards' ? { yesStart: Number(yesStart), yesSlope: Number(yesSlope) } : undefined;
      const file = await api.call('runs.trainingExport', { runIds: [runId], format, games, allowHeldOut, ...(rule ? { rule } : {}) });
      download(file);
      setNotes(file.notes);
    } catch (e) {
      setNotes([]);
      setError((e as Error).message);
    }
  };

  return (
    <details className="training-export" data-testid="training-export">
      <summary>Training data (JSONL)</summary>
      <p className="meta">
        The {training.seat}'s view of each game as a chat, for fine-tuning on these games (behaviour cloning); or every turn with its reward, for RL
        from game play: the game's score (Eq. 1) at the final turn and a reward for each Yes at the others (Eq. 2). The CLI:{' '}
        <code>parlor export training --runs {runId}</code>.
      </p>
      <div className="inline-form">
        <label>
          Kind{' '}
          <select value={format} onChange={(e) => { const f = e.target.value as 'chat' | 'rewards'; setFormat(f); setGames(f === 'chat' ? 'successful' : 'all'); }}>
            <option value="chat">chats (fine-tuning)</option>
            <option value="rewards">per-turn rewards (RL)</option>
          </select>
        </label>
        <label>
          Games{' '}
          <select value={games} onChange={(e) => setGames(e.target.value as 'successful' | 'all')}>
            <option value="successful">successful only</option>
            <option value="all">all, with their outcome</option>
          </select>
        </label>
        {format === 'rewards' && (
          <>
            <label>Yes reward at turn 0 <input inputMode="decimal" size={6} value={yesStart} onChange={(e) => setYesStart(e.target.value)} /></label>
            <label>less per turn <input inputMode="decimal" size={6} value={yesSlope} onChange={(e) => setYesSlope(e.target.value)} /></label>
          </>
        )}
        {heldOut && (
          <label className="warning">
            <input type="checkbox" checked={allowHeldOut} onChange={(e) => setAllowHeldOut(e.target.checked)} /> Export games on the held-out {subset} split anyway
          </label>
        )}
        <button type="button" onClick={() => void save()}>Export training data</button>
      </div>
      {heldOut && !allowHeldOut && <p className="meta">These games are on the {subset} split, held out for evaluation: a model trained on them cannot be evaluated on it.</p>}
      {error && <p className="inline-error" role="alert">{error}</p>}
      {notes.length > 0 && <ul className="meta" role="status" data-testid="training-notes">{notes.map((n) => <li key={n}>{n}</li>)}</ul>}
    </details>
  );
}
