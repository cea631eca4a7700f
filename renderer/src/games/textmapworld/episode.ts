import type { EventView } from '../../../../shared/api/contract';
import type { ImagePart } from '../../../../shared/contract/content';

/**
 * A MapWorld episode as the views read it (the engine's game folder, textmapworld/session.ts,
 * documents the events): per round the message sent, the explorer's reply, and the game master's
 * decision (the describer's answer and the move it logged, DONE, or an abort).
 */
export interface MapTurn {
  round: number;
  prompt: string | null;
  reply: string | null;
  valid: boolean | null;
  callId: number | null;
  answer: string | null;
  validDirection: boolean | null;
  move: { old: string | null; new: string } | null;
  reminders: string[];
  done: boolean;
  abort: string | null;
  /** The images the explorer was shown with the message (the multimodal games: the room's photograph). */
  images: ImagePart[];
  /** The room's category after the decision (the multimodal games keep it for the reader). */
  category: string | null;
  /** Replies that broke the format and got a correction in this round (the multimodal games' `reprompt`). */
  corrected: string[];
}

/** What the map view needs of the instance payload (present for every stored episode). */
export interface MapLayout {
  start: string | null;
  target: string | null;
  /** `label`: what the map writes on the room instead of its name (the multimodal games: its category). */
  cells: { room: string; x: number; y: number; label?: string }[];
  edges: [string, string][];
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function turnsOf(events: readonly EventView[]): MapTurn[] {
  const turns = new Map<number, MapTurn>();
  const turn = (round: number) => {
    let t = turns.get(round);
    if (!t) turns.set(round, (t = { round, prompt: null, reply: null, valid: null, callId: null, answer: null, validDirection: null, move: null, reminders: [], done: false, abort: null, images: [], category: null, corrected: [] }));
    return t;
  };
  for (const e of events) {
    const t = turn(e.round);
    const a = obj(e.action);
    if (e.kind === 'prompt') {
      t.prompt = e.text;
      t.images = (e.parts ?? []).filter((p): p is ImagePart => p.type === 'image');
    }
    else if (e.kind === 'response' || e.kind === 'input') {
      t.reply = e.text;
      t.valid = e.valid;
      t.callId = e.callId;
    } else if (e.kind === 'system' && typeof a.abort === 'string') t.abort = a.abort;
    else if (e.kind === 'system' && a.type === 'reprompt') t.corrected.push(t.reply ?? '');
    else if (e.kind === 'system') {
      t.answer = str(a.answer);
      t.validDirection = typeof a.validDirection === 'boolean' ? a.validDirection : null;
      const log = obj(a.log);
      t.move = typeof log.new === 'string' ? { old: str(log.old), new: log.new } : null;
      t.reminders = Array.isArray(a.reminders) ? a.reminders.filter((r): r is string => typeof r === 'string') : [];
      t.done = a.type === 'stop';
      t.category = str(a.category);
    }
  }
  return [...turns.values()].sort((x, y) => x.round - y.round);
}

export function layoutOf(payload: unknown): MapLayout {
  const p = obj(payload);
  const cells = (Array.isArray(p.mapping) ? p.mapping : []).map(obj).flatMap((c) => (typeof c.room === 'string' && typeof c.x === 'number' && typeof c.y === 'number' ? [{ room: c.room, x: c.x, y: c.y, ...(typeof c.label === 'string' ? { label: c.label } : {}) }] : []));
  const edges = (Array.isArray(p.edges) ? p.edges : []).flatMap((e) => (Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string' ? [[e[0], e[1]] as [string, string]] : []));
  return { start: str(p.start), target: str(p.target), cells, edges };
}

const STEP: Record<string, [number, number]> = { north: [0, 1], south: [0, -1], east: [1, 0], west: [-1, 0] };

/**
 * The explored part of the map after the given turns: rooms visited (the start first), the moves
 * made as undirected links, the room the explorer stands in, and a cell for each room — the
 * instance's grid cell, or one walked out from the start by the directions taken when the
 * payload has no grid.
 */
export function exploredMap(turns: readonly MapTurn[], layout: MapLayout) {
  const start = layout.start ?? turns.find((t) => t.move?.old)?.move?.old ?? null;
  const visited: string[] = start ? [start] : [];
  const links = new Set<string>();
  const cell = new Map(layout.cells.map((c) => [c.room, [c.x, c.y] as [number, number]]));
  if (start && !cell.has(start)) cell.set(start, [0, 0]);
  let here = start;
  for (const t of turns) {
    if (!t.move || t.done) continue;
    const from = t.move.old ?? here;
    if (from && !cell.has(t.move.new)) {
      const dir = /GO:\s*(north|south|east|west)/i.exec(t.reply ?? '')?.[1]?.toLowerCase();
      const base = cell.get(from);
      if (dir && base) cell.set(t.move.new, [base[0] + STEP[dir]![0], base[1] + STEP[dir]![1]]);
    }
    if (!visited.includes(t.move.new)) visited.push(t.move.new);
    // A move into a wall (the multimodal games log it as old = new) draws no link.
    if (from && from !== t.move.new) links.add([from, t.move.new].sort().join('\u0000'));
    here = t.move.new;
  }
  return { visited, links: [...links].map((k) => k.split('\u0000') as [string, string]), here, cell };
}
