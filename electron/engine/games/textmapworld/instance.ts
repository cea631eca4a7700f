/**
 * A clembench MapWorld instance read into plain data. The instance files store the graph fields as
 * Python literal strings; they are read here once, strictly, so the game master, the scorer and the
 * views work with JSON (a view can draw the map from `mapping` without reading Python).
 */
import { DatasetError } from '../../core/datasets';
import { parsePyLiteral, PyDict, PyLiteralError, PyTuple, seqItems, type Py } from './pyliteral';
import { pyRegex } from '../clembench/pyregex';

export type Variant = 'main' | 'specificroom' | 'graphreasoning';

export interface MapPayload {
  variant: Variant;
  experiment: string;
  gameId: number;
  /** Templates and formats exactly as the instance gives them. */
  prompt: string;
  positiveAnswer: string;
  negativeAnswer: string;
  moveConstruction: string;
  stopConstruction: string;
  /** The whole-reply format of the graph-reasoning variant; null elsewhere. */
  responseConstruction: string | null;
  nodes: string[];
  edges: [string, string][];
  start: string;
  /** Per room, the directions the game master lists, in the instance's order. */
  directions: { room: string; dirs: string[] }[];
  /** Every (room, direction → room) step of the instance's `Moves`, in order (duplicates kept). */
  moves: { room: string; dir: string; to: string }[];
  /** The rooms' grid cells (x grows east, y grows north). */
  mapping: { room: string; x: number; y: number }[];
  cycle: boolean;
  loopReminder: boolean;
  loopReminderText: string;
  maxTurnsReminder: boolean;
  maxTurnsReminderText: string;
  /** Logged by clembench but read by none of its game code. */
  strict: boolean;
  /** Go-to-X only: the room to find and its distance from the start. */
  target: string | null;
  targetDistance: number | null;
  picture: string | null;
}

export const fail = (where: string, what: string): never => {
  throw new DatasetError(`${where}: ${what}`);
};

export function field(raw: Record<string, unknown>, key: string, where: string): unknown {
  if (!(key in raw)) fail(where, `missing field ${key}`);
  return raw[key];
}

export function str(raw: Record<string, unknown>, key: string, where: string): string {
  const value = field(raw, key, where);
  return typeof value === 'string' ? value : fail(where, `${key} must be a string`);
}

export function bool(raw: Record<string, unknown>, key: string, where: string): boolean {
  const value = field(raw, key, where);
  return typeof value === 'boolean' ? value : fail(where, `${key} must be true or false`);
}

function literal(raw: Record<string, unknown>, key: string, where: string): Py {
  try {
    return parsePyLiteral(str(raw, key, where));
  } catch (error) {
    if (error instanceof PyLiteralError) return fail(where, `${key} is not a Python literal of the expected form (${error.message})`);
    throw error;
  }
}

function strings(value: Py, what: string, where: string): string[] {
  const items = seqItems(value);
  if (!items || !items.every((s): s is string => typeof s === 'string')) return fail(where, `${what} must be a list of strings`);
  return items;
}

function pair(value: Py, what: string, where: string): [Py, Py] {
  if (!(value instanceof PyTuple) || value.items.length !== 2) return fail(where, `${what} must hold pairs`);
  return [value.items[0]!, value.items[1]!];
}

function stringPair(value: Py, what: string, where: string): [string, string] {
  const [a, b] = pair(value, what, where);
  return typeof a === 'string' && typeof b === 'string' ? [a, b] : fail(where, `${what} must hold pairs of strings`);
}

function int(value: Py, what: string, where: string): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fail(where, `${what} must be an integer`);
}

const VARIANT_FIELDS: Record<Variant, string[]> = { main: [], specificroom: ['Specific_Room', 'Specific_Room_Distance'], graphreasoning: ['Response_Construction'] };

