import type { TranscriptView } from '../../../../shared/api/contract';
import { RawCall } from '../../components/RawCall';
import { ageEpisodeOf, roundsOf, type AgeEpisodeView, type AgeGroup, type AgeSeatView, type AgeTurnView } from './episode';
import { fixed } from '../../../../shared/text/number';

/** Colour is never the only cue: each group also has its own shape and is named. */
const SHAPE: Record<AgeGroup, string> = { 1: '●', 2: '▲' };
const SCORE_KEYS = [
  ['comprehension', 'comprehension'],
  ['confusion', 'confusion'],
  ['age', 'AGE'],
] as const;

export const groupClass = (group: AgeGroup | null): string => (group === null ? 'age-g0' : `age-g${group}`);

export function GroupTag({ group }: { group: AgeGroup | null }) {
  if (group === null) return <span className="age-group age-g0">no group</span>;
  return (
    <span className={`age-group ${groupClass(group)}`}>
      <span aria-hidden="true">{SHAPE[group]}</span> group {group}
    </span>
  );
}

/** The guess with its verdict; "none" when the seat could not tell yet. */
export function GuessMark({ turn }: { turn: AgeTurnView }) {
  if (turn.kind !== 'utterance') return null;
  if (turn.guess === null) return <span className="meta">guess: none</span>;
  const verdict = turn.correct ? <span className="chip age-correct">✓ correct</span> : turn.ownWord ? <span className="chip age-own">own word</span> : <span className="chip age-wrong">✗ wrong</span>;
  return (
    <span className="age-guess">
      guess: <strong>{turn.guess}</strong> {verdict}
    </span>
  );
}

export function TurnBadges({ turn }: { turn: AgeTurnView }) {
  return (
    <>
      {turn.firstCorrect && (
        <span className="chip age-first-correct" data-testid="age-first-correct">
          first correct guess
        </span>
      )}
      {turn.leak && (
        <span className="chip age-leak" data-testid="age-leak" title="the description names the seat's own word or a synonym">
          LEAK
        </span>
      )}
    </>
  );
}

/** The run's "Player <n>" (the New run form's numbering), or the seat's id when the number is not known. */
export const playerName = (number: number | null, seat: string): string => (number !== null ? `Player ${number}` : seat);
const ordinal = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

const fmt = (v: number | undefined) => (v === undefined ? '–' : fixed(v, 4));

function SeatRow({ seat }: { seat: AgeSeatView }) {
  return (
    <li className={`age-seat ${groupClass(seat.group)}`} data-testid="age-seat" data-seat={seat.seat} data-group={seat.group}>
      <strong>{playerName(seat.number, seat.seat)}</strong> · speaks {ordinal(seat.order)} · {seat.model ?? seat.seat} · <GroupTag group={seat.group} /> · <span className="age-word">{seat.word}</span>
      {seat.scores && (
        <span className="meta age-scores">
          {' '}
          · {SCORE_KEYS.map(([key, label]) => `${label} ${fmt(seat.scores?.[key])}`).join(' · ')}
          {seat.scores.first_guess !== undefined && ` · first correct guess at ${seat.scores.first_guess}`}
        </span>
      )}
    </li>
  );
}

function Retries({ turn }: { turn: AgeTurnView }) {
  return (
    <>
      {turn.retries.map((r, i) => (
        <div key={i} className="age-reprompt" data-testid="age-reprompt">
          <span className="meta">refused reply{r.reason ? ` (${r.reason})` : ''}{r.correction !== null ? ': the game asked again' : ''}</span>
          {r.reply !== '' && <pre className="age-text">{r.reply}</pre>}
          {r.correction !== null && (
            <details>
              <summary className="meta">correction sent</summary>
              <pre className="age-text">{r.correction}</pre>
            </details>
          )}
        </div>
      ))}
    </>
  );
}

function Turn({ turn, seat }: { turn: AgeTurnView; seat: AgeSeatView | undefined }) {
  const who = playerName(turn.number, turn.seat);
  return (
    <li className={`age-turn ${groupClass(turn.group)} age-${turn.kind}`} data-testid="age-turn" data-kind={turn.kind} data-seat={turn.seat}>
      <span className="speaker">
        {turn.position !== null && <span>#{turn.position}</span>}
        <strong>{who}</strong>
        {seat?.model && <span>{seat.model}</span>}
        <GroupTag group={turn.group} />
        <TurnBadges turn={turn} />
      </span>
      {turn.prompt !== null && (
        <details className="age-prompt">
          <summary className="meta">prompt sent to {who}{turn.order !== null && turn.order !== turn.number ? ` (“Player ${turn.order}” in the game’s prompts)` : ''}</summary>
          <pre className="age-text">{turn.prompt}</pre>
        </details>
      )}
      <Retries turn={turn} />
      {turn.kind === 'pending' ? (
        <p className="meta">waiting for a valid reply…</p>
      ) : (
        <p className="age-description">{turn.description ?? <span className="meta">(no valid description)</span>}</p>
      )}
      {turn.kind === 'no_guess' && (
        <p className="age-no-guess-note">
          <span className="chip age-wrong">no guess</span> no valid answer ({turn.noGuess}): the turn counts as no guess
        </p>
      )}
      <GuessMark turn={turn} />
      <RawCall callId={turn.callId} label={`${who} call`} />
    </li>
  );
}

export function EndNote({ end }: { end: AgeEpisodeView['end'] }) {
  if (!end) return null;
  const label = end.kind === 'both_guessed' ? 'both words guessed' : end.kind === 'round_limit' ? 'round limit' : end.kind;
  return (
    <p className="age-end" data-testid="age-end" data-end={end.kind}>
      <span className={`chip ${end.kind === 'both_guessed' ? 'age-correct' : 'age-own'}`}>{label}</span> {end.text}
    </p>
  );
}

/** Who Is Spy: the seats in speaking order by group, then each round's descriptions and guesses, then the end. */
export function AgeTranscript({ view }: { view: TranscriptView }) {
  const ep = ageEpisodeOf(view.events, view.episode.seats, view.episode.seatScores);
  const bySeat = new Map(ep.seats.map((s) => [s.seat, s]));
  return (
    <div className="age" aria-label="Who Is Spy">
      <h4>Seats in speaking order</h4>
      <p className="meta">Player n is the run’s nth player, as on the New run form; the game’s prompts number the players by speaking order instead.</p>
      {ep.seats.length === 0 ? <p className="meta">The seating has not been recorded yet.</p> : (
        <ol className="age-seats">
          {ep.seats.map((s) => <SeatRow key={s.seat} seat={s} />)}
        </ol>
      )}
      {ep.turns.length === 0 && <p className="meta">No turn has been played yet.</p>}
      {roundsOf(ep.turns).map(({ round, turns }) => (
        <section key={round} className="age-round-block" aria-label={`Round ${round}`}>
          <h4>Round {round}</h4>
          <ol className="age-turns">
            {turns.map((t) => <Turn key={t.idx} turn={t} seat={bySeat.get(t.seat)} />)}
          </ol>
        </section>
      ))}
      {ep.notes.map((n, i) => <p key={i} className="meta age-note">Round {n.round}: {n.text}</p>)}
      <EndNote end={ep.end} />
    </div>
  );
}
