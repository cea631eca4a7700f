/**
 * A clembench multimodal MapWorld instance read into plain data. The instance files name rooms by
 * their grid cell as Python tuple strings ("(2, 3)") and connections as pairs of them
 * ("((2, 3), (1, 3))"); they are read once, strictly, so the game master, the scorer and the views
 * work with JSON. A room keeps its cell string as its name; `mapping` also carries its image and its
 * ADE20K category (the category is for the reader only: the player only ever sees the image).
 */
import { DatasetError } from '../../core/datasets';
import { pyRegex } from '../clembench/pyregex';
import { bool, fail, field, str } from '../textmapworld/instance';

export type MmVariant = 'main' | 'graphs' | 'specificroom';

export interface MmRoom {
  room: string;
  x: number;
  y: number;
  /** The room's category (`cats`), e.g. "wine_cellar". */
  label: string;
  /** The image as the instance names it (`imgs`). */
  image: string;
}

export interface MmPayload {
  variant: MmVariant;
  experiment: string;
  gameId: number;
  nodes: string[];
  /** Directed connections in the instance's order (it lists both directions of each). */
  edges: [string, string][];
  mapping: MmRoom[];
  start: string;
  /** Go-to-X only: the room to find, its category and its distance from the start. */
  target: string | null;
  targetCategory: string | null;
  distance: number | null;
  initialPrompt: string;
  successResponse: string;
  invalidResponse: string;
  repromptFormat: string;
  responseRegex: string;
  doneRegex: string;
  moveRegex: string;
  /** One correction after a malformed reply (no bundled instance enables it). */
  reprompt: boolean;
  /** Whether the correction shows the room's image too. */
  useImages: boolean;
}

const CELL = /^\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)$/;
const PAIR = /^\(\s*(\(\s*-?\d+\s*,\s*-?\d+\s*\))\s*,\s*(\(\s*-?\d+\s*,\s*-?\d+\s*\))\s*\)$/;

/** "(2, 3)" in the instances' own spelling, whatever spaces the file used. */
function cell(text: unknown, what: string, where: string): { name: string; x: number; y: number } {
  const m = typeof text === 'string' ? CELL.exec(text) : null;
  if (!m) return fail(where, `${what} must name a grid cell like "(2, 3)", not ${JSON.stringify(text)}`);
  const [x, y] = [Number(m[1]), Number(m[2])];
  return { name: `(${x}, ${y})`, x, y };
}

function byRoom(raw: Record<string, unknown>, key: string, nodes: readonly string[], where: string): Map<string, string> {
  const value = field(raw, key, where);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fail(where, `${key} must map every room "(x, y)" to a string`);
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(value)) {
    const room = cell(k, `a key of ${key}`, where).name;
    if (typeof v !== 'string') fail(where, `${key} must map every room to a string`);
    out.set(room, v as string);
  }
  for (const room of nodes) if (!out.has(room)) fail(where, `${key} has nothing for the room ${room}`);
  return out;
}

/** The number of capturing groups of a compiled pattern. */
const groups = (re: RegExp) => new RegExp(`${re.source}|`, re.flags).exec('')!.length - 1;