/** The game master's view of one instance (plus the experiment it belongs to); DatasetError when it is not one. */
export function mapPayloadFrom(raw: unknown, experiment: string, variant: Variant): MapPayload {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new DatasetError(`An instance of experiment ${experiment} is not an object.`);
  const r = raw as Record<string, unknown>;
  const gameId = r.game_id;
  const where = `instance ${typeof gameId === 'number' ? gameId : '?'} of ${experiment}`;
  if (typeof gameId !== 'number' || !Number.isInteger(gameId)) fail(where, 'game_id must be an integer');
  for (const key of VARIANT_FIELDS[variant]) field(r, key, where);
  if (field(r, 'Game_Type', where) !== 'named_graph') fail(where, 'only named graphs (Game_Type "named_graph") are supported');
  if (field(r, 'Ambiguity', where) !== null) fail(where, 'only instances without ambiguity (Ambiguity null) are supported');

  const nodes = strings(literal(r, 'Graph_Nodes', where), 'Graph_Nodes', where);
  if (nodes.length === 0 || new Set(nodes).size !== nodes.length) fail(where, 'Graph_Nodes must name distinct rooms');
  const known = (room: string, what: string) => (nodes.includes(room) ? room : fail(where, `${what} names "${room}", which is not a room of Graph_Nodes`));
  const edges = (seqItems(literal(r, 'Graph_Edges', where)) ?? fail(where, 'Graph_Edges must be a list')).map((e) => {
    const [a, b] = stringPair(e, 'Graph_Edges', where);
    return [known(a, 'Graph_Edges'), known(b, 'Graph_Edges')] as [string, string];
  });
  const directions = (seqItems(literal(r, 'Directions', where)) ?? fail(where, 'Directions must be a list')).map((d) => {
    const [room, dirs] = pair(d, 'Directions', where);
    return { room: known(typeof room === 'string' ? room : fail(where, 'Directions must name rooms'), 'Directions'), dirs: strings(dirs, 'Directions', where) };
  });
  const moves = (seqItems(literal(r, 'Moves', where)) ?? fail(where, 'Moves must be a list')).flatMap((m) => {
    if (!(m instanceof PyDict)) return fail(where, 'Moves must hold dicts');
    const room = m.get('node');
    const steps = seqItems(m.get('node_moves') ?? null) ?? fail(where, 'Moves entries need node_moves');
    if (typeof room !== 'string') return fail(where, 'Moves entries need a node');
    return steps.map((s) => {
      const [dir, to] = stringPair(s, 'node_moves', where);
      return { room: known(room, 'Moves'), dir, to: known(to, 'Moves') };
    });
  });
  const mappingValue = literal(r, 'Mapping', where);
  if (!(mappingValue instanceof PyDict)) fail(where, 'Mapping must be a dict');
  const mapping = (mappingValue as PyDict).entries.map(([cell, room]) => {
    const [x, y] = pair(cell, 'Mapping keys', where);
    return { room: known(typeof room === 'string' ? room : fail(where, 'Mapping must map cells to rooms'), 'Mapping'), x: int(x, 'Mapping keys', where), y: int(y, 'Mapping keys', where) };
  });
  const start = known(str(r, 'Current_Position', where), 'Current_Position');
  for (const room of nodes) if (!directions.some((d) => d.room === room)) fail(where, `Directions lists nothing for "${room}"`);

  const cycleText = str(r, 'Cycle', where);
  if (cycleText !== 'cycle_true' && cycleText !== 'cycle_false') fail(where, 'Cycle must be "cycle_true" or "cycle_false"');
  const target = variant === 'specificroom' ? known(str(r, 'Specific_Room', where), 'Specific_Room') : null;
  const distanceText = variant === 'specificroom' ? str(r, 'Specific_Room_Distance', where) : null;
  if (distanceText !== null && !/^\d+$/.test(distanceText)) fail(where, 'Specific_Room_Distance must be a number');
  const payload: MapPayload = {
    variant,
    experiment,
    gameId: gameId as number,
    prompt: str(r, 'Prompt', where),
    positiveAnswer: str(r, 'Player2_positive_answer', where),
    negativeAnswer: str(r, 'Player2_negative_answer', where),
    moveConstruction: str(r, 'Move_Construction', where),
    stopConstruction: str(r, 'Stop_Construction', where),
    responseConstruction: variant === 'graphreasoning' ? str(r, 'Response_Construction', where) : null,
    nodes,
    edges,
    start,
    directions,
    moves,
    mapping,
    cycle: cycleText === 'cycle_true',
    loopReminder: bool(r, 'Loop_Reminder', where),
    loopReminderText: str(r, 'Loop_Reminder_Text', where),
    maxTurnsReminder: bool(r, 'Max_Turns_Reminder', where),
    maxTurnsReminderText: str(r, 'Max_Turns_Reminder_Text', where),
    strict: bool(r, 'Strict', where),
    target,
    targetDistance: distanceText === null ? null : Number(distanceText),
    picture: typeof r.Picture_Name === 'string' ? r.Picture_Name : null,
  };
  for (const key of ['moveConstruction', 'stopConstruction', 'responseConstruction'] as const) {
    const pattern = payload[key];
    if (pattern === null) continue;
    try {
      pyRegex(pattern, { search: true });
    } catch (error) {
      fail(where, (error as Error).message);
    }
  }
  return payload;
}

/** The payload of a stored instance (written by this game's loader). */
export function mapPayload(payload: unknown): MapPayload {
  const p = payload as Partial<MapPayload> | null;
  if (!p || !Array.isArray(p.nodes) || typeof p.start !== 'string' || typeof p.prompt !== 'string') {
    throw new DatasetError('This instance is not a MapWorld map (its payload has no nodes, start and prompt).');
  }
  return p as MapPayload;
}
