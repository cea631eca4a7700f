import { scoresLine } from '../../../shared/contract/game';
import { roleLabel, useGames } from '../api/games';
import { useEffect, useState } from 'react';
import { useApi, useQuery } from '../api/hooks';
import { download } from '../download';
import { ErrorNote } from '../components/ErrorNote';
import { GenericTranscript } from '../components/GenericTranscript';
import { CallStatsContext } from '../components/RawCall';
import { OutcomeBadge } from '../components/OutcomeBadge';
import { gameViews } from '../games';
import { href, navigate } from '../links';
import { EpisodeNav } from './EpisodeNav';
import { stepKey } from './episode-steps';

/** One episode: who sat where, its scores, and its record, in the game's own view where it has one. */
export function TranscriptPage({ episodeId }: { episodeId: number }) {
  const transcript = useQuery('episodes.transcript', { episodeId });
  const { gameOf } = useGames();
  const api = useApi();
  const [exporting, setExporting] = useState<string | null>(null);
  const exportBundle = async () => {
    setExporting('exporting…');
    try {
      download(await api.call('episodes.exportBundle', { episodeId }));
      setExporting(null);
    } catch (error) {
      setExporting(`export failed: ${(error as Error).message}`);
    }
  };
  const neighbours = transcript.data?.episode.id === episodeId ? transcript.data.neighbours : undefined;
  // [ and ] (or k and j) step through the run's episodes, unless a field has the keys.
  useEffect(() => {
    if (!neighbours) return;
    const onKey = (e: KeyboardEvent) => {
      const step = stepKey(e);
      const to = step === 'previous' ? neighbours.previous : step === 'next' ? neighbours.next : null;
      if (to !== null) navigate(href.episode(to));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [neighbours]);
  if (transcript.error && !transcript.data) return <ErrorNote error={transcript.error} />;
  if (!transcript.data) return <p aria-busy="true">Loading episode {episodeId}…</p>;
  const view = transcript.data;
  const { episode } = view;
  const game = gameOf(episode.game);
  const noun = game?.view.nouns.instance ?? 'instance';
  const Body = gameViews(episode.game).Transcript ?? GenericTranscript;
  const callStats = new Map(view.events.flatMap((e) => (e.callId !== null && e.turn ? [[e.callId, e.turn] as const] : [])));
  const key = episode.instanceView.key !== episode.instanceView.name ? episode.instanceView.key : null;

  return (
    <section aria-labelledby="transcript-title">
      <p className="breadcrumb">
        <a href={href.run(episode.runId)}>← Run #{episode.runId}</a> · <a href={href.compare(episode.id)}>Compare with other players on this {noun}</a> ·{' '}
        <button type="button" className="link" onClick={() => void exportBundle()} title="A zip of the transcript with every image the players saw">
          Export with images
        </button>
        {exporting && <span className="meta" role="status"> {exporting}</span>}
      </p>
      {view.neighbours && <EpisodeNav neighbours={view.neighbours} />}
      <header className="page-header">
        <h1 id="transcript-title">
          {episode.instance} <span className="meta">· repetition {episode.repetition}</span>
        </h1>
        <OutcomeBadge episode={episode} game={game} />
        {view.hinted && <span className="chip hinted" data-testid="hinted-badge" title="The person asked a hint model for help in this game">hinted</span>}
      </header>
      <p className="meta">
        {game?.shortTitle ?? episode.game} · {episode.dataset}/{episode.instanceView.subset}
        {key && <> · {noun} <code>{key}</code></>}
        {Object.entries(episode.instanceView.tags).map(([k, v]) => <span key={k}> · {k} {v}</span>)}
      </p>
      {/* What a seat was given can be long and unbroken (an image game's file paths): it wraps within the window. */}
      <p className="meta long-values">
        {episode.seats.map((s, i) => (
          <span key={s.seat}>
            {i > 0 && ' · '}
            {roleLabel(game, s.role).toLowerCase()} <strong>{s.player}</strong>
            {s.given ? <> ({Object.entries(s.given).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`).join('; ')})</> : null}
          </span>
        ))}{' '}
        · seed {episode.seed}
        {episode.scores && game && (
          <>
            {' '}
            ·{' '}
            {scoresLine(game.metrics, episode.scores)}
          </>
        )}
      </p>
      {episode.error && <ErrorNote error={`${episode.errorKind ?? 'error'}: ${episode.error}`} />}
      {episode.invalid && <p className="notice">Marked invalid by a reviewer: {episode.invalid}. Kept, and left out of every metric.</p>}
      <CallStatsContext.Provider value={callStats}>
        <Body view={view} />
      </CallStatsContext.Provider>
      {view.events.length === 0 && Body === GenericTranscript && <p className="meta">Nothing has been played yet.</p>}
    </section>
  );
}
