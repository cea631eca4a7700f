/**
 * The explorer's graph as the mm_mapworld_graphs scorer reads it: the logged text (group 3 of the
 * response pattern) decoded with json.loads — an undecodable text counts as the empty graph
 * {"nodes": [], "edges": {}} — then nodes from "nodes" and, from every list under "edges", each entry
 * of length 2 as an edge; unlabelled, so only the structure is compared with the true map. Values the
 * reference cannot use (unhashable nodes, entries without a length, a two-room entry under a key that
 * is no compass direction, which its plotting helper looks up) make its scorer raise; Parlor then
 * scores that graph 0.
 */
import { buildGraph, graphEditDistance, type MapGraph } from '../textmapworld/graph';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

class Unreadable extends Error {}
const CARDINAL = new Set(['north', 'south', 'east', 'west']);

/** A node as a Python dict key: 1, 1.0 and True are one key; lists and dicts are unhashable. */
function key(v: Json): string {
  if (typeof v === 'string') return `s:${v}`;
  if (typeof v === 'number' || typeof v === 'boolean') return `n:${Number(v)}`;
  if (v === null) return 'None';
  throw new Unreadable('unhashable node');
}

/** Python iteration: a list's items, a dict's keys, a string's characters. */
function items(v: Json): Json[] {
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return [...v];
  if (v && typeof v === 'object') return Object.keys(v);
  throw new Unreadable('not iterable');
}

/** An edges entry of length 2 as its two ends, null for other lengths. */
function pair(edge: Json, dir: string): [string, string] | null {
  if (typeof edge === 'number' || typeof edge === 'boolean' || edge === null) throw new Unreadable('an edge without a length');
  const ends = Array.isArray(edge) ? edge : typeof edge === 'string' ? [...edge] : Object.keys(edge);
  if (ends.length !== 2) return null;
  if (!Array.isArray(edge) && typeof edge !== 'string') throw new Unreadable('a dict as an edge');
  if (!CARDINAL.has(dir)) throw new Unreadable(`edges under "${dir}"`);
  return [key(ends[0]!), key(ends[1]!)];
}

/** The graph the scorer builds from one logged graph text; throws Unreadable where the reference raises. */
export function modelGraph(text: string): MapGraph {
  let info: Json;
  try {
    info = JSON.parse(text) as Json;
  } catch {
    info = { nodes: [], edges: {} };
  }
  if (!info || typeof info !== 'object' || Array.isArray(info) || !('nodes' in info) || !('edges' in info)) throw new Unreadable('no nodes or edges');
  const rawNodes = info.nodes!;
  // Its plotting helper takes nodes[0] of a non-empty "nodes": a dict has no key 0.
  if (rawNodes && typeof rawNodes === 'object' && !Array.isArray(rawNodes) && Object.keys(rawNodes).length > 0) throw new Unreadable('nodes is a dict');
  const nodes = items(rawNodes).map(key);
  const edges = info.edges!;
  const pairs: [string, string][] = [];
  for (const dir of items(edges)) {
    if (typeof dir !== 'string' || Array.isArray(edges) || typeof edges !== 'object' || edges === null) throw new Unreadable('edges is not a dict');
    for (const edge of items(edges[dir]!)) {
      const p = pair(edge, dir);
      if (p) pairs.push(p);
    }
  }
  return buildGraph(nodes, pairs);
}

/** The reference's similarity of one logged graph to the true map, 0–1: 1 − 2·(σ(GED/2) − ½); 0 for a graph it cannot read. */
export function graphSimilarity(truth: MapGraph, text: string): number {
  try {
    const d = graphEditDistance(modelGraph(text), truth);
    return 1 - 2 * (1 / (1 + Math.exp(-0.5 * d)) - 0.5);
  } catch (error) {
    if (error instanceof Unreadable) return 0;
    throw error;
  }
}
