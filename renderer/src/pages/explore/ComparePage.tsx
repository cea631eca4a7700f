import { useState } from 'react';
import type { JudgeLabel } from '../../../../shared/contract/records';
import { useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { href } from '../../router';
import { OutcomeBadge } from '../RunPage';

const LABEL: Record<JudgeLabel, string> = { yes: 'Yes', no: 'No', maybe: 'Maybe', dunno: 'Dunno', bingo: 'Bingo!', other: 'off-format' };

/** Episodes of one entity by different players, read turn by turn in aligned columns. */
export function ComparePage({ episodeId }: { episodeId: number }) {
  const siblings = useQuery('explore.siblings', { episodeId });
  const [picked, setPicked] = useState<number[] | null>(null);
  if (siblings.error && !siblings.data) return <ErrorNote error={siblings.error} />;
  if (!siblings.data) return <p aria-busy="true">Loading…</p>;
  const all = siblings.data.episodes;
  // By default: this episode and the first episode of up to three other players.
  const initial = [episodeId, ...all.filter((e, i) => e.id !== episodeId && all.findIndex((x) => x.player === e.player) === i && e.player !== all.find((x) => x.id === episodeId)?.player).map((e) => e.id)].slice(0, 4);
  const chosen = picked ?? initial;
  const toggle = (id: number) => setPicked((p) => {
    const current = p ?? initial;
    return current.includes(id) ? current.filter((x) => x !== id) : current.length < 4 ? [...current, id] : current;
  });
  return (
    <section aria-labelledby="compare-title">
      <p className="breadcrumb"><a href={href.episode(episodeId)}>← Episode {episodeId}</a></p>
      <header className="page-header"><h1 id="compare-title">Side by side: {siblings.data.entity}</h1></header>
      <details open={chosen.length < 2}>
        <summary>Choose 2–4 episodes of {siblings.data.entity} ({all.length} played)</summary>
        <div className="checks">
          {all.map((e) => (
            <label key={e.id}>
              <input type="checkbox" checked={chosen.includes(e.id)} onChange={() => toggle(e.id)} disabled={!chosen.includes(e.id) && chosen.length >= 4} /> {e.player} · run #{e.runId} rep. {e.repetition} ·{' '}
              {e.outcome ?? e.status}{e.turns ? ` in ${e.turns}` : ''}
            </label>
          ))}
        </div>
      </details>
      {chosen.length >= 1 && <Columns ids={chosen} />}
    </section>
  );
}

function Columns({ ids }: { ids: number[] }) {
  const view = useQuery('explore.sideBySide', { episodeIds: ids });
  if (view.error && !view.data) return <ErrorNote error={view.error} />;
  if (!view.data) return <p aria-busy="true">Loading transcripts…</p>;
  const columns = view.data.columns;
  const length = Math.max(0, ...columns.map((c) => c.turns.length));
  return (
    <div className="side-by-side" data-testid="side-by-side">
      <table className="data aligned">
        <thead>
          <tr>
            <th scope="col" className="num">Turn</th>
            {columns.map((c) => (
              <th key={c.episode.id} scope="col">
                <a href={href.episode(c.episode.id)}>{c.episode.player}</a> <span className="meta">run #{c.episode.runId} rep. {c.episode.repetition}</span>{' '}
                <OutcomeBadge episode={{ status: c.episode.status, outcome: c.episode.outcome, errorKind: null }} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length }, (_, i) => (
            <tr key={i}>
              <th scope="row" className="num">{i + 1}</th>
              {columns.map((c) => {
                const t = c.turns[i];
                if (!t) return <td key={c.episode.id} className="ended" />;
                return (
                  <td key={c.episode.id} className={`turn-cell${t.winning ? ' winning' : ''}`}>
                    <div>{t.question}</div>
                    <span className={`chip label-${t.label}`}>{LABEL[t.label]}</span>
                    {t.firstYes && <span className="mark" title="first Yes of this game">first Yes</span>}
                    {t.winning && <span className="mark win" title="the winning question">winning turn</span>}
                    {t.repeatOf !== null && <span className="mark repeat" title={`repeats question ${t.repeatOf}`}>repeats Q{t.repeatOf}</span>}
                    {t.mustGuess && <span className="mark">must guess</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
