import type { EventView, SeatView } from '../../../../shared/api/contract';
import { combineOrders, flipped, type PairResult, type Verdict } from '../../../../shared/judging/pairwise';

export { combineOrders, flipped, type PairResult, type Verdict };

/**
 * A SimulBench episode as the views read it; the engine's game folder (games/simulbench/single.ts,
 * pairwise.ts) writes the events: each answering seat's prompt (the last user query) and response
 * ({answer}), then per judgment the judge's prompt, its refused replies (each followed by a
 * reprompt) and a valid reply ({rating} or {verdict, order}), or a {judgeFailed} note.
 */
export type Order = 'ab' | 'ba';

export interface SimulTurn {
  role: string;
  content: string;
}

export interface SimulScript {
  act: string;
  task: string;
  type: string;
  /** The script's kind tag: last_only, first_chan, subseq_chan (a user's file may lack it). */
  kind: string | null;
  turn: number | null;
  /** The dialogue before the query; its first user turn is the task description as the model saw it. */
  history: SimulTurn[];
  /** The last user query, the one the tested models answer. */
  query: string;
}

export interface SimulAnswer {
  seat: string;
  model: string | null;
  round: number;
  /** Null while the seat has not answered. */
  answer: string | null;
  callId: number | null;
}

export interface SimulRetry {
  reply: string;
  reason: string | null;
  correction: string | null;
  callId: number | null;
}

export interface SimulJudgment {
  round: number;
  /** Pairwise only: which seat was shown as A. */
  order: Order | null;
  rating: number | null;
  verdict: Verdict | null;
  /** The judge's whole reply that gave the rating or verdict. */
  explanation: string | null;
  retries: SimulRetry[];
  /** Why the judge never gave a readable reply, when it failed. */
  failed: string | null;
  callId: number | null;
}

export interface SimulPair {
  ab: Verdict | null;
  ba: Verdict | null;
  /** For seat a, once both orders are judged. */
  result: PairResult | null;
  flipped: boolean | null;
}

