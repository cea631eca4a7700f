/**
 * The per-episode scores of the multimodal MapWorld games, computed as clembench's MM_MapWorldScorer
 * (and its graphs and go-to-X variants) does from the moves and graphs the game master logged, under
 * clembench's score names (its misspelt "effieciency" included). An aborted episode is scored
 * Aborted = 1 and nothing else, as the reference logs NaN for every other score.
 */
import { bestNextRooms, buildGraph } from '../textmapworld/graph';
import type { MmPayload } from './instance';
import { graphSimilarity } from './model-graph';
import type { MoveLog } from './session';

export interface MmEpisodeLog {
  moves: MoveLog[];
  /** Graphs: every graph text the reference logged, in order. */
  graphs: string[];
  stopped: boolean;
  aborted: boolean;
}

export interface MmClemScores {
  episode: Record<string, number>;
  /** The turn scores: effiencient_move per move, turn_graph_similarity (0–1) per logged graph. */
  efficientMoves: boolean[];
  similarities: number[];
}

/** The key the reference logs its efficiency under. */
export const efficiencyKey = (p: Pick<MmPayload, 'variant'>) => (p.variant === 'graphs' ? 'efficiency' : 'effieciency');

export function mmClemScores(p: MmPayload, log: MmEpisodeLog): MmClemScores {
  const graph = buildGraph(p.nodes, p.edges);
  const adj = (room: string) => graph.neighbors(room);
  const seen = new Set<string>([p.start, ...adj(p.start)]);
  const visited = new Set<string>([p.start]);
  const path = [p.start];
  const allVisited = () => p.nodes.every((n) => visited.has(n));
  let valid = 0;
  let invalid = 0;
  const efficientMoves: boolean[] = [];
  for (const { old, new: next } of log.moves) {
    if (old !== next) valid++;
    else invalid++;
    efficientMoves.push(!allVisited() && old !== next && bestNextRooms(graph, old, visited, { nearVisited: true }).has(next));
    for (const n of adj(next)) seen.add(n);
    visited.add(next);
    path.push(next);
  }
  const similarities = p.variant === 'graphs' ? log.graphs.map((g) => graphSimilarity(graph, g)) : [];

  if (log.aborted || !log.stopped) return { episode: { Aborted: 1 }, efficientMoves, similarities };
  const end = path.at(-1)!;
  const success = p.variant === 'specificroom' ? Number(end === p.target) : Number(allVisited());
  const episode: Record<string, number> = { Aborted: 0, Success: success, Lose: 1 - success };
  if (p.variant === 'graphs') episode.graph_similarity = similarities.length ? similarities.at(-1)! * 100 : 0;
  Object.assign(episode, { moves: valid + invalid, valid_moves: valid, invalid_moves: invalid, visited: visited.size, seen: seen.size });
  if (p.variant === 'specificroom') {
    episode.effieciency = 100 * (1 / Math.max(1, path.length - (p.distance ?? 0)));
    episode.finding = 100 * success;
    episode['Main Score'] = 100 * success;
    return { episode, efficientMoves, similarities };
  }
  const efficiency = (100 * efficientMoves.filter(Boolean).length) / Math.max(efficientMoves.length, 1);
  const exploration = (100 * visited.size) / p.nodes.length;
  episode[efficiencyKey(p)] = efficiency;
  episode.exploration = exploration;
  episode['Main Score'] = !efficiency && !exploration ? 0 : (2 * exploration * efficiency) / (efficiency + exploration);
  return { episode, efficientMoves, similarities };
}
