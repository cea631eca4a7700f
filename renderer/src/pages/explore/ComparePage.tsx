import { Fragment, useState } from 'react';
import type { GameInfo, TranscriptView } from '../../../../shared/api/contract';
import { outcomeName, type Outcome } from '../../../../shared/contract/game';
import { useGames } from '../../api/games';
import { useQuery } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { OutcomeBadge } from '../../components/OutcomeBadge';
import { gameViews } from '../../games';
import { href } from '../../links';

const MARK_TEXT: Record<string, { text: string; title: string }> = {
  'first-yes': { text: 'first Yes', title: 'first Yes of this game' },
  winning: { text: 'winning turn', title: 'the winning move' },
};

/** Episodes of one instance by different players, read round by round in aligned columns. */
export function ComparePage({ episodeId }: { episodeId: number }) {
  const siblings = useQuery('explore.siblings', { episodeId });
  const { gameOf } = useGames();
  const [picked, setPicked] = useState<number[] | null>(null);
  if (siblings.error && !siblings.data) return <ErrorNote error={siblings.error} />;
  if (!siblings.data) return <p aria-busy="true">Loading…</p>;
  // Episodes of the same instance in the game's text or image variant are offered after its own.
  const all = [...siblings.data.episodes, ...siblings.data.variants];
  const self = all.find((x) => x.id === episodeId);
  // By default: this episode and the first episode of up to three other players.
  const initial = [episodeId, ...all.filter((e, i) => e.id !== episodeId && all.findIndex((x) => x.player === e.player) === i && e.player !== self?.player).map((e) => e.id)].slice(0, 4);
  const chosen = picked ?? initial;
  const toggle = (id: number) =>
    setPicked((p) => {
      const current = p ?? initial;
      return current.includes(id) ? current.filter((x) => x !== id) : current.length < 4 ? [...current, id] : current;
    });
  return (
    <section aria-labelledby="compare-title">
      <p className="breadcrumb"><a href={href.episode(episodeId)}>← Episode {episodeId}</a></p>
      <header className="page-header"><h1 id="compare-title">Side by side: {siblings.data.instance}</h1></header>
      <details open={chosen.length < 2}>
        <summary>Choose 2–4 episodes of {siblings.data.instance} ({all.length} played)</summary>
        <div className="checks">
          {all.map((e) => (
            <label key={e.id}>
              <input type="checkbox" checked={chosen.includes(e.id)} onChange={() => toggle(e.id)} disabled={!chosen.includes(e.id) && chosen.length >= 4} /> {e.player} · run #{e.runId} rep. {e.repetition} ·{' '}
              {e.outcome ? outcomeText(gameOf(e.game ?? siblings.data!.game), e.outcome, e.scores) : e.status}
              {e.game && <span className="tag variant"> {gameOf(e.game)?.shortTitle ?? e.game}</span>}
              {e.hinted && <> <HintedBadge /></>}
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
  const { gameOf } = useGames();
  if (view.error && !view.data) return <ErrorNote error={view.error} />;
  if (!view.data) return <p aria-busy="true">Loading transcripts…</p>;
  const columns = view.data.columns;
  const game = gameOf(view.data.game);
  // Columns may be the text and the image variant of one instance: each reads with its own game's view.
  const roundOf = (c: TranscriptView) => gameViews(c.episode.game).Round ?? GenericRound;
  const mixed = new Set(columns.map((c) => c.episode.game)).size > 1;
  const rounds = [...new Set(columns.flatMap((c) => c.events.map((e) => e.round)))].filter((r) => r > 0).sort((a, b) => a - b);
  const player = (c: TranscriptView) => c.episode.seats.filter((s) => gameOf(c.episode.game)?.roles.find((r) => r.id === s.role)?.subject).map((s) => s.player).join('--');
  return (
    <div className="side-by-side" data-testid="side-by-side">
      <table className="data aligned">
        <thead>
          <tr>
            <th scope="col" className="num">Round</th>
            {columns.map((c) => (
              <th key={c.episode.id} scope="col">
                <a href={href.episode(c.episode.id)}>{player(c)}</a> {mixed && <span className="tag variant">{gameOf(c.episode.game)?.shortTitle ?? c.episode.game}</span>} <span className="meta">run #{c.episode.runId} rep. {c.episode.repetition}</span>{' '}
                <OutcomeBadge episode={c.episode} game={gameOf(c.episode.game) ?? game} />
                {c.hinted && <> <HintedBadge /></>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rounds.map((round) => (
            <tr key={round}>
              <th scope="row" className="num">{round}</th>
              {columns.map((c) => {
                if (!c.events.some((e) => e.round === round)) return <td key={c.episode.id} className="ended" />;
                const mark = c.marks.find((m) => m.round === round);
                const Round = roundOf(c);
                return (
                  <td key={c.episode.id} className={`turn-cell${mark?.marks.includes('winning') ? ' winning' : ''}`}>
                    <Round view={c} round={round} />
                    {/* A space before each mark, so the cell's text reads "Yes first Yes", not "Yesfirst Yes". */}
                    {mark?.marks.map((m) => <Fragment key={m}> <span className={`mark${m === 'winning' ? ' win' : ''}`} title={MARK_TEXT[m]?.title ?? m}>{MARK_TEXT[m]?.text ?? m}</span></Fragment>)}
                    {mark?.repeatOf != null && <> <span className="mark repeat" title={`repeats round ${mark.repeatOf}`}>repeats Q{mark.repeatOf}</span></>}
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

const outcomeText = (game: GameInfo | undefined, outcome: Outcome, scores: Record<string, number> | null) => (game ? outcomeName(game.view, outcome, scores) : outcome);

/** A person's game played with a hint model's help: never compared as if played alone. */
function HintedBadge() {
  return <span className="chip hinted" data-testid="hinted-badge" title="The person asked a hint model for help in this game">hinted</span>;
}

/** A round of any game: what each seat said in it. */
function GenericRound({ view, round }: { view: TranscriptView; round: number }) {
  return (
    <>
      {view.events
        .filter((e) => e.round === round && e.text)
        .map((e) => (
          <div key={e.idx}>
            <span className="meta">{e.from ?? 'game'}:</span> {e.text}
          </div>
        ))}
    </>
  );
}
