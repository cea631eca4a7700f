import type { EventView, SeatView } from '../../../../shared/api/contract';

/**
 * An AGE ("Who Is Spy") episode as the views read it; the engine's game folder (games/age/master.ts)
 * writes the events: a seating note, then per turn a prompt, replies (refused ones followed by a
 * reprompt) and either a valid response or a no-guess note, and last an end note.
 */
export type AgeGroup = 1 | 2;

export interface AgeSeatView {
  seat: string;
  /** 1-based speaking position: the game's prompts call the seat "Player <order>". */
  order: number;
  /**
   * The run's player number (the New run form's "Player <n>", the nth model of the list), which the
   * views show: the speaking order changes from episode to episode, the player does not.
   */
  number: number | null;
  group: AgeGroup;
  word: string;
  /** The model (or person) in the seat, when the episode names it. */
  model: string | null;
  /** comprehension, confusion, age, leak, first_guess as scored; null before scoring. */
  scores: Record<string, number> | null;
}

/** A reply the game refused, with the correction it sent back (null when the record stops there). */
export interface AgeRetry {
  reply: string;
  callId: number | null;
  reason: string | null;
  correction: string | null;
}

export interface AgeTurnView {
  /** 'pending': a prompt (and maybe refused replies) with no outcome recorded yet. */
  kind: 'utterance' | 'no_guess' | 'pending';
  seat: string;
  /** Speaking position of the seat; null for a seat missing from the seating. */
  order: number | null;
  /** The run's player number of the seat (see AgeSeatView); null when it is not known. */
  number: number | null;
  group: AgeGroup | null;
  round: number;
  /** 1-based position in the game (pending turns are not counted). */
  position: number | null;
  description: string | null;
  /** Null: "none", or no valid reply. */
  guess: string | null;
  correct: boolean;
  ownWord: boolean;
  leak: boolean;
  /** The seat's first correct guess of the other word. */
  firstCorrect: boolean;
  /** Why the turn counts as no guess (no_guess turns only). */
  noGuess: string | null;
  /** The prompt the game sent for this turn (absent when a resumed turn reused it). */
  prompt: string | null;
  retries: AgeRetry[];
  callId: number | null;
  idx: number;
}

