/**
 * The reference explorer (`provider: builtin`, model `reference`): it reads only the conversation —
 * the rooms it was told it entered and the directions listed there — and explores depth-first,
 * always heading for the nearest room with a direction it has not tried. Directions are grid steps,
 * so a direction that leads to a place whose room it already knows counts as explored without a
 * move. It says DONE when nothing is left to explore (or, in go-to-X, when it stands in the target),
 * and in graph reasoning it sends the map it has uncovered in the required dict format.
 */
import Graph from 'graphology';
import { singleSourceLength } from 'graphology-shortest-path/unweighted.js';
import type { BuiltinPolicy } from '../../capabilities/builtins/provision';
import type { ChatMessage } from '../../players/types';

export type Dir = 'north' | 'south' | 'east' | 'west';
const STEP: Record<Dir, [number, number]> = { north: [0, 1], south: [0, -1], east: [1, 0], west: [-1, 0] };
const OPPOSITE: Record<Dir, Dir> = { north: 'south', south: 'north', east: 'west', west: 'east' };
const isDir = (d: string): d is Dir => d in STEP;

const textOf = (m: ChatMessage) => (typeof m.content === 'string' ? m.content : m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n'));
export const dirsOf = (list: string) => list.split(',').map((d) => d.trim().toLowerCase()).filter(isDir);
export const lastMatch = (text: string, re: RegExp) => [...text.matchAll(re)].at(-1) ?? null;

/** What the explorer knows: rooms with their listed directions and places, and the steps between them. */
export class Knowledge {
  readonly dirs = new Map<string, Dir[]>();
  readonly place = new Map<string, string>();
  readonly at = new Map<string, string>();
  /** room → direction → room */
  readonly exits = new Map<string, Map<Dir, string>>();
  readonly order: string[] = [];

  enter(room: string, dirs: Dir[], cell: [number, number] | null) {
    if (!this.dirs.has(room)) this.order.push(room);
    this.dirs.set(room, dirs);
    if (cell && !this.place.has(room)) {
      this.place.set(room, cell.join(','));
      this.at.set(cell.join(','), room);
    }
  }

  link(a: string, d: Dir, b: string) {
    if (!this.exits.has(a)) this.exits.set(a, new Map());
    if (!this.exits.has(b)) this.exits.set(b, new Map());
    this.exits.get(a)!.set(d, b);
    this.exits.get(b)!.set(OPPOSITE[d], a);
  }

  cell(room: string, d: Dir): [number, number] | null {
    const p = this.place.get(room)?.split(',').map(Number);
    return p ? [p[0]! + STEP[d][0], p[1]! + STEP[d][1]] : null;
  }

  /** Directions of a room that lead to no room known yet. */
  open(room: string): Dir[] {
    return (this.dirs.get(room) ?? []).filter((d) => {
      if (this.exits.get(room)?.has(d)) return false;
      const neighbour = this.at.get(this.cell(room, d)?.join(',') ?? '');
      if (neighbour !== undefined) {
        this.link(room, d, neighbour);
        return false;
      }
      return true;
    });
  }
}

const START = /You are in the (.+?)\. Currently available directions: ([a-z, ]*)\./g;
const ENTERED = /entered (.+?)\. Currently available directions: ([a-z, ]*)\./g;
const STILL = /You are still in the (.+?)\. Currently available directions: ([a-z, ]*)\./g;

function readConversation(messages: readonly ChatMessage[]) {
  const first = messages.find((m) => m.role === 'user');
  const intro = first ? textOf(first) : '';
  const start = lastMatch(intro, START);
  const target = lastMatch(intro, /The target room is (.+?)\. You are in/g)?.[1] ?? null;
  const k = new Knowledge();
  let here = start?.[1] ?? '';
  k.enter(here, dirsOf(start?.[2] ?? ''), [0, 0]);
  let pending: Dir | null = null;
  for (const m of messages.slice(messages.indexOf(first!) + 1)) {
    const text = textOf(m);
    if (m.role === 'assistant') {
      const go = /GO:\s*(north|south|east|west)/i.exec(text);
      pending = go ? (go[1]!.toLowerCase() as Dir) : null;
      continue;
    }
    const entered = lastMatch(text, ENTERED);
    const still = lastMatch(text, STILL);
    if (entered && pending) {
      const room = entered[1]!;
      k.enter(room, dirsOf(entered[2]!), k.cell(here, pending));
      k.link(here, pending, room);
      here = room;
    } else if (still) {
      here = still[1]!;
      if (pending) k.dirs.set(here, (k.dirs.get(here) ?? []).filter((d) => d !== pending));
    }
    pending = null;
  }
  return { k, here, target, graphFormat: intro.includes('{"action"') };
}

/** The step to take, or null when nothing is left to explore. */
export function nextStep(k: Knowledge, here: string): Dir | null {
  const own = k.open(here);
  if (own.length > 0) return own[0]!;
  const graph = new Graph({ type: 'undirected' });
  for (const room of k.order) graph.mergeNode(room);
  for (const [a, exits] of k.exits) for (const b of exits.values()) graph.mergeEdge(a, b);
  if (!graph.hasNode(here)) return null;
  const distance = singleSourceLength(graph, here);
  const goals = k.order.filter((room) => room !== here && distance[room] !== undefined && k.open(room).length > 0);
  if (goals.length === 0) return null;
  const goal = goals.reduce((best, room) => (distance[room]! < distance[best]! ? room : best));
  // Walk back from the goal to the neighbour of `here` on a shortest path.
  let step = goal;
  while (distance[step]! > 1) step = graph.neighbors(step).find((n) => distance[n] === distance[step]! - 1)!;
  for (const [d, room] of k.exits.get(here) ?? []) if (room === step) return d;
  return null;
}

function graphReply(action: string, k: Knowledge): string {
  const edges: Record<Dir, string[]> = { north: [], south: [], east: [], west: [] };
  for (const [a, exits] of k.exits) for (const [d, b] of exits) if (k.dirs.has(a) && k.dirs.has(b)) edges[d].push(`(${JSON.stringify(a)}, ${JSON.stringify(b)})`);
  const nodes = k.order.map((n) => JSON.stringify(n)).join(', ');
  const edgeText = (Object.keys(edges) as Dir[]).map((d) => `"${d}": [${edges[d].join(', ')}]`).join(', ');
  return `{"action": "${action}", "graph": {"nodes": [${nodes}], "edges": {${edgeText}}}}`;
}

export const referenceExplorer: BuiltinPolicy = (messages) => {
  const { k, here, target, graphFormat } = readConversation(messages);
  const step = target !== null && here.toLowerCase() === target.toLowerCase() ? null : nextStep(k, here);
  const action = step === null ? 'DONE' : `GO: ${step}`;
  return graphFormat ? graphReply(action, k) : action;
};