export interface SimulEpisodeView {
  pairwise: boolean;
  script: SimulScript | null;
  answers: SimulAnswer[];
  judgments: SimulJudgment[];
  pair: SimulPair | null;
  /** Other game-master notes, kept for the reader. */
  notes: { round: number; text: string }[];
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const orderOf = (v: unknown): Order | null => (v === 'ab' || v === 'ba' ? v : null);
const verdictOf = (v: unknown): Verdict | null => (v === 'A' || v === 'B' || v === 'C' ? v : null);

/** The instance payload as a script; null when it is not one. */
export function scriptOf(payload: unknown, tags: Readonly<Record<string, string>> = {}): SimulScript | null {
  const p = obj(payload);
  const turns = (Array.isArray(p.dialogue_history) ? p.dialogue_history : []).flatMap((m): SimulTurn[] => {
    const role = str(obj(m).role);
    const content = str(obj(m).content);
    return role !== null && content !== null ? [{ role, content }] : [];
  });
  const last = turns.at(-1);
  if (!last || last.role !== 'user') return null;
  const turn = typeof p.turn_num === 'number' ? p.turn_num : tags.turn !== undefined && tags.turn !== '' ? Number(tags.turn) : null;
  return {
    act: str(p.act) ?? tags.act ?? '',
    task: str(p.task_description) ?? '',
    type: str(p.type) ?? tags.type ?? '',
    kind: tags.kind ?? null,
    turn: turn !== null && Number.isFinite(turn) ? turn : null,
    history: turns.slice(0, -1),
    query: last.content,
  };
}

/** The seat a verdict preferred in its order; null for a tie. */
export function preferredSeat(verdict: Verdict, order: Order): 'a' | 'b' | null {
  if (verdict === 'C') return null;
  return (verdict === 'A') === (order === 'ab') ? 'a' : 'b';
}

const ANSWER_SEATS = { single: ['simulator'], pairwise: ['a', 'b'] } as const;

function answersOf(events: readonly EventView[], seats: readonly string[], models: readonly SeatView[]): SimulAnswer[] {
  return seats.map((seat, i) => {
    const done = events.find((e) => e.from === seat && (e.kind === 'response' || e.kind === 'input') && e.valid !== false);
    const model = models.find((s) => s.seat === seat)?.player ?? null;
    if (!done) return { seat, model, round: events.find((e) => e.to === seat)?.round ?? i + 1, answer: null, callId: null };
    return { seat, model, round: done.round, answer: str(obj(done.action).answer) ?? done.text ?? '', callId: done.callId };
  });
}

/** The judge's events by round, one judgment per round, in the order they began. */
function judgmentsOf(events: readonly EventView[], pairwise: boolean): SimulJudgment[] {
  const byRound = new Map<number, SimulJudgment>();
  const open = (round: number): SimulJudgment => {
    const j = byRound.get(round) ?? { round, order: null, rating: null, verdict: null, explanation: null, retries: [], failed: null, callId: null };
    byRound.set(round, j);
    return j;
  };
  for (const e of events) {
    const a = obj(e.action);
    if (e.kind === 'prompt' && e.to === 'judge') open(e.round);
    else if (e.from === 'judge' && (e.kind === 'response' || e.kind === 'input')) {
      const j = open(e.round);
      if (e.valid === false) j.retries.push({ reply: e.text ?? '', reason: null, correction: null, callId: e.callId });
      else Object.assign(j, { rating: typeof a.rating === 'number' ? a.rating : null, verdict: verdictOf(a.verdict), order: orderOf(a.order) ?? j.order, explanation: e.text ?? '', callId: e.callId });
    } else if (e.kind === 'reprompt' && e.to === 'judge') {
      const last = open(e.round).retries.at(-1);
      if (last) Object.assign(last, { reason: str(a.reason), correction: e.text });
    } else if (e.kind === 'system' && a.judgeFailed !== undefined) {
      const j = open(e.round);
      j.failed = str(a.judgeFailed) ?? e.text ?? 'no readable reply';
      j.order = orderOf(a.order) ?? j.order;
    }
  }
  const judgments = [...byRound.values()];
  // A judgment with no valid reply yet names no order: the games judge ab first, then ba.
  if (pairwise) judgments.forEach((j, i) => (j.order ??= i === 0 ? 'ab' : i === 1 ? 'ba' : null));
  return judgments;
}

function pairOf(judgments: readonly SimulJudgment[]): SimulPair {
  const ab = judgments.find((j) => j.order === 'ab')?.verdict ?? null;
  const ba = judgments.find((j) => j.order === 'ba')?.verdict ?? null;
  const both = ab !== null && ba !== null;
  return { ab, ba, result: both ? combineOrders(ab, ba) : null, flipped: both ? flipped(ab, ba) : null };
}

export interface SimulEpisodeInput {
  events: readonly EventView[];
  payload: unknown;
  tags?: Readonly<Record<string, string>>;
  seats?: readonly SeatView[];
  /** The game id; without it, a seat named "a" makes the episode pairwise. */
  game?: string;
}

/** Reads the script, the answers, the judgments and (pairwise) the combined result. */
export function simulEpisodeOf({ events, payload, tags = {}, seats = [], game }: SimulEpisodeInput): SimulEpisodeView {
  const pairwise = game !== undefined ? game === 'simulbench_pairwise' : seats.some((s) => s.seat === 'a') || events.some((e) => e.from === 'a' || e.to === 'a');
  const judgments = judgmentsOf(events, pairwise);
  const notes = events.filter((e) => e.kind === 'system' && obj(e.action).judgeFailed === undefined).map((e) => ({ round: e.round, text: e.text ?? '' }));
  return {
    pairwise,
    script: scriptOf(payload, tags),
    answers: answersOf(events, pairwise ? ANSWER_SEATS.pairwise : ANSWER_SEATS.single, seats),
    judgments,
    pair: pairwise ? pairOf(judgments) : null,
    notes,
  };
}

const MONOSPACE = /terminal|console|interpreter|\bshell\b|\bsql\b|python|javascript|\bphp\b|chess|gomoku|tic-tac-toe|\bboard\b|excel|regex|json|ascii|svg|solr|redux/i;
const NOT_MONOSPACE = /dream interpreter|conch shell/i;

/** Tasks whose output is laid out in columns or code (terminals, interpreters, boards) read in monospace. */
export function isMonospaceTask(act: string): boolean {
  return MONOSPACE.test(act) && !NOT_MONOSPACE.test(act);
}
