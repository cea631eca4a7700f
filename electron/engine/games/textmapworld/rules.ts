/**
 * The rules of clembench's MapWorld games (textmapworld, _specificroom, _graphreasoning): how a reply
 * is read (validated on the raw text, then cleaned of line breaks as the reference does), and the
 * programmatic describer that answers a move from the graph.
 */
import type { Parsed } from '../../core/turn-kit';
import type { MapPayload } from './instance';
import { parsePyLiteral, PyDict, type Py } from './pyliteral';
import { countMatches, pyRegex } from '../clembench/pyregex';

/** What the game master read from a reply. `cleaned` is the reply as it enters the dialogue history. */
export interface ReplyAction {
  kind: 'go' | 'done';
  cleaned: string;
  /** The direction as written (graph reasoning: inside "action"). */
  direction: string | null;
}

/** Python's str.replace: every occurrence, the replacement taken literally. */
export const replaceAll = (text: string, from: string, to: string) => text.split(from).join(to);

/** Python's `s.replace("\n", "").strip()`. */
const PY_SPACE = '[\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const EDGE_SPACE = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'g');
export const cleanReply = (text: string) => text.replace(/\n/g, '').replace(EDGE_SPACE, '');

/** The directions listed for a room (the first entry naming it; case-insensitive in the main game). */
export function directionsOf(payload: MapPayload, room: string): string[] | null {
  const same = payload.variant === 'main' ? (a: string) => a.toLowerCase() === room.toLowerCase() : (a: string) => a === room;
  return payload.directions.find((d) => same(d.room))?.dirs ?? null;
}

export function initialPrompt(payload: MapPayload): string {
  let prompt = payload.prompt;
  if (prompt.includes('$INITIAL_ROOM$')) prompt = replaceAll(prompt, '$INITIAL_ROOM$', payload.start);
  prompt = replaceAll(prompt, '$INITIAL_DIRECTIONS$', (directionsOf(payload, payload.start) ?? []).join(', '));
  if (payload.variant === 'specificroom') prompt = replaceAll(prompt, '$GOAL$', payload.target ?? '');
  return prompt;
}

/** Validates a reply as the reference does; a reply that breaks the format ends the game (aborted). */
export function parseReply(payload: MapPayload, text: string): Parsed<ReplyAction> {
  const move = pyRegex(payload.moveConstruction, { search: true });
  const stop = pyRegex(payload.stopConstruction, { search: true });
  const cleaned = cleanReply(text);
  // The graph-reasoning reply is a dict; its "action" carries the move. The others are the move itself.
  let subject = text;
  if (payload.responseConstruction !== null) {
    const whole = pyRegex(payload.responseConstruction, { search: true }).exec(cleaned);
    if (!whole) return { ok: false, reason: 'not in the {"action": "…", "graph": {"nodes": […], "edges": {…}}} format' };
    subject = whole[1] ?? '';
  }
  const isStop = stop.test(subject);
  const moveMatch = move.exec(subject);
  if (isStop && moveMatch) return { ok: false, reason: 'both a move and DONE' };
  if (isStop) return { ok: true, action: { kind: 'done', cleaned, direction: null } };
  if (countMatches(move, subject) > 1) return { ok: false, reason: 'more than one move' };
  if (!moveMatch) return { ok: false, reason: payload.responseConstruction === null ? 'neither "GO: <direction>" nor "DONE" (and nothing else)' : 'its action is neither "GO: <direction>" nor "DONE"' };
  return { ok: true, action: { kind: 'go', cleaned, direction: moveMatch[1] ?? null } };
}

/** The describer's memory (the reference's PathDescriber). */
export interface DescriberState {
  current: string | null;
  old: string | null;
  visited: string[];
  /** The graph-reasoning reply whose "graph" it read last (null: none yet, which the reference logs as None). */
  graphReply: string | null;
  /** Every move message it was sent, for its look-back when the newest has no move. */
  inbox: string[];
}

export const newDescriber = (payload: MapPayload): DescriberState => ({ current: payload.start, old: null, visited: [payload.start], graphReply: null, inbox: [] });

export type Described = { ok: true; answer: string; validDirection: boolean; state: DescriberState } | { ok: false; reason: string; state: DescriberState };

/**
 * The describer's answer to a move message: the direction is read from the newest message that has
 * one (lower-cased except in graph reasoning, where "North" is then not a valid direction); a valid
 * direction moves, an unavailable one gets the negative answer and the room stays the same.
 */
export function describe(payload: MapPayload, prior: DescriberState, message: string): Described {
  const state: DescriberState = { ...prior, visited: [...prior.visited], inbox: [...prior.inbox, message] };
  const move = pyRegex(payload.moveConstruction, { search: true });
  let utterance: string | null = null;
  for (const content of [...state.inbox].reverse()) {
    let subject = content;
    if (payload.variant === 'graphreasoning') {
      const read = readGraphReply(content);
      if (!read) return { ok: false, reason: 'the reply is not a Python literal with "action" and "graph"', state };
      subject = read.action;
      state.graphReply = content;
    }
    const found = move.exec(subject);
    if (found) {
      utterance = payload.variant === 'graphreasoning' ? (found[1] ?? '') : (found[1] ?? '').toLowerCase();
      break;
    }
  }
  if (utterance === null) return { ok: false, reason: 'no move to follow', state };
  const last = state.visited.at(-1)!;
  state.old = last;
  const here = directionsOf(payload, last) ?? [];
  const words = new Set(utterance.trim().split(/\s+/));
  const valid = here.some((d) => ['east', 'west', 'north', 'south'].includes(d) && words.has(d));
  let nextDirections: string[] | null;
  if (!valid) nextDirections = here;
  else {
    const step = utterance.trim();
    const next = payload.moves.filter((m) => m.room === last && m.dir === step).at(-1)?.to ?? null;
    state.current = next;
    nextDirections = null;
    if (next !== null && payload.nodes.includes(next)) {
      state.visited.push(next);
      nextDirections = directionsOf(payload, next);
    }
  }
  if (nextDirections === null || state.current === null) return { ok: false, reason: 'the move leads nowhere', state };
  const template = valid ? payload.positiveAnswer : payload.negativeAnswer;
  const answer = replaceAll(replaceAll(template, '$DIRECTIONS$', nextDirections.join(', ')), valid ? '$ANOTHER_ROOM$' : '$SAME_ROOM$', state.current);
  return { ok: true, answer, validDirection: valid, state };
}

/** A graph-reasoning reply read as the reference reads it (`ast.literal_eval(reply)["action"|"graph"]`). */
export function readGraphReply(text: string): { action: string; graph: Py } | null {
  let value: Py;
  try {
    value = parsePyLiteral(text);
  } catch {
    return null;
  }
  if (!(value instanceof PyDict)) return null;
  const action = value.get('action');
  const graph = value.get('graph');
  if (action === undefined || graph === undefined || typeof action !== 'string') return null;
  return { action, graph };
}

/** The reference's loop test: the last four positions hold fewer than three rooms. */
export const isLoop = (positions: readonly (string | null)[]) => positions.length >= 4 && new Set(positions.slice(-4)).size < 3;