/** The game master's view of one instance; DatasetError when it is not one. */
export function mmPayloadFrom(raw: unknown, experiment: string, variant: MmVariant): MmPayload {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new DatasetError(`An instance of experiment ${experiment} is not an object.`);
  const r = raw as Record<string, unknown>;
  const gameId = r.game_id;
  const where = `instance ${typeof gameId === 'number' ? gameId : '?'} of ${experiment}`;
  if (typeof gameId !== 'number' || !Number.isInteger(gameId)) fail(where, 'game_id must be an integer');

  const rawNodes = field(r, 'nodes', where);
  if (!Array.isArray(rawNodes) || rawNodes.length === 0) return fail(where, 'nodes must be a non-empty list of rooms "(x, y)"');
  const cells = rawNodes.map((n) => cell(n, 'nodes', where));
  const nodes = cells.map((c) => c.name);
  if (new Set(nodes).size !== nodes.length) fail(where, 'nodes names a room twice');
  const known = (name: string, what: string) => (nodes.includes(name) ? name : fail(where, `${what} names ${name}, which is not one of the nodes`));

  const rawEdges = field(r, 'edges', where);
  if (!Array.isArray(rawEdges)) return fail(where, 'edges must be a list of connections "((x, y), (x, y))"');
  const edges = rawEdges.map((e) => {
    const m = typeof e === 'string' ? PAIR.exec(e) : null;
    if (!m) return fail(where, `edges must hold connections like "((2, 3), (1, 3))", not ${JSON.stringify(e)}`);
    const [a, b] = [cell(m[1], 'edges', where), cell(m[2], 'edges', where)];
    // The reference turns each connection into a compass direction: only one-cell steps have one.
    if (Math.abs(a.x - b.x) + Math.abs(a.y - b.y) !== 1) fail(where, `the connection ${e} is not a step to a neighbouring cell`);
    return [known(a.name, 'edges'), known(b.name, 'edges')] as [string, string];
  });
  const key = (a: string, b: string) => `${a}>${b}`;
  const edgeSet = new Set(edges.map(([a, b]) => key(a, b)));
  for (const [a, b] of edges) if (!edgeSet.has(key(b, a))) fail(where, `edges lists ${a} → ${b} but not ${b} → ${a}`);

  const images = byRoom(r, 'imgs', nodes, where);
  const cats = byRoom(r, 'cats', nodes, where);
  const start = known(cell(field(r, 'start', where), 'start', where).name, 'start');
  const mapping = cells.map((c) => ({ room: c.name, x: c.x, y: c.y, label: cats.get(c.name)!, image: images.get(c.name)! }));

  let target: string | null = null;
  let distance: number | null = null;
  if (variant === 'specificroom') {
    target = known(cell(field(r, 'target', where), 'target', where).name, 'target');
    const dist = field(r, 'dist', where);
    distance = typeof dist === 'number' && Number.isInteger(dist) ? dist : fail(where, 'dist must be an integer');
  }
  const payload: MmPayload = {
    variant,
    experiment,
    gameId: gameId as number,
    nodes,
    edges,
    mapping,
    start,
    target,
    targetCategory: variant === 'specificroom' ? str(r, 'target_cat', where) : null,
    distance,
    initialPrompt: str(r, 'initial_prompt', where),
    successResponse: str(r, 'success_response', where),
    invalidResponse: str(r, 'invalid_response', where),
    repromptFormat: str(r, 'reprompt_format', where),
    responseRegex: str(r, 'response_regex', where),
    doneRegex: str(r, 'done_regex', where),
    moveRegex: str(r, 'move_regex', where),
    reprompt: bool(r, 'reprompt', where),
    useImages: bool(r, 'use_images', where),
  };
  // The graphs master reads the action from group 1 and the graph from group 3; every master reads the direction from group 1 of the move pattern.
  const patterns = [
    ['response_regex', payload.responseRegex, variant === 'graphs' ? 3 : 0],
    ['done_regex', payload.doneRegex, 0],
    ['move_regex', payload.moveRegex, 1],
  ] as const;
  for (const [name, pattern, needed] of patterns) {
    let re: RegExp;
    try {
      re = pyRegex(pattern, { search: true });
    } catch (error) {
      return fail(where, `${name}: ${(error as Error).message}`);
    }
    if (groups(re) < needed) fail(where, `${name} needs at least ${needed} group(s)`);
  }
  return payload;
}

/** The payload of a stored instance (written by this game's loader). */
export function mmPayload(payload: unknown): MmPayload {
  const p = payload as Partial<MmPayload> | null;
  if (!p || !Array.isArray(p.nodes) || !Array.isArray(p.mapping) || typeof p.start !== 'string' || typeof p.initialPrompt !== 'string') {
    throw new DatasetError('This instance is not a multimodal MapWorld map (its payload has no nodes, rooms, start and prompt).');
  }
  return p as MmPayload;
}

/** The image of a room, as the instance names it. */
export const imageOf = (p: MmPayload, room: string) => p.mapping.find((m) => m.room === room)!.image;
export const categoryOf = (p: MmPayload, room: string) => p.mapping.find((m) => m.room === room)!.label;
