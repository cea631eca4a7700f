/**
 * The graph side of the MapWorld scores: the reference's "best moves" search behind Efficiency, and
 * the graph similarity of graph reasoning (networkx's graph edit distance with its default costs,
 * normalised by a stretched logistic), on graphology graphs.
 */
import Graph from 'graphology';
import { pyIndex, pyIter, PyDict, type Py } from './pyliteral';

export type MapGraph = Graph;

/** An undirected simple graph (self-loops allowed, as networkx's Graph allows them). */
export function buildGraph(nodes: readonly string[], edges: readonly (readonly [string, string])[]): MapGraph {
  const graph = new Graph({ type: 'undirected', multi: false, allowSelfLoops: true });
  for (const n of nodes) graph.mergeNode(n);
  for (const [a, b] of edges) graph.mergeEdge(a, b);
  return graph;
}

/**
 * The rooms that are a good next step from `current` (the reference's find_best_moves): the second
 * position of every shortest walk from `current` that passes all unvisited neighbours of visited
 * rooms. Walks are grown breadth-first and, like the reference, may only step back into a room they
 * already passed when no unpassed neighbour is left. With `nearVisited` (the multimodal MapWorld
 * scorers) a walk only takes connections that touch a visited room.
 */
export function bestNextRooms(graph: MapGraph, current: string, visited: ReadonlySet<string>, options: { nearVisited?: boolean } = {}): Set<string> {
  const frontier = new Set<string>();
  for (const room of visited) if (graph.hasNode(room)) for (const n of graph.neighbors(room)) if (!visited.has(n)) frontier.add(n);
  const found = new Set<string>();
  if (!graph.hasNode(current)) return found;
  let maxLen = 100;
  const queue: string[][] = [[current]];
  for (let head = 0; head < queue.length; head++) {
    const path = queue[head]!;
    if (path.length > maxLen) break;
    if (path.length > 1 && [...frontier].every((f) => path.includes(f))) {
      found.add(path[1]!);
      maxLen = path.length;
    }
    const last = path.at(-1)!;
    const next = graph.neighbors(last).filter((n) => !options.nearVisited || visited.has(last) || visited.has(n));
    const fresh = next.filter((n) => !path.includes(n));
    for (const n of fresh.length > 0 ? fresh : next) queue.push([...path, n]);
  }
  return found;
}

/**
 * Graph edit distance with unit node and edge insertion/deletion costs and free substitutions (no
 * labels compared), which is what `nx.graph_edit_distance(g1, g2)` computes without match functions.
 * Matching every node of the smaller graph is optimal, and then the cost is |Δnodes| + |E1| + |E2|
 * − 2·(edges kept), so an exhaustive search for the most edges kept (with pruning) is exact.
 */
export function graphEditDistance(g1: MapGraph, g2: MapGraph): number {
  const [small, large] = g1.order <= g2.order ? [g1, g2] : [g2, g1];
  const s = [...small.nodes()].sort((a, b) => small.degree(b) - small.degree(a));
  const l = large.nodes();
  const adjS = s.map((a) => s.map((b) => small.hasEdge(a, b)));
  const adjL = l.map((a) => l.map((b) => large.hasEdge(a, b)));
  const mS = small.size;
  const image: number[] = [];
  const used = new Array<boolean>(l.length).fill(false);
  let best = 0;
  const search = (i: number, kept: number, open: number) => {
    if (kept > best) best = kept;
    if (i === s.length || kept + open <= best || best === mS) return;
    // The edges of node i back to already placed nodes (and its self-loop) are decided by its place.
    let decided = 0;
    for (let j = 0; j <= i; j++) if (adjS[i]![j]) decided++;
    for (let k = 0; k < l.length; k++) {
      if (used[k]) continue;
      let gain = 0;
      for (let j = 0; j < i; j++) if (adjS[i]![j] && adjL[k]![image[j]!]) gain++;
      if (adjS[i]![i] && adjL[k]![k]) gain++;
      used[k] = true;
      image[i] = k;
      search(i + 1, kept + gain, open - decided);
      used[k] = false;
    }
  };
  search(0, 0, mS);
  return large.order - small.order + mS + large.size - 2 * best;
}

/** 100 × (1 − normalised distance), with the stretched logistic 2·(σ(d/2) − ½) of the paper and clembench's code. */
export const similarityFromDistance = (d: number) => (1 - 2 * (1 / (1 + Math.exp(-0.5 * d)) - 0.5)) * 100;

const lower = (v: Py): string => {
  if (typeof v !== 'string') throw new TypeError(`'${typeof v}' object has no attribute 'lower'`);
  return v.toLowerCase();
};

/**
 * The model's graph (a Python value: {"nodes": [...], "edges": {"north": [(a, b), ...], ...}}) as the
 * reference builds it: names lower-cased, every pair under any key an edge; anything it cannot
 * read raises, and the reference then scores the graph 0.
 */
export function modelGraph(graph: Py): MapGraph {
  if (!(graph instanceof PyDict)) throw new TypeError('the graph is not a dict');
  const nodes = graph.get('nodes');
  const edges = graph.get('edges');
  if (nodes === undefined || edges === undefined) throw new TypeError('the graph lacks nodes or edges');
  if (!(edges instanceof PyDict)) throw new TypeError('edges is not a dict');
  const pairs = edges.entries.flatMap(([, list]) => pyIter(list)).map((e) => [lower(pyIndex(e, 0)), lower(pyIndex(e, 1))] as [string, string]);
  return buildGraph(pyIter(nodes).map(lower), pairs);
}

/** The true map as the reference builds it for the comparison (names lower-cased). */
export const trueGraphLower = (nodes: readonly string[], edges: readonly (readonly [string, string])[]) =>
  buildGraph(
    nodes.map((n) => n.toLowerCase()),
    edges.map(([a, b]) => [a.toLowerCase(), b.toLowerCase()] as [string, string]),
  );
