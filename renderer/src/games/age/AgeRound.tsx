import type { TranscriptView } from '../../../../shared/api/contract';
import { EndNote, GroupTag, GuessMark, TurnBadges, groupClass, playerName } from './AgeTranscript';
import { ageEpisodeOf } from './episode';

/** One round in a side-by-side column: each player's description and guess, the end when it fell in this round. */
export function AgeRound({ view, round }: { view: TranscriptView; round: number }) {
  const ep = ageEpisodeOf(view.events, view.episode.seats, view.episode.seatScores);
  const turns = ep.turns.filter((t) => t.round === round);
  return (
    <>
      <ol className="age-round">
        {turns.map((t) => (
          <li key={t.idx} className={groupClass(t.group)} data-testid="age-turn" data-kind={t.kind} data-seat={t.seat}>
            <strong title={playerName(t.number, t.seat)}>{t.number !== null ? `P${t.number}` : t.seat}</strong> <GroupTag group={t.group} /> <TurnBadges turn={t} />
            <div>{t.kind === 'pending' ? <span className="meta">waiting…</span> : (t.description ?? <span className="meta">(no valid description)</span>)}</div>
            {t.kind === 'no_guess' ? <span className="chip age-wrong">no guess: {t.noGuess}</span> : <GuessMark turn={t} />}
            {t.retries.length > 0 && <span className="meta"> · {t.retries.length} refused</span>}
          </li>
        ))}
      </ol>
      {ep.end && ep.end.round === round && <EndNote end={ep.end} />}
    </>
  );
}
