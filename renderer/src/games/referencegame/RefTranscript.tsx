import type { TranscriptView } from '../../../../shared/api/contract';
import { RawCall } from '../../components/RawCall';
import { episodeOf, type RefEpisodeView, type RefGrid, type RefReply } from './episode';

/** The reference game: the describer's grids (target first), its expression, the follower's grids and answer, the verdict. */
export function RefTranscript({ view }: { view: TranscriptView }) {
  const ep = episodeOf(view.events);
  const target = ep.describerGrids[0]?.rows.join('\n');
  return (
    <div aria-label="Reference game">
      <h4>Describer sees</h4>
      <Grids grids={ep.describerGrids} highlight={(g, i) => (i === 0 ? 'ref-target' : '')} />
      <Reply who="describer" reply={ep.describer} />
      {ep.followerGrids.length > 0 && (
        <>
          <h4>Follower sees</h4>
          <Grids grids={ep.followerGrids} highlight={(g) => (g.rows.join('\n') === target ? 'ref-target' : '')} />
        </>
      )}
      <Reply who="follower" reply={ep.follower} />
      <Verdict verdict={ep.verdict} />
    </div>
  );
}

/** The game master's verdict: correct, wrong, or why the episode was aborted. */
export function Verdict({ verdict }: { verdict: RefEpisodeView['verdict'] }) {
  if (!verdict) return null;
  return (
    <p className={`ref-verdict ref-${verdict.kind}`} data-testid="verdict">
      {/* The note starts with the verdict the chip already shows ("correct: the follower chose…"): said once. */}
      <span className="chip">{verdict.kind}</span> {verdict.text.startsWith(`${verdict.kind}: `) ? verdict.text.slice(verdict.kind.length + 2) : verdict.text}
    </p>
  );
}

function Grids({ grids, highlight }: { grids: RefGrid[]; highlight: (g: RefGrid, i: number) => string }) {
  return (
    <div className="ref-grids">
      {grids.map((g, i) => (
        <figure key={g.label} className={highlight(g, i)}>
          <figcaption className="meta">{g.label}</figcaption>
          <pre className="ref-grid">{g.rows.join('\n')}</pre>
        </figure>
      ))}
    </div>
  );
}

export function Reply({ who, reply }: { who: string; reply: RefReply | null }) {
  if (!reply) return null;
  const refused = reply.valid === false;
  return (
    <div className={`event kind-response${refused ? ' invalid' : ''}`} data-testid={`${who}-reply`}>
      <span className="who">
        {who}
        {refused && <span className="chip outcome-error">refused: aborts the episode</span>}
        {reply.flags.map((f) => (
          <code key={f} className="mark">{f}</code>
        ))}
      </span>
      <pre className="text ref-text">{reply.text}</pre>
      <RawCall callId={reply.callId} label={`${who} call`} />
    </div>
  );
}

/** The one round in a side-by-side column: the expression and the verdict (the multimodal game's too). */
export function RefRound({ view }: { view: TranscriptView; round: number }) {
  const ep = episodeOf(view.events);
  return (
    <>
      <div className="ref-text">{ep.describer?.text ?? ''}</div>
      {ep.follower && <div className="ref-text">{ep.follower.text}</div>}
      {ep.verdict && <span className="chip">{ep.verdict.kind}</span>}
    </>
  );
}