export interface AgeEpisodeView {
  seats: AgeSeatView[];
  turns: AgeTurnView[];
  end: { kind: string; text: string; round: number } | null;
  /** Other game-master notes (an abort, say), kept for the reader. */
  notes: { round: number; text: string }[];
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const groupOf = (v: unknown): AgeGroup | null => (v === 1 || v === 2 ? v : null);

type Seating = { seat: string; group: AgeGroup; word: string }[];

/** The seating note, the authoritative speaking order. */
function seatingNote(events: readonly EventView[]): Seating | null {
  const note = events.find((e) => e.kind === 'system' && Array.isArray(obj(e.action).seating));
  if (!note) return null;
  return (obj(note.action).seating as unknown[]).flatMap((r) => {
    const row = obj(r);
    const seat = str(row.seat);
    const word = str(row.word);
    const group = groupOf(row.group);
    return seat !== null && word !== null && group !== null ? [{ seat, group, word }] : [];
  });
}

/** Without the note (an episode not started yet): the seats' given words, by `order` when they carry one. */
function seatingFromGiven(seats: readonly SeatView[]): Seating {
  const rows = seats.flatMap((s, i) => {
    const given = obj(s.given);
    const word = str(given.word);
    const group = groupOf(given.group);
    const order = typeof given.order === 'number' ? given.order : i + 1;
    return word !== null && group !== null ? [{ seat: s.seat, group, word, order }] : [];
  });
  return rows.sort((a, b) => a.order - b.order).map(({ seat, group, word }) => ({ seat, group, word }));
}

/** The run's player number of a seat: `p<n>` as the game names its seats, else its place among the episode's seats. */
function playerNumber(seat: string, seats: readonly SeatView[]): number | null {
  const named = /^p(\d+)$/.exec(seat);
  if (named) return Number(named[1]);
  const at = seats.findIndex((v) => v.seat === seat);
  return at < 0 ? null : at + 1;
}

export function seatsOf(events: readonly EventView[], seats: readonly SeatView[] = [], seatScores: Record<string, Record<string, number>> = {}): AgeSeatView[] {
  const seating = seatingNote(events) ?? seatingFromGiven(seats);
  return seating.map((s, i) => {
    const scores = seatScores[s.seat];
    return { ...s, order: i + 1, number: playerNumber(s.seat, seats), model: seats.find((v) => v.seat === s.seat)?.player ?? null, scores: scores && Object.keys(scores).length > 0 ? scores : null };
  });
}

interface Pending {
  prompt: string | null;
  retries: AgeRetry[];
  round: number;
  idx: number;
}

/** Reads the events into seats, turns in order, the end and any other note. */
export function ageEpisodeOf(events: readonly EventView[], seatViews: readonly SeatView[] = [], seatScores: Record<string, Record<string, number>> = {}): AgeEpisodeView {
  const seats = seatsOf(events, seatViews, seatScores);
  const bySeat = new Map(seats.map((s) => [s.seat, s]));
  const pending = new Map<string, Pending>();
  const turns: AgeTurnView[] = [];
  const notes: AgeEpisodeView['notes'] = [];
  let end: AgeEpisodeView['end'] = null;
  const open = (seat: string, e: EventView): Pending => {
    const p = pending.get(seat) ?? { prompt: null, retries: [], round: e.round, idx: e.idx };
    pending.set(seat, p);
    return p;
  };
  const close = (seat: string, e: EventView, rest: Pick<AgeTurnView, 'kind' | 'description' | 'guess' | 'correct' | 'ownWord' | 'noGuess' | 'callId'>) => {
    const p = pending.get(seat);
    pending.delete(seat);
    const s = bySeat.get(seat);
    turns.push({ ...rest, seat, order: s?.order ?? null, number: s?.number ?? null, group: s?.group ?? null, round: e.round, position: turns.length + 1, leak: e.flags.includes('leak'), firstCorrect: false, prompt: p?.prompt ?? null, retries: p?.retries ?? [], idx: e.idx });
  };

  for (const e of events) {
    const a = obj(e.action);
    if (e.kind === 'prompt' && e.to !== null) open(e.to, e).prompt = e.text;
    else if ((e.kind === 'response' || e.kind === 'input') && e.from !== null) {
      if (e.valid === false) open(e.from, e).retries.push({ reply: e.text ?? '', callId: e.callId, reason: null, correction: null });
      else close(e.from, e, { kind: 'utterance', description: str(a.description), guess: str(a.guess), correct: a.correct === true, ownWord: a.ownWord === true, noGuess: null, callId: e.callId });
    } else if (e.kind === 'reprompt' && e.to !== null) {
      const retries = open(e.to, e).retries;
      const last = retries.at(-1) ?? { reply: '', callId: null, reason: null, correction: null };
      if (retries.length === 0) retries.push(last);
      last.reason = str(a.reason);
      last.correction = e.text;
    } else if (e.kind === 'system') {
      if (Array.isArray(a.seating)) continue;
      if (typeof a.noGuess === 'string' && str(a.seat) !== null) close(String(a.seat), e, { kind: 'no_guess', description: str(a.description), guess: null, correct: false, ownWord: false, noGuess: a.noGuess, callId: null });
      else if (typeof a.end === 'string') end = { kind: a.end, text: e.text ?? a.end, round: e.round };
      else notes.push({ round: e.round, text: e.text ?? '' });
    }
  }
  markFirstCorrect(turns);
  for (const [seat, p] of pending) {
    const s = bySeat.get(seat);
    turns.push({ kind: 'pending', seat, order: s?.order ?? null, number: s?.number ?? null, group: s?.group ?? null, round: p.round, position: null, description: null, guess: null, correct: false, ownWord: false, leak: false, firstCorrect: false, noGuess: null, prompt: p.prompt, retries: p.retries, callId: null, idx: p.idx });
  }
  return { seats, turns, end, notes };
}

/** Flags each seat's first utterance with a correct guess. */
export function markFirstCorrect(turns: AgeTurnView[]): void {
  const seen = new Set<string>();
  for (const t of turns) {
    if (!t.correct || t.kind !== 'utterance' || seen.has(t.seat)) continue;
    seen.add(t.seat);
    t.firstCorrect = true;
  }
}

/** The rounds played, each with its turns in order. */
export function roundsOf(turns: readonly AgeTurnView[]): { round: number; turns: AgeTurnView[] }[] {
  const rounds = [...new Set(turns.map((t) => t.round))].sort((a, b) => a - b);
  return rounds.map((round) => ({ round, turns: turns.filter((t) => t.round === round) }));
}
