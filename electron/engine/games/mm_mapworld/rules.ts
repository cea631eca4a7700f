/**
 * The rules of clembench's multimodal MapWorld games (mm_mapworld, _graphs, _specificroom): the
 * describer's texts, the compass directions of a room, the walker's step, and how a reply is read
 * (the reference's _validate_player_response: line breaks removed, capitalised directions lowered,
 * the instance's patterns applied with re.IGNORECASE and re.search).
 */
import { pyRegex } from '../clembench/pyregex';
import { cleanReply, replaceAll } from '../textmapworld/rules';
import type { MmPayload } from './instance';

export type Dir = 'north' | 'south' | 'east' | 'west';
const DIRS: readonly Dir[] = ['north', 'south', 'east', 'west'];
const DELTA: Record<Dir, readonly [number, number]> = { north: [0, 1], south: [0, -1], east: [1, 0], west: [-1, 0] };
const isDir = (d: string): d is Dir => (DIRS as readonly string[]).includes(d);

const cellOf = (p: MmPayload, room: string) => p.mapping.find((m) => m.room === room)!;

/** The directions the describer lists for a room: one per connection leaving it, in the instance's order. */
export function directionsOf(p: MmPayload, room: string): Dir[] {
  const from = cellOf(p, room);
  return p.edges
    .filter(([a]) => a === room)
    .map(([, b]) => {
      const to = cellOf(p, b);
      return DIRS.find((d) => DELTA[d][0] === to.x - from.x && DELTA[d][1] === to.y - from.y)!;
    });
}

/** The room one step away (the reference's cardinal_room_change): the same room when no connection leads there. */
export function stepFrom(p: MmPayload, room: string, dir: Dir): string {
  const from = cellOf(p, room);
  const to = p.mapping.find((m) => m.x === from.x + DELTA[dir][0] && m.y === from.y + DELTA[dir][1]);
  return to && p.edges.some(([a, b]) => a === room && b === to.room) ? to.room : room;
}

/** Go-to-X names the target by its category, underscores as spaces. */
const withGoal = (p: MmPayload, text: string) => (p.targetCategory === null ? text : replaceAll(text, '$GOAL$', p.targetCategory.replace(/_/g, ' ')));

/** The describer's first message. */
export const initialPrompt = (p: MmPayload) => replaceAll(withGoal(p, p.initialPrompt), '$INITIAL_DIRECTIONS$', directionsOf(p, p.start).join(', '));

/** The describer's answer after a move: the room reached (or kept) and its directions. */
export const answerText = (p: MmPayload, room: string, invalid: boolean) => replaceAll(invalid ? p.invalidResponse : p.successResponse, '$DIRECTIONS$', directionsOf(p, room).join(', '));

/** The game master's correction after a malformed reply (instances with `reprompt`). */
export const repromptText = (p: MmPayload, room: string) => replaceAll(withGoal(p, p.repromptFormat), '$DIRECTIONS$', directionsOf(p, room).join(', '));

/** The reply as the reference validates it: without line breaks, stripped, "North"/"NORTH" → "north" (and so on). */
export function normaliseReply(text: string): string {
  let out = cleanReply(text);
  for (const d of DIRS) out = replaceAll(replaceAll(out, d[0]!.toUpperCase() + d.slice(1), d), d.toUpperCase(), d);
  return out;
}

export type MmAction = { kind: 'go'; direction: Dir; graph: string | null } | { kind: 'done'; graph: string | null };

/**
 * What the reference reads from a reply. A failure is `repromptable` when the reference would give
 * one correction (a reply outside the format, or an action that is neither a move nor DONE); a reply
 * its JSON decoder refuses ends the game at once. `graph` is what the graphs master logs for the
 * reply (group 3 of the response pattern, logged whenever the pattern matched).
 */
export type ReplyRead = { ok: true; action: MmAction } | { ok: false; reason: string; repromptable: boolean; graph: string | null };

export function readReply(p: MmPayload, text: string): ReplyRead {
  const answer = normaliseReply(text);
  const hit = pyRegex(p.responseRegex, { search: true }).exec(answer);
  if (!hit) return { ok: false, reason: 'not in the format the instance asks for', repromptable: true, graph: null };
  let action: string;
  let graph: string | null = null;
  if (p.variant === 'graphs') {
    action = hit[1] ?? '';
    graph = hit[3] ?? '';
  } else {
    let decoded: unknown;
    try {
      decoded = JSON.parse(hit[0]);
    } catch {
      return { ok: false, reason: 'not JSON (the reference aborts on a JSON decode error)', repromptable: false, graph };
    }
    const value = (decoded as Record<string, unknown> | null)?.action;
    if (typeof value !== 'string') return { ok: false, reason: 'an "action" that is not a string', repromptable: false, graph };
    // The EE master lowers the action before matching; go-to-X lowers only the direction.
    action = p.variant === 'main' ? value.toLowerCase() : value;
  }
  if (pyRegex(p.doneRegex, { search: true }).test(action)) return { ok: true, action: { kind: 'done', graph } };
  const move = pyRegex(p.moveRegex, { search: true }).exec(action);
  if (!move) return { ok: false, reason: 'an action that is neither "GO: <direction>" nor "DONE"', repromptable: true, graph };
  const direction = (move[1] ?? '').toLowerCase();
  if (!isDir(direction)) return { ok: false, reason: `a move "${direction}" that is no compass direction`, repromptable: false, graph };
  return { ok: true, action: { kind: 'go', direction, graph } };
}
